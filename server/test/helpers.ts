import crypto from 'node:crypto';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import pg from 'pg';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { loadConfig } from '../src/config';
import { migrationsFolder, openDatabase, type DatabaseTarget } from '../src/db/client';
import { JobQueue } from '../src/jobs/queue';
import { createRuntime, type Role, type Runtime } from '../src/runtime';

export interface TestServer extends Runtime {
  /** http://127.0.0.1:<port> */
  url: string;
  dataDir: string;
}

/** TEST_DATABASE_URL runs the suites on a real Postgres (a fresh database per server); else PGlite. */
export const testDatabaseUrl = process.env.TEST_DATABASE_URL?.trim() || null;

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export async function freshPostgres(): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `pw_test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const admin = new pg.Client({ connectionString: testDatabaseUrl! });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(testDatabaseUrl!);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: testDatabaseUrl! });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

export interface StartOptions {
  env?: Record<string, string>;
  roles?: Role[];
  /** Reuse a data dir (PGlite on disk) to test restarts. */
  dataDir?: string;
  /** Keep the Postgres database after close (restart tests reopen it). */
  target?: DatabaseTarget;
  /** Fastify's request log (at LOG_LEVEL), for suites that read what the server logs. */
  logger?: boolean;
  /** Where that log goes instead of stdout (turns the logger on): suites that read what the server logs. */
  logStream?: NodeJS.WritableStream;
  /**
   * How often an idle worker looks for a job by itself (TEST_POLLING_SECONDS unless a suite needs it
   * otherwise): a job queued in the process wakes its workers at once; polling finds retries.
   */
  pollingIntervalSeconds?: number;
  /** How long close() lets requests under way finish (1 s: a suite that leaves an answer unread waits no longer). */
  drainMs?: number;
}

/**
 * A test server's idle workers look for a job every 2 s, not the product's 5 s (FALLBACK_POLLING_SECONDS):
 * a retried job (a lease's retry waits 1 s) starts within the suites' patience. Each poll is a statement
 * per queue: at 0.5 s an idle test server kept 8 % of a core busy polling, beside the suite's own work.
 */
const TEST_POLLING_SECONDS = 2;

let templatePromise: Promise<Blob> | null = null;

/**
 * A migrated PGlite data dir with pg-boss installed, made once and shared by every jest worker
 * through a file: booting from it skips initdb, the slowest part of a PGlite start. It is not
 * compressed: unzipping it took about half a second of CPU for each of the suites' ~200 servers.
 */
function pgliteTemplate(): Promise<Blob> {
  templatePromise ??= (async () => {
    const migrations = fs.readdirSync(migrationsFolder, { recursive: true }).map(String).sort();
    const hash = crypto.createHash('sha256');
    for (const file of migrations) {
      const full = path.join(migrationsFolder, file);
      if (fs.statSync(full).isFile()) hash.update(file).update(fs.readFileSync(full));
    }
    hash.update(fs.readFileSync(require.resolve('pg-boss/package.json')));
    hash.update('one database');
    const file = path.join(os.tmpdir(), `plainwright-pglite-${hash.digest('hex').slice(0, 16)}.tar`);
    if (fs.existsSync(file)) return new Blob([fs.readFileSync(file)]);
    const database = await openDatabase({ kind: 'pglite', dataDir: null, wasmModule: await pgliteWasm() });
    await database.migrate();
    const queue = await JobQueue.start(database, { supervise: false });
    await queue.stop();
    const own = await database.pglite!.query<{ oid: number }>(
      'SELECT oid FROM pg_database WHERE datname = current_database()',
    );
    const dump = await database.pglite!.dumpDataDir('none');
    await database.close();
    const tar = withoutOtherDatabases(Buffer.from(await dump.arrayBuffer()), own.rows[0].oid);
    const temporary = `${file}.${process.pid}`;
    fs.writeFileSync(temporary, tar);
    fs.renameSync(temporary, file);
    return new Blob([new Uint8Array(tar)]);
  })();
  return templatePromise;
}

/**
 * The dumped data dir without the files of template0 and template1 (base/<oid>/ of every database but
 * ours): a test server never creates a database, and each of them was a fifth of what every server
 * start unpacks (42 MB → 27 MB). The dump is a plain ustar archive: 512-byte headers, data padded to 512.
 */
function withoutOtherDatabases(tar: Buffer, keep: number): Buffer {
  const kept: Buffer[] = [];
  for (let offset = 0; offset + 512 <= tar.length;) {
    const header = tar.subarray(offset, offset + 512);
    if (header.every((byte) => byte === 0)) break;
    const field = (start: number, length: number) =>
      header.toString('latin1', start, start + length).replace(/\0.*$/s, '');
    const prefix = field(345, 155);
    const name = `${prefix ? `${prefix}/` : ''}${field(0, 100)}`.replace(/^\/+/, '');
    const size = parseInt(field(124, 12).trim() || '0', 8);
    const end = offset + 512 + Math.ceil(size / 512) * 512;
    const database = /^base\/(\d+)(\/|$)/.exec(name);
    if (!database || Number(database[1]) === keep) kept.push(tar.subarray(offset, end));
    offset = end;
  }
  return Buffer.concat([...kept, Buffer.alloc(1024)]);
}

let wasmPromise: Promise<WebAssembly.Module> | null = null;

/**
 * PGlite's engine, compiled once per suite rather than once per server (most of a second of CPU each).
 * NOTE: not once per jest worker: each suite runs in a realm of its own, and PGlite takes a module
 * compiled in another realm for bytes.
 */
function pgliteWasm(): Promise<WebAssembly.Module> {
  wasmPromise ??= WebAssembly.compile(
    fs.readFileSync(path.join(path.dirname(require.resolve('@electric-sql/pglite')), 'pglite.wasm')),
  );
  return wasmPromise;
}

/** Starts the whole server on a free port with its own database; `close()` removes what it made. */
export async function startTestServer(options: StartOptions = {}): Promise<TestServer> {
  const port = options.env?.PORT ? Number(options.env.PORT) : await freePort();
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'pw-test-'));
  const config = loadConfig({
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    STATIC_DIR: path.join(dataDir, 'no-spa'),
    LOG_LEVEL: 'silent',
    // Suites about other things keep failed runs to themselves; server/test/healing.test.ts turns it on.
    AUTO_HEAL: 'false',
    // No SMTP listener on the shared default port beside other suites' servers; inbox.test.ts gives one a port.
    INBOX_SMTP_PORT: 'off',
    // Chromium shares the CPU fairly with the other suites jest runs beside it (the product's default
    // yields to the API: server/src/runner/chromium.test.ts checks that).
    BROWSER_NICENESS: '0',
    ...options.env,
  });
  let target = options.target;
  let drop: (() => Promise<void>) | null = null;
  if (!target) {
    if (testDatabaseUrl) {
      const fresh = await freshPostgres();
      target = { kind: 'postgres', url: fresh.url, poolSize: 5 };
      drop = fresh.drop;
    } else if (options.dataDir) {
      // A new data dir starts from the template too (its first start skips initdb); a restart opens it.
      target = {
        kind: 'pglite',
        dataDir: options.dataDir,
        template: await pgliteTemplate(),
        wasmModule: await pgliteWasm(),
      };
    } else {
      target = {
        kind: 'pglite',
        dataDir: null,
        template: await pgliteTemplate(),
        wasmModule: await pgliteWasm(),
      };
    }
  }
  const runtime = await createRuntime(config, {
    roles: options.roles ?? ['api', 'worker'],
    logger: options.logger ?? options.logStream !== undefined,
    logStream: options.logStream,
    pollingIntervalSeconds: options.pollingIntervalSeconds ?? TEST_POLLING_SECONDS,
    drainMs: options.drainMs ?? 1000,
    target,
  });
  if (runtime.app) await runtime.app.listen({ port, host: '127.0.0.1' });
  return {
    ...runtime,
    url: `http://127.0.0.1:${port}`,
    dataDir,
    async close() {
      await runtime.close();
      if (drop) await drop();
      if (!options.dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** supabase-js as the SPA uses it, pointed at the server's embedded provider. */
export function supabaseFor(server: TestServer, options: { persistSession?: boolean } = {}): SupabaseClient {
  return createClient(`${server.url}/idp`, server.config.supabaseAnonKey, {
    auth: {
      persistSession: options.persistSession ?? false,
      autoRefreshToken: false,
      detectSessionInUrl: false,
    },
    // NOTE: Node 20 has no native WebSocket; supabase-js refuses to construct without a transport.
    realtime: { transport: WebSocket as never },
  });
}

/** Signs a new person up and in (the server must run with AUTH_AUTOCONFIRM=true); returns their token. */
export async function signUpAndIn(
  server: TestServer,
  email: string,
  password = 'correct horse battery',
): Promise<{ token: string; userId: string; client: SupabaseClient }> {
  const client = supabaseFor(server);
  const { data, error } = await client.auth.signUp({
    email,
    password,
    options: { data: { first_name: 'Test', last_name: 'Person' } },
  });
  if (error) throw error;
  if (!data.session || !data.user)
    throw new Error('Expected a session: start the server with AUTH_AUTOCONFIRM=true');
  return { token: data.session.access_token, userId: data.user.id, client };
}

/** A JSON call to the API with a bearer token; returns status and parsed body. */
export async function api<T = unknown>(
  server: TestServer,
  method: string,
  urlPath: string,
  options: { token?: string; body?: unknown } = {},
): Promise<{ status: number; body: T }> {
  const response = await fetch(`${server.url}/api${urlPath}`, {
    method,
    headers: {
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    body: options.body !== undefined ? JSON.stringify(options.body) : undefined,
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : null) as T };
}

/**
 * An access token signed by the embedded provider's key for a person who need not exist in the
 * provider: API suites test authorization without going through sign-up each time.
 */
export async function tokenFor(
  server: TestServer,
  person: { id?: string; email: string; roles?: string[]; expiresIn?: number },
): Promise<{ token: string; userId: string }> {
  const { SignJWT } = await import('jose');
  const { loadOrCreateSigningKey } = await import('../src/identity/keys');
  const { embeddedIssuer } = await import('../src/identity/verifier');
  const { idpSessions, idpUsers } = await import('../src/db/schema');
  const db = server.database.db;
  const key = await loadOrCreateSigningKey(db);
  const userId = person.id ?? crypto.randomUUID();
  const now = Math.floor(Date.now() / 1000);
  // NOTE: the API refuses tokens whose session is not in the provider's store, so the token gets one.
  // A person already known under this e-mail keeps it; the stand-in row only carries the session.
  await db
    .insert(idpUsers)
    .values({ id: userId, email: person.email.toLowerCase(), emailConfirmedAt: new Date() })
    .onConflictDoNothing();
  await db
    .insert(idpUsers)
    .values({ id: userId, email: `token-${userId}@stand-in.invalid`, emailConfirmedAt: new Date() })
    .onConflictDoNothing();
  const [session] = await db.insert(idpSessions).values({ userId }).returning();
  const token = await new SignJWT({
    email: person.email,
    role: 'authenticated',
    aal: 'aal1',
    amr: [{ method: 'password', timestamp: now }],
    session_id: session!.id,
    app_metadata: { provider: 'email', providers: ['email'], roles: person.roles ?? [] },
    user_metadata: {},
    is_anonymous: false,
  })
    .setProtectedHeader({ alg: 'ES256', kid: key.kid, typ: 'JWT' })
    .setSubject(userId)
    .setAudience('authenticated')
    .setIssuer(embeddedIssuer(server.config))
    .setIssuedAt(now)
    .setExpirationTime(now + (person.expiresIn ?? 3600))
    .sign(key.privateKey);
  return { token, userId };
}
