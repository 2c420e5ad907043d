import WebSocket from 'ws';
import { type SocketMessage } from '../../contract/generation';

/** A `ws` client that keeps every message and waits for the ones a test expects. */
export class SocketClient {
  readonly messages: SocketMessage[] = [];
  readonly closed: Promise<{ code: number; reason: string }>;
  private readonly _socket: WebSocket;
  private _waiters: (() => void)[] = [];

  constructor(url: string) {
    this._socket = new WebSocket(url);
    this._socket.on('message', (data) => {
      this.messages.push(JSON.parse(data.toString()) as SocketMessage);
      for (const wake of this._waiters.splice(0)) wake();
    });
    this.closed = new Promise((resolve) =>
      this._socket.on('close', (code, reason) => resolve({ code, reason: reason.toString() })),
    );
  }

  static async open(url: string): Promise<SocketClient> {
    const client = new SocketClient(url);
    await new Promise<void>((resolve, reject) => {
      client._socket.once('open', () => resolve());
      client._socket.once('error', reject);
    });
    return client;
  }

  send(message: unknown): void {
    this._socket.send(JSON.stringify(message));
  }

  /** The first message (from `after` on) that matches. */
  async next(
    match: (message: SocketMessage) => boolean,
    after = 0,
    timeoutMs = 60_000,
  ): Promise<SocketMessage> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.messages.slice(after).find(match);
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`No matching message; got ${JSON.stringify(this.messages)}`);
      await new Promise<void>((resolve) => {
        this._waiters.push(resolve);
        setTimeout(resolve, 200);
      });
    }
  }

  close(): void {
    this._socket.close();
  }
}
