import http from 'node:http';
import { devMailboxUrl, loadConfig } from '../src/config';
import { DEV_MAIL_TOKEN_HEADER } from '../src/routes/devMail';
import { api, startTestServer, supabaseFor, type TestServer } from './helpers';
import { fetchMailbox, mailsTo } from './fixtures/devMail';

// Issue 9, finding 1: the dev mailbox handed recovery links to anyone who could reach the server.
// Issue 27, finding 2: on this machine, any program or web page could read it: it needs the start log's token.

/** A GET with a Host header of our choosing (fetch sets its own), as a DNS-rebound page's request comes. */
function getWithHost(
  server: TestServer,
  path: string,
  host: string,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      `${server.url}${path}`,
      { headers: { host, [DEV_MAIL_TOKEN_HEADER]: server.config.devMailToken } },
      (response) => {
        let body = '';
        response.on('data', (chunk: Buffer) => (body += chunk.toString()));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      },
    );
    request.on('error', reject);
  });
}

const unknownPath = (path: string) => ({ error: { code: 'not_found', message: `No route for GET ${path}` } });

async function requestRecovery(server: TestServer, email: string) {
  const { error } = await supabaseFor(server).auth.resetPasswordForEmail(email, {
    redirectTo: `${server.url}/auth/set-new-password`,
  });
  expect(error).toBeNull();
}

describe('the dev mailbox on a server that faces a network', () => {
  let server: TestServer;
  beforeAll(async () => {
    // Bound to every interface: the mailbox must not exist, whatever the path.
    server = await startTestServer({
      env: { HOST: '0.0.0.0', PUBLIC_URL: 'http://plainwright.example:3000' },
    });
  });
  afterAll(async () => server.close());

  it('answers 404 on the mailbox API and page, so a recovery link cannot be read by an attacker', async () => {
    await supabaseFor(server).auth.signUp({ email: 'victim@example.com', password: 'Correct-Horse-9' });
    await requestRecovery(server, 'victim@example.com');

    const listed = await api(server, 'GET', '/dev/mail?to=victim@example.com');
    expect(listed.status).toBe(404);
    expect((await fetchMailbox(server, '?to=victim@example.com')).status).toBe(404);
    expect(JSON.stringify(listed.body)).not.toContain('token=');
    const page = await fetch(`${server.url}/dev/mail?to=victim@example.com`);
    expect(page.status).toBe(404);
    expect(await page.text()).not.toContain('token=');
  });

  it('still keeps every e-mail in the outbox for SMTP or an operator', async () => {
    const mails = await server.services.mail.list('victim@example.com');
    expect(mails.map((mail) => mail.kind)).toContain('recovery');
  });
});

