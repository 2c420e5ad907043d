import http from 'node:http';
import { type AddressInfo } from 'node:net';

/**
 * A page whose verdict a test sets: /page?key=K shows "All good" once the key's page has been
 * opened more than `failFirst(K)` times, and "Broken" before. A counter per key lets a run fail on
 * its first attempt and pass on its retry, without anything special in product code.
 */
export interface FlakySite {
  /** The page of `key`, failing its first `failures` openings (0: always passes, Infinity: never). */
  url(key: string, failures: number): string;
  /** How many times the key's page was opened. */
  opened(key: string): number;
  close(): Promise<void>;
}

export async function startFlakySite(): Promise<FlakySite> {
  const failures = new Map<string, number>();
  const opened = new Map<string, number>();
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    if (url.pathname !== '/page') {
      response.writeHead(404).end();
      return;
    }
    const key = url.searchParams.get('key') ?? '';
    const count = (opened.get(key) ?? 0) + 1;
    opened.set(key, count);
    const ok = count > (failures.get(key) ?? 0);
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    response.end(
      `<!doctype html><html lang="en"><head><title>Status</title></head><body><main><h1>Status</h1><p>${ok ? 'All good' : 'Broken'}</p></main></body></html>`,
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url(key, count) {
      failures.set(key, count);
      return `http://127.0.0.1:${port}/page?key=${encodeURIComponent(key)}`;
    },
    opened: (key) => opened.get(key) ?? 0,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
