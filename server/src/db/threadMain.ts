import { parentPort, workerData } from 'node:worker_threads';
import { serveEmbeddedDatabase } from './serve';

// Inside the database's thread (db/thread.ts): the embedded database served on its unix socket.

export type ThreadMessage = { type: 'ready'; url: string } | { type: 'closed' };

const port = parentPort!;
void serveEmbeddedDatabase((workerData as { dataDir: string }).dataDir).then((server) => {
  port.on('message', (message: { type: 'close' }) => {
    if (message.type === 'close')
      void server.close().finally(() => port.postMessage({ type: 'closed' } satisfies ThreadMessage));
  });
  port.postMessage({ type: 'ready', url: server.url } satisfies ThreadMessage);
});
