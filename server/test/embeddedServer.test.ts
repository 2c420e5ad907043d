import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startEmbeddedServer, type EmbeddedServer } from '../src/db/embeddedServer';
import { URGENT_APPLICATION } from '../src/db/socketPath';

describe('the embedded database served over the wire protocol', () => {
  let dataDir: string;
  let server: EmbeddedServer;
  const clients: pg.Client[] = [];

  async function connect(applicationName?: string): Promise<pg.Client> {
    const client = new pg.Client({ connectionString: server.url, application_name: applicationName });
    client.on('error', () => undefined);
    await client.connect();
    clients.push(client);
    return client;
  }

  // A new data dir runs PGlite's initdb (no template): over 30 s once on a loaded 2-core machine.
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pw-embedded-'));
    server = await startEmbeddedServer({ dataDir });
    const setup = await connect();
    await setup.query('CREATE TABLE notes (id int PRIMARY KEY, body text)');
  }, 120_000);

  afterAll(async () => {
    await Promise.all(clients.map((client) => client.end().catch(() => undefined)));
    await server?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  afterEach(async () => {
    const cleaner = await connect();
    await cleaner.query('DELETE FROM notes');
  });

  it('listens on a unix socket inside the data dir', () => {
    expect(server.url).toContain(encodeURIComponent(path.join(dataDir, 'run')));
    expect(fs.statSync(path.join(dataDir, 'run', '.s.PGSQL.5432')).isSocket()).toBe(true);
  });

  it("keeps one client's uncommitted rows from another until the commit", async () => {
    const [a, b] = [await connect(), await connect()];
    const order: string[] = [];
    await a.query('BEGIN');
    await a.query("INSERT INTO notes VALUES (1, 'from a')");
    const read = b.query('SELECT count(*)::int AS n FROM notes').then((result) => {
      order.push('b read');
      return result.rows[0].n as number;
    });
    // Several round trips inside the transaction give b's query every chance to run in between.
    for (let i = 2; i <= 5; i++) await a.query('INSERT INTO notes VALUES ($1, $2)', [i, 'from a']);
    order.push('a commits');
    await a.query('COMMIT');
    expect(await read).toBe(5);
    expect(order).toEqual(['a commits', 'b read']);
  });

  it("rolls back only that client's work, and a dropped client's open transaction", async () => {
    const [a, b] = [await connect(), await connect()];
    await a.query('BEGIN');
    await a.query("INSERT INTO notes VALUES (1, 'rolled back')");
    const write = b.query("INSERT INTO notes VALUES (2, 'from b')");
    await a.query('ROLLBACK');
    await write;

    const dropped = await connect();
    await dropped.query('BEGIN');
    await dropped.query("INSERT INTO notes VALUES (3, 'dropped')");
    const after = b.query('SELECT id FROM notes ORDER BY id');
    (dropped as unknown as { connection: { stream: { destroy(): void } } }).connection.stream.destroy();
    expect((await after).rows).toEqual([{ id: 2 }]);
  });

  it('never mixes one client’s statement into another’s, even when a message spans several reads', async () => {
    const [a, b] = [await connect(), await connect()];
    const large = 'x'.repeat(300_000);
    const results = await Promise.all([
      (async () => {
        const seen: unknown[] = [];
        for (let i = 0; i < 20; i++) {
          const { rows } = await a.query('SELECT length($1::text) AS length, $2::int AS i', [large, i]);
          seen.push(rows[0]);
        }
        return seen;
      })(),
      (async () => {
        for (let i = 0; i < 200; i++) {
          await b.query('INSERT INTO notes (body, id) VALUES ($1::text, $2::int) RETURNING id', ['small', i]);
        }
      })(),
    ]);
    expect(results[0]).toEqual(Array.from({ length: 20 }, (_, i) => ({ length: large.length, i })));
    const { rows } = await b.query('SELECT count(*)::int AS n, max(length(body))::int AS longest FROM notes');
    expect(rows[0]).toEqual({ n: 200, longest: 5 });
  });

  it("serves the API's waiting statement before the workers' that waited longer", async () => {
    const holder = await connect();
    const workers = await Promise.all([1, 2, 3, 4].map(() => connect('plainwright-worker')));
    const api = await connect(URGENT_APPLICATION);
    await holder.query('BEGIN');
    await holder.query("INSERT INTO notes VALUES (0, 'holder')");
    // Everything below waits for the holder's transaction: the workers' statements first in line.
    const written = workers.map((worker, index) =>
      worker.query('INSERT INTO notes VALUES ($1, $2)', [index + 1, 'worker']),
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    written.push(api.query("INSERT INTO notes VALUES (10, 'api')"));
    await new Promise((resolve) => setTimeout(resolve, 100));
    await holder.query('COMMIT');
    await Promise.all(written);
    const { rows } = await holder.query('SELECT body FROM notes ORDER BY xmin::text::bigint');
    expect(rows.map((row) => row.body)).toEqual(['holder', 'api', 'worker', 'worker', 'worker', 'worker']);
  });

  it('delivers a NOTIFY to the client that listens, not to the one that sent it', async () => {
    const [listener, sender] = [await connect(), await connect()];
    const heard: Record<string, string[]> = { listener: [], sender: [] };
    listener.on('notification', (message) => heard.listener.push(message.payload ?? ''));
    sender.on('notification', (message) => heard.sender.push(message.payload ?? ''));
    await listener.query('LISTEN plainwright_events');
    const received = new Promise<void>((resolve) => listener.once('notification', () => resolve()));
    await sender.query("SELECT pg_notify('plainwright_events', 'hello')");
    await received;
    expect(heard).toEqual({ listener: ['hello'], sender: [] });
  });

  it("runs its own maintenance between the clients' transactions, never inside one", async () => {
    const holder = await connect();
    await holder.query('BEGIN');
    await holder.query("INSERT INTO notes VALUES (1, 'in a transaction')");
    let vacuumed = false;
    // VACUUM cannot run inside a transaction block: run in the holder's, it would fail.
    const vacuum = server
      .runAlone((pglite) => pglite.exec('VACUUM (ANALYZE) notes'))
      .then(() => (vacuumed = true));
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(vacuumed).toBe(false);
    await holder.query('COMMIT');
    await vacuum;
    expect(vacuumed).toBe(true);
    // The client carries on, and the table was analyzed (PGlite never does it by itself).
    const { rows } = await holder.query(
      "SELECT reltuples >= 0 AS analyzed, (SELECT count(*)::int FROM notes) AS n FROM pg_class WHERE relname = 'notes'",
    );
    expect(rows).toEqual([{ analyzed: true, n: 1 }]);
  });

  it('gives maintenance the error of its own statement, and serves the clients after it', async () => {
    const client = await connect();
    await expect(server.runAlone((pglite) => pglite.exec('VACUUM no_such_table'))).rejects.toThrow(
      'relation "no_such_table" does not exist',
    );
    expect((await client.query('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
  });
});

describe('where the embedded database listens', () => {
  let dataDir: string;

  beforeEach(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pw-embedded-where-'));
  });

  afterEach(() => {
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('refuses a socket folder that is a link (someone else could replace the socket), before it opens the data', async () => {
    const elsewhere = fs.mkdtempSync(path.join(os.tmpdir(), 'pw-elsewhere-'));
    fs.symlinkSync(elsewhere, path.join(dataDir, 'run'));
    await expect(startEmbeddedServer({ dataDir })).rejects.toThrow(
      `The embedded database's socket folder ${path.join(dataDir, 'run')} is not a folder of this user's`,
    );
    expect(fs.readdirSync(path.join(dataDir, 'pgdata'))).toEqual([]);
    fs.rmSync(elsewhere, { recursive: true, force: true });
  });

  it('never falls back to a TCP port, which would let any local user in without a password', () => {
    // A data dir whose socket path is too long moves the socket to the temp dir; a temp dir that long
    // too is refused. (TMPDIR is read by the process: a child of its own.)
    const deep = path.join(dataDir, 'd'.repeat(100));
    const child = spawnSync(
      process.execPath,
      [
        '--import',
        'tsx',
        '-e',
        `require('./server/src/db/embeddedServer').startEmbeddedServer({ dataDir: ${JSON.stringify(deep)} })
          .then(() => { console.log('listening'); process.exit(0); }, (error) => { console.log(error.message); process.exit(0); });`,
      ],
      {
        cwd: path.join(__dirname, '../..'),
        env: { ...process.env, NODE_OPTIONS: '', TMPDIR: path.join(dataDir, 't'.repeat(100)) },
        encoding: 'utf8',
      },
    );
    expect(child.stdout).toMatch(
      /is longer than a unix socket allows \(100\): set TMPDIR to a shorter folder/,
    );
    expect(fs.readdirSync(path.join(deep, 'pgdata'))).toEqual([]);
  });
});
