import { startTestServer } from './helpers';

// Closing the server (SIGTERM, or a test's close) lets requests under way finish, but not forever: a
// client that stops reading a large answer would otherwise hold the stop until a timeout cut it.
describe('closing the server', () => {
  it('cuts the connection of a request whose client stopped reading, once its drain time is up', async () => {
    const server = await startTestServer({ drainMs: 300 });
    let closed = false;
    try {
      // The trace viewer's service worker is large enough to fill the socket's buffers unread.
      const response = await fetch(`${server.url}/trace/sw.bundle.js`);
      expect(response.status).toBe(200);
      const closing = server.close().then(() => (closed = true));
      const outcome = await Promise.race([
        closing.then(() => 'closed'),
        new Promise((resolve) => setTimeout(() => resolve('still open'), 15_000)),
      ]);
      expect(outcome).toBe('closed');
    } finally {
      if (!closed) await server.close();
    }
  });

  it('lets a request under way finish when it ends within the drain time', async () => {
    const server = await startTestServer({ drainMs: 10_000 });
    const response = await fetch(`${server.url}/trace/sw.bundle.js`);
    const closing = server.close();
    // Read after the close began: the answer still arrives whole.
    const body = await response.text();
    await closing;
    expect(body.length).toBe(Number(response.headers.get('content-length') ?? body.length));
    expect(body.length).toBeGreaterThan(50_000);
  });
});
