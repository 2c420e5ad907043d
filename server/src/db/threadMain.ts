import { parentPort, workerData } from 'node:worker_threads';
import { serveEmbeddedDatabase } from './serve';

// Inside the database's thread (db/thread.ts): the embedded database served on its unix socket.

export type ThreadMessage = { type: 'ready'; url: string } | { type: 'closed' };

const port = parentPort!;
const serving = serveEmbeddedDatabase((workerData as { dataDir: string }).dataDir);
// Asked to close while it still opens: it closes once open (PGlite is not left half written).
port.on('message', (message: { type: 'close' }) => {
  if (message.type === 'close')
    void serving
      .then((server) => server.close())
      .catch(() => undefined)
      .finally(() => port.postMessage({ type: 'closed' } satisfies ThreadMessage));
});
// A failure to open is this thread's uncaught error: its starter says why.
void serving.then((server) => port.postMessage({ type: 'ready', url: server.url } satisfies ThreadMessage));
