import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { type ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { type PgDatabase, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { maintain, scheduleMaintenance } from './maintenance';
import * as schema from './schema';
import { serverSource } from '../lib/paths';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** A transaction or the database itself: repositories take either. */
export type Executor = Parameters<Parameters<Db['transaction']>[0]>[0] | Db;

export const migrationsFolder = serverSource('db', 'migrations');

export type DatabaseTarget =
  // dataDir null = in memory; a template (a dumped, migrated data dir) skips initdb, for tests: it
  // seeds a data dir on disk only while that folder holds no database yet. `wasmModule`, PGlite's
  // engine compiled once, spares a process that opens many databases (the test suites) compiling it
  // again for each.
  | { kind: 'pglite'; dataDir: string | null; template?: Blob; wasmModule?: WebAssembly.Module }
  | { kind: 'postgres'; url: string; poolSize?: number };

/** Runs SQL for pg-boss: parameterless multi-statement blocks go through exec on PGlite. */
export interface SqlRunner {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

export interface Database {
  db: Db;
  target: DatabaseTarget;
  sql: SqlRunner;
  /** The pg pool on Postgres (pg-boss gets its own from the URL); the PGlite instance otherwise. */
  pglite: PGlite | null;
  pool: pg.Pool | null;
  migrate(): Promise<void>;
  close(): Promise<void>;
}

// Tell node-postgres to return timestamps as Date and bigint counts as numbers where safe.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => {
  const n = Number(value);
  return Number.isSafeInteger(n) ? n : value;
});

/**
 * The name to give drizzle's `.prepare()`: none. A prepared query is built once (drizzle otherwise
 * builds a query's SQL on every call) but is not a named statement in the database: the embedded
 * server's connections share one backend (db/embeddedServer.ts), where two connections preparing
 * the same name collide, and so would a pooler in transaction mode in front of a real Postgres.
 */
export const UNNAMED_STATEMENT = '';

export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  if (target.kind === 'pglite') return openPglite(target.dataDir, target.template, target.wasmModule);
  return openPostgres(target.url, target.poolSize ?? 10);
}

async function openPglite(
  dataDir: string | null,
  template?: Blob,
  wasmModule?: WebAssembly.Module,
): Promise<Database> {
  let pglite: PGlite;
  const compiled = wasmModule ? { pgliteWasmModule: wasmModule } : {};
  if (dataDir) {
    const dir = path.join(dataDir, 'pgdata');
    fs.mkdirSync(dir, { recursive: true });
    const seed = template && !fs.existsSync(path.join(dir, 'PG_VERSION'));
    pglite = new PGlite(dir, seed ? { loadDataDir: template, ...compiled } : compiled);
  } else {
    pglite = new PGlite(template ? { loadDataDir: template, ...compiled } : compiled);
  }
  await pglite.waitReady;
  yieldBetweenStatements(pglite);
  const db = drizzlePglite(pglite, { schema }) as unknown as Db;
  // A data dir that lives on (not a test's database in memory) is vacuumed and analyzed, which PGlite
  // never does by itself; PGlite runs each statement between the others' transactions.
  const maintenance = dataDir
    ? scheduleMaintenance((stopped) =>
        maintain(
          (text) => pglite.query(text),
          (statement) => pglite.exec(statement),
          stopped,
        ),
      )
    : null;
  return {
    db,
    target: { kind: 'pglite', dataDir },
    pglite,
    pool: null,
    sql: {
      async executeSql(text, values) {
        if (values && values.length > 0) {
          const result = await pglite.query(text, values as unknown[]);
          return { rows: result.rows };
        }
        const results = await pglite.exec(text);
        return { rows: results.at(-1)?.rows ?? [] };
      },
    },
    async migrate() {
      await migratePglite(db as never, { migrationsFolder });
    },
    async close() {
      await maintenance?.stop();
      if (!pglite.closed) await pglite.close();
    },
  };
}

/** How long statements may run back to back before the event loop gets a turn (ms). */
export const STATEMENT_SLICE_MS = 4;

/**
 * PGlite runs each statement synchronously on this thread, and hands its lock to the next waiting
 * statement in a microtask: statements queued by many requests then run back to back in one task,
 * and timers, sockets and responses wait for all of them (the loop stalled for hundreds of ms under
 * load). Once statements have run for STATEMENT_SLICE_MS without the loop turning, the next one
 * first lets it turn (holding the lock): the loop waits for at most a slice and one statement.
 */
export function yieldBetweenStatements(pglite: PGlite, sliceMs = STATEMENT_SLICE_MS): void {
  const execute = pglite.execProtocolStream.bind(pglite);
  let sliceStart: number | null = null;
  const startSlice = () => {
    sliceStart = performance.now();
    setImmediate(() => (sliceStart = null));
  };
  pglite.execProtocolStream = async (...args) => {
    if (sliceStart === null) startSlice();
    else if (performance.now() - sliceStart > sliceMs) {
      await new Promise<void>((resolve) => setImmediate(resolve));
      if (sliceStart === null) startSlice();
    }
    return execute(...args);
  };
}

async function openPostgres(url: string, poolSize: number): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // A client that loses its server (a restarting database) must not crash the process: an idle one
  // reports to the pool, a checked-out one between two queries to itself; its query fails, the pool
  // drops it, and the next query connects again.
  pool.on('error', () => undefined);
  pool.on('connect', (client) => client.on('error', () => undefined));
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return {
    db,
    target: { kind: 'postgres', url, poolSize },
    pglite: null,
    pool,
    sql: {
      async executeSql(text, values) {
        const result = await pool.query(text, values as unknown[] | undefined);
        return { rows: result.rows };
      },
    },
    async migrate() {
      // Several processes may start at once: one migrates while the others wait on the lock.
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        await client.query('SELECT pg_advisory_lock(727274)');
        await migratePg(drizzlePg(client), { migrationsFolder });
      } finally {
        await client.query('SELECT pg_advisory_unlock(727274)').catch(() => undefined);
        await client.end();
      }
    },
    async close() {
      await pool.end();
    },
  };
}
