import { drizzle } from 'drizzle-orm/pglite';
import pg from 'pg';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { migrationsFolder } from './client';
import { startEmbeddedServer, type EmbeddedServer } from './embeddedServer';
import { maintain, scheduleMaintenance } from './maintenance';
import * as schema from './schema';

/**
 * The `database` role: the embedded database of DATA_DIR, migrated before any client connects (one
 * backend grants every connection an advisory lock, so the processes could not take turns migrating),
 * then served over the wire protocol: no client can connect before they are applied.
 */
export async function serveEmbeddedDatabase(dataDir: string): Promise<EmbeddedServer> {
  const server = await startEmbeddedServer({
    dataDir,
    beforeListening: (pglite) => migrate(drizzle(pglite, { schema }), { migrationsFolder }),
  });
  // VACUUM and ANALYZE, which PGlite never does by itself, between the clients' transactions.
  const maintenance = scheduleMaintenance((stopped) =>
    maintain(
      (text) => server.runAlone((pglite) => pglite.query(text)),
      (statement) => server.runAlone((pglite) => pglite.exec(statement)),
      stopped,
    ),
  );
  return {
    ...server,
    close() {
      // NOTE: not awaited: a pass waiting behind a client's unfinished transaction would hold up the
      // stop; closing the server waits for the statement under way and drops what waits.
      void maintenance.stop();
      return server.close();
    },
  };
}

/** Waits until the database at `url` accepts a connection (a supervised process starts beside it). */
export async function waitForDatabase(url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const client = new pg.Client({ connectionString: url });
    client.on('error', () => undefined);
    try {
      await client.connect();
      await client.end();
      return;
    } catch (error) {
      await client.end().catch(() => undefined);
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}
