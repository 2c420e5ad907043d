import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startDatabaseThread, type DatabaseThread } from '../src/db/thread';
import { embeddedDatabaseUrl } from '../src/db/socketPath';

// `npm start`'s embedded database (issue 16): PGlite on a thread of its own, reached over its socket.

describe('the embedded database on its own thread', () => {
  let dataDir: string;
  let thread: DatabaseThread | null = null;
  const warnings: string[] = [];

  beforeEach(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pw-thread-'));
    warnings.length = 0;
  });

  afterEach(async () => {
    await thread?.close();
    thread = null;
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  async function query(sql: string, values?: unknown[]): Promise<pg.QueryResult> {
    const client = new pg.Client({ connectionString: thread!.url });
    client.on('error', () => undefined);
    await client.connect();
    try {
      return await client.query(sql, values);
    } finally {
      await client.end().catch(() => undefined);
    }
  }

  it("is migrated and served on the data dir's socket, and keeps the event loop free while it works", async () => {
    thread = await startDatabaseThread(dataDir);
    expect(thread.url).toBe(embeddedDatabaseUrl(dataDir));
    const migrated = await query(
      "SELECT count(*)::int AS n FROM information_schema.tables WHERE table_name = 'test_runs'",
    );
    expect(migrated.rows[0].n).toBe(1);

    // A statement that keeps PGlite busy for a good while: on this thread, timers would wait for all of it.
    let longestGap = 0;
    let last = performance.now();
    const ticker = setInterval(() => {
      const now = performance.now();
      longestGap = Math.max(longestGap, now - last);
      last = now;
    }, 5);
    const started = performance.now();
    const heavy = await query(
      'SELECT count(*)::int AS n FROM generate_series(1, 3000000) AS s(i) WHERE i % 7 = 0',
    );
    const took = performance.now() - started;
    clearInterval(ticker);
    expect(heavy.rows[0].n).toBe(428571);
    expect(took).toBeGreaterThan(200);
    // Here the gap would be the whole statement; on its own thread, timers keep firing beside it.
    expect(longestGap).toBeLessThan(took / 2);
  });

  it('starts a thread that stopped again on the same data: nothing acknowledged is lost, and close ends it', async () => {
    thread = await startDatabaseThread(dataDir, {
      entry: path.join(__dirname, 'crashingDatabaseThread.ts'),
      warn: (line) => warnings.push(line),
    });
    await query('CREATE TABLE notes (id int PRIMARY KEY, body text)');
    await query("INSERT INTO notes VALUES (1, 'acknowledged')");

    fs.writeFileSync(path.join(dataDir, 'crash-now'), '');
    await waitFor(() => warnings.length > 0);
    expect(warnings[0]).toMatch(
      /the database thread stopped \(PGlite aborted\); starting it again in 500 ms/,
    );

    // Back on the same socket: the row written before the stop is there, and new writes work.
    const rows = await waitForValue(() => query('SELECT body FROM notes WHERE id = 1'));
    expect(rows.rows).toEqual([{ body: 'acknowledged' }]);
    await query("INSERT INTO notes VALUES (2, 'after')");

    await thread.close();
    thread = null;
    await expect(query('SELECT 1')).rejects.toThrow();
    expect(warnings).toHaveLength(1);
  });

  it('says why when the database cannot start', async () => {
    fs.writeFileSync(path.join(dataDir, 'pgdata'), 'a file where the data folder should be');
    await expect(startDatabaseThread(dataDir)).rejects.toThrow(
      /^The embedded database did not start: EEXIST: file already exists, mkdir .*pgdata/,
    );
  });
});

async function waitFor(check: () => boolean, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function waitForValue<T>(read: () => Promise<T>, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await read();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}
