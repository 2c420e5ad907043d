// What the API benchmarks share: one measurement on the embedded PGlite and again on a fresh database of
// a real Postgres (BENCH_DATABASE_URL or TEST_DATABASE_URL, else the local default when reachable).
import pg from 'pg';
import { api, startTestServer, type TestServer } from '../server/test/helpers';
import { type Figure } from './spaBundle';

const DEFAULT_POSTGRES = 'postgres://root@127.0.0.1:5432/test';

export type Database = 'pglite' | 'postgres';

/** Runs `measureOn` against an API server on PGlite, then on Postgres (skipped with a line when unreachable). */
export async function onBothDatabases(
  bench: string,
  measureOn: (database: Database, server: TestServer) => Promise<Figure[]>,
): Promise<Figure[]> {
  const figures = await measureOn(
    'pglite',
    await startTestServer({ roles: ['api'], target: { kind: 'pglite', dataDir: null } }),
  );
  const postgres = await freshPostgresDatabase(bench);
  if ('skipped' in postgres) {
    console.error(`[${bench}] Postgres skipped: ${postgres.skipped}`);
    return figures;
  }
  try {
    const server = await startTestServer({
      roles: ['api'],
      target: { kind: 'postgres', url: postgres.url, poolSize: 10 },
    });
    figures.push(...(await measureOn('postgres', server)));
  } finally {
    await postgres.drop();
  }
  return figures;
}

export async function freshPostgresDatabase(
  bench: string,
): Promise<{ url: string; drop: () => Promise<void> } | { skipped: string }> {
  const adminUrl =
    process.env.BENCH_DATABASE_URL?.trim() || process.env.TEST_DATABASE_URL?.trim() || DEFAULT_POSTGRES;
  const name = `pw_bench_${bench.replace(/\W/g, '_')}_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 3000 });
  try {
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
  } catch (error) {
    return { skipped: `${redact(adminUrl)} is not reachable (${(error as Error).message})` };
  } finally {
    await admin.end().catch(() => undefined);
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

function redact(url: string): string {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = '***';
  return parsed.toString();
}

export function round(value: number): number {
  return Math.round(value * 10) / 10;
}

/** The signed-in person's organization ('Bench') and one project in it, named `name`. */
export async function benchProject(
  server: TestServer,
  token: string,
  name: string,
): Promise<{ orgId: string; suiteId: string }> {
  const org = await api<{ org_id: string }>(server, 'POST', '/organizations', {
    token,
    body: { name: 'Bench' },
  });
  const suite = await api<{ test_suite_id: string }>(server, 'POST', '/test-suites', {
    token,
    body: { name, org_id: org.body.org_id },
  });
  return { orgId: org.body.org_id, suiteId: suite.body.test_suite_id };
}