describe('the dev mailbox on a loopback-only server (the default set-up)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => server.close());

  it('serves requests made on this machine', async () => {
    await supabaseFor(server).auth.signUp({ email: 'local@example.com', password: 'Correct-Horse-9' });
    const listed = await mailsTo(server, 'local@example.com');
    expect(listed.map((mail) => mail.kind)).toContain('confirmation');
  });

  it('answers as an unknown path to a request without the token, or with a wrong one', async () => {
    const wrong = 'w'.repeat(server.config.devMailToken.length);
    const attempts: [string, RequestInit][] = [
      ['', {}],
      [`?token=${wrong}`, {}],
      ['', { headers: { [DEV_MAIL_TOKEN_HEADER]: wrong } }],
      ['', { headers: { cookie: `plainwright_dev_mail=${wrong}` } }],
    ];
    for (const [query, init] of attempts) {
      for (const path of ['/api/dev/mail', '/dev/mail']) {
        const answer = await fetch(`${server.url}${path}${query}`, { ...init, redirect: 'manual' });
        expect({ path, query, init, status: answer.status }).toEqual({ path, query, init, status: 404 });
        expect(await answer.json()).toEqual(unknownPath(path));
      }
    }
  });

  it("opens from the start log's address: a cookie for the page alone, and the address without the token", async () => {
    const opened = await fetch(`${devMailboxUrl(server.config)}&to=local%40example.com`, {
      redirect: 'manual',
    });
    const cookie = opened.headers.get('set-cookie') ?? '';

    expect(opened.status).toBe(303);
    expect(opened.headers.get('location')).toBe('/dev/mail?to=local%40example.com');
    expect(cookie.split('; ').slice(1).sort()).toEqual(['HttpOnly', 'Path=/dev/mail', 'SameSite=Strict']);
    const page = await fetch(`${server.url}/dev/mail?to=local%40example.com`, {
      headers: { cookie: cookie.split(';')[0]! },
    });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Confirm your e-mail address');
  });

  it("refuses a Host that is not the server's own (DNS rebinding), with the token too", async () => {
    const port = new URL(server.url).port;
    for (const path of ['/api/dev/mail', '/dev/mail']) {
      expect(await getWithHost(server, path, `rebound.attacker.example:${port}`)).toEqual({
        status: 404,
        body: JSON.stringify(unknownPath(path)),
      });
      expect((await getWithHost(server, path, `127.0.0.1:${Number(port) + 1}`)).status).toBe(404);
      expect((await getWithHost(server, path, `localhost:${port}`)).status).toBe(200);
    }
  });

  it('refuses requests relayed by a reverse proxy, which would put it on the network', async () => {
    for (const header of ['x-forwarded-for', 'forwarded', 'x-real-ip']) {
      const headers = { [header]: '203.0.113.7', [DEV_MAIL_TOKEN_HEADER]: server.config.devMailToken };
      const apiAnswer = await fetch(`${server.url}/api/dev/mail?to=local@example.com`, { headers });
      expect(apiAnswer.status).toBe(404);
      const pageAnswer = await fetch(`${server.url}/dev/mail`, { headers });
      expect(pageAnswer.status).toBe(404);
    }
  });
});

describe('DEV_MAILBOX', () => {
  it('turns the mailbox on anywhere when true, off when false, and refuses other values', () => {
    const base = { HOST: '0.0.0.0' };
    expect(loadConfig(base).devMailbox).toBe('off');
    expect(loadConfig({ ...base, DEV_MAILBOX: 'true' }).devMailbox).toBe('forced');
    expect(loadConfig({ DEV_MAILBOX: 'false' }).devMailbox).toBe('off');
    expect(loadConfig({}).devMailbox).toBe('loopback');
    expect(loadConfig({ PUBLIC_URL: 'https://tests.example.com' }).devMailbox).toBe('off');
    expect(() => loadConfig({ DEV_MAILBOX: 'yes' })).toThrow('DEV_MAILBOX must be true or false (got "yes")');
  });

  it('serves relayed requests too when set on purpose', async () => {
    const server = await startTestServer({ env: { HOST: '0.0.0.0', DEV_MAILBOX: 'true' } });
    try {
      const relayed = (token: string) =>
        fetch(`${server.url}/api/dev/mail`, {
          headers: { 'x-forwarded-for': '203.0.113.7', [DEV_MAIL_TOKEN_HEADER]: token },
        });
      expect((await relayed(server.config.devMailToken)).status).toBe(200);
      expect((await relayed('x'.repeat(32))).status).toBe(404);
    } finally {
      await server.close();
    }
  });
});

describe('DEV_MAIL_TOKEN', () => {
  it('is the token when set, a new random one at each start when not, and refuses short or odd ones', () => {
    const chosen = 'a-token-chosen-for-the-e2e-run-0123456789';
    expect(loadConfig({ DEV_MAIL_TOKEN: chosen }).devMailToken).toBe(chosen);
    const made = [loadConfig({}).devMailToken, loadConfig({}).devMailToken];
    expect(made[0]).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(made[0]).not.toBe(made[1]);
    for (const bad of ['short', `${'x'.repeat(32)};path=/`]) {
      expect(() => loadConfig({ DEV_MAIL_TOKEN: bad })).toThrow(
        'DEV_MAIL_TOKEN must be 32 to 256 characters',
      );
    }
    expect(devMailboxUrl(loadConfig({ DEV_MAIL_TOKEN: chosen }))).toBe(
      `http://127.0.0.1:3000/dev/mail?token=${chosen}`,
    );
  });
});
