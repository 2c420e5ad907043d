import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { type DatabaseTarget } from '../src/db/client';
import { api, startTestServer, testDatabaseUrl } from './helpers';
import { clientFor, PASSWORD, uniqueEmail } from './fixtures/identityTools';

/** One database that outlives a server: PGlite on disk, or a Postgres database of its own. */
async function durableTarget(
  dataDir: string,
): Promise<{ target: DatabaseTarget; drop: () => Promise<void> }> {
  const serverUrl = testDatabaseUrl;
  if (!serverUrl) return { target: { kind: 'pglite', dataDir }, drop: async () => undefined };
  const name = `pw_idp_restart_${process.pid}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    target: { kind: 'postgres', url: url.toString(), poolSize: 5 },
    async drop() {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

async function jwksKids(url: string): Promise<string[]> {
  const jwks = (await (await fetch(`${url}/idp/auth/v1/.well-known/jwks.json`)).json()) as {
    keys: { kid: string }[];
  };
  return jwks.keys.map((key) => key.kid);
}

// Two starts of a whole server (migrations, the job queue) on a busy CI machine take far more than jest's 5 s.
jest.setTimeout(120_000);

describe('identity provider: restart', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pw-idp-restart-'));
  let durable: Awaited<ReturnType<typeof durableTarget>>;
  beforeAll(async () => {
    durable = await durableTarget(dataDir);
  });
  afterAll(async () => {
    await durable.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps people, their sessions and the signing key across a restart', async () => {
    const email = uniqueEmail('durable');
    // A fixed public URL keeps the issuer the same although each start listens on a new port.
    const options = {
      dataDir,
      target: durable.target,
      env: { AUTH_AUTOCONFIRM: 'true', PUBLIC_URL: 'http://plainwright.test' },
    };
    const before = await startTestServer(options);
    let session;
    let kidsBefore: string[];
    try {
      const { data, error } = await clientFor(before).auth.signUp({ email, password: PASSWORD });
      if (error) throw error;
      session = data.session!;
      kidsBefore = await jwksKids(before.url);
    } finally {
      await before.close();
    }

    const after = await startTestServer(options);
    try {
      expect(await jwksKids(after.url)).toEqual(kidsBefore);
      expect(
        (await clientFor(after).auth.signInWithPassword({ email, password: PASSWORD })).error,
      ).toBeNull();
      expect(
        (await api(after, 'GET', '/auth/get-user-organizations', { token: session.access_token })).status,
      ).toBe(200);
      const refreshed = await clientFor(after).auth.refreshSession({ refresh_token: session.refresh_token });
      expect(refreshed.error).toBeNull();
      expect(refreshed.data.user?.id).toBe(session.user.id);
      expect(
        (
          await api(after, 'GET', '/auth/get-user-organizations', {
            token: refreshed.data.session!.access_token,
          })
        ).status,
      ).toBe(200);
    } finally {
      await after.close();
    }
  });
});
