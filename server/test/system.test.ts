import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { type DatabaseTarget } from '../src/db/client';
import { DEV_MAIL_TOKEN_HEADER } from '../src/routes/devMail';
import { launchableBrowsers } from '../src/runner/browser';
import {
  api,
  freePort,
  freshPostgres,
  startTestServer,
  testDatabaseUrl,
  tokenFor,
  type TestServer,
} from './helpers';
import { mailsTo } from './fixtures/devMail';

describe('health, run-time config and the dev mailbox', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => server.close());

  it('reports ok once migrated', async () => {
    expect(await api(server, 'GET', '/health')).toEqual({ status: 200, body: { status: 'ok' } });
  });

  it('tells the SPA where the identity provider is and which version runs', async () => {
    const response = await api(server, 'GET', '/config');
    expect(response.body).toEqual({
      supabase_url: `${server.url}/idp`,
      supabase_anon_key: expect.any(String),
      version: '0.2.8',
    });
  });

  it('lists the browsers the workers can launch, to signed-in people only (issue 28)', async () => {
    expect((await api(server, 'GET', '/system/browsers')).status).toBe(401);
    const { token } = await tokenFor(server, { email: 'browsers@example.com' });
    const response = await api<{ browsers: string[] }>(server, 'GET', '/system/browsers', { token });
    expect(response.status).toBe(200);
    expect(response.body.browsers).toEqual(await launchableBrowsers(null));
    // This machine has Chromium (runs pass here); Firefox and WebKit only where Playwright installed them.
    expect(response.body.browsers).toContain('chromium');
  });

  it('offers Chromium alone through a browser server, and none without any Chromium', async () => {
    expect(await launchableBrowsers('ws://browsers.example:3000')).toEqual(['chromium']);
    expect(await launchableBrowsers(null, () => null)).not.toContain('chromium');
  });

  it('lists stored e-mails by recipient, with their links, as JSON and as a page', async () => {
    await server.services.mail.send({
      to: 'Reader@Example.com',
      subject: 'Confirm',
      text: `Open ${server.url}/idp/x?token=abc now`,
      kind: 'confirmation',
    });
    await server.services.mail.send({
      to: 'other@example.com',
      subject: 'Other',
      text: 'nothing',
      kind: 'notification',
    });
    expect(await mailsTo(server, 'reader@example.com')).toEqual([
      expect.objectContaining({ subject: 'Confirm', links: [`${server.url}/idp/x?token=abc`] }),
    ]);
    const page = await fetch(`${server.url}/dev/mail?to=reader@example.com`, {
      headers: { [DEV_MAIL_TOKEN_HEADER]: server.config.devMailToken },
    });
    const html = await page.text();
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(html).toContain('Confirm');
    expect(html).not.toContain('Other');
  });

  it('serves the OpenAPI document', async () => {
    const response = await fetch(`${server.url}/api/docs/json`);
    const document = (await response.json()) as { paths: Record<string, unknown> };
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining(['/api/test-suites', '/api/auth/get-user-organizations']),
    );
  });

  it('compresses large answers as the client accepts, and only then', async () => {
    const read = (encoding: string) =>
      new Promise<{ encoding: string | undefined; body: Buffer }>((resolve, reject) => {
        http
          .get(`${server.url}/api/docs/json`, { headers: { 'accept-encoding': encoding } }, (response) => {
            const chunks: Buffer[] = [];
            response.on('data', (chunk: Buffer) => chunks.push(chunk));
            response.on('end', () =>
              resolve({ encoding: response.headers['content-encoding'], body: Buffer.concat(chunks) }),
            );
          })
          .on('error', reject);
      });
    const plain = await read('identity');
    expect(plain.encoding).toBeUndefined();
    const brotli = await read('br, gzip');
    expect(brotli.encoding).toBe('br');
    expect(zlib.brotliDecompressSync(brotli.body).equals(plain.body)).toBe(true);
    expect(brotli.body.length).toBeLessThan(plain.body.length / 3);
    const gzip = await read('gzip');
    expect(gzip.encoding).toBe('gzip');
    expect(zlib.gunzipSync(gzip.body).equals(plain.body)).toBe(true);
  });

  it('sends security headers', async () => {
    const response = await fetch(`${server.url}/api/health`);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('content-security-policy')).toContain("default-src 'self'");
  });
});

describe('the SPA', () => {
  let server: TestServer;
  let staticDir: string;
  beforeAll(async () => {
    staticDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pw-spa-'));
    fs.writeFileSync(path.join(staticDir, 'index.html'), '<!doctype html><title>Plainwright SPA</title>');
    fs.mkdirSync(path.join(staticDir, 'assets'));
    fs.writeFileSync(path.join(staticDir, 'assets', 'main.0123abcd.js'), 'console.log(1)');
    server = await startTestServer({ env: { STATIC_DIR: staticDir } });
  });
  afterAll(async () => {
    await server.close();
    fs.rmSync(staticDir, { recursive: true, force: true });
  });

  it('answers every client route with index.html and assets with long caching', async () => {
    for (const route of ['/', '/dashboard', '/test-cases/details/abc', '/auth/login']) {
      const response = await fetch(`${server.url}${route}`);
      expect(response.status).toBe(200);
      expect(await response.text()).toContain('Plainwright SPA');
    }
    const asset = await fetch(`${server.url}/assets/main.0123abcd.js`);
    expect(asset.headers.get('cache-control')).toContain('immutable');
  });

  it('never answers an unknown API path or missing asset with the SPA', async () => {
    expect((await fetch(`${server.url}/api/nope`)).status).toBe(404);
    expect((await fetch(`${server.url}/assets/missing.js`)).status).toBe(404);
  });
});

describe('a restart', () => {
  it('keeps organizations, suites and the signing key', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pw-restart-'));
    // PGlite on disk, or the same Postgres database both times.
    const postgres = testDatabaseUrl ? await freshPostgres() : null;
    const target: DatabaseTarget = postgres
      ? { kind: 'postgres', url: postgres.url }
      : { kind: 'pglite', dataDir };
    try {
      // Same address both times: the issuer in the tokens is the public URL.
      const env = { PORT: String(await freePort()) };
      const first = await startTestServer({ dataDir, env, target });
      const person = await tokenFor(first, { email: 'keep@example.com' });
      const org = await api<{ org_id: string }>(first, 'POST', '/organizations', {
        token: person.token,
        body: { name: 'Persisted' },
      });
      await api(first, 'POST', '/test-suites', {
        token: person.token,
        body: { name: 'Survives', org_id: org.body.org_id },
      });
      await first.close();

      const second = await startTestServer({ dataDir, env, target });
      try {
        // The token signed before the restart still verifies: the key was kept.
        const suites = await api<{ name: string }[]>(
          second,
          'GET',
          `/organizations/${org.body.org_id}/test-suites`,
          { token: person.token },
        );
        expect(suites.body.map((s) => s.name)).toEqual(['Survives']);
      } finally {
        await second.close();
      }
    } finally {
      await postgres?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
    // Two whole servers on an on-disk PGlite (initdb, migrations): seconds alone, far more on a busy CI machine.
  }, 120_000);
});
