import type { WebSocketLike } from '../lib/socket';

/** A WebSocket the test plays the server of: open, receive, drop; it records what the client sent. */
export class FakeSocket implements WebSocketLike {
  readyState = 0;
  sent: unknown[] = [];
  closedWith: number | null = null;
  onopen: WebSocketLike['onopen'] = null;
  onmessage: WebSocketLike['onmessage'] = null;
  onerror: WebSocketLike['onerror'] = null;
  onclose: WebSocketLike['onclose'] = null;

  constructor(readonly url: string) {}

  send(data: string) {
    this.sent.push(JSON.parse(data));
  }

  close(code = 1005) {
    this.readyState = 3;
    this.closedWith = code;
  }

  // What the server (or the network) does:
  open() {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
  }

  receive(message: object) {
    this.onmessage?.(new MessageEvent('message', { data: JSON.stringify(message) }));
  }

  /** A transport error alone; a browser always follows it with a close (`drop`). */
  fail() {
    this.onerror?.(new Event('error'));
  }

  drop(code: number, clean: boolean) {
    this.readyState = 3;
    this.onerror?.(new Event('error'));
    this.onclose?.({ code, wasClean: clean } as CloseEvent);
  }

  get handlersCleared() {
    return !this.onopen && !this.onmessage && !this.onerror && !this.onclose;
  }
}
