import { loadConfig } from '../src/config';
import { api, startTestServer, supabaseFor, type TestServer } from './helpers';

// Issue 9, finding 1: the dev mailbox handed recovery links to anyone who could reach the server.

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
    const listed = await api<{ kind: string }[]>(server, 'GET', '/dev/mail?to=local@example.com');
    expect(listed.status).toBe(200);
    expect(listed.body.map((mail) => mail.kind)).toContain('confirmation');
  });

  it('refuses requests relayed by a reverse proxy, which would put it on the network', async () => {
    for (const header of ['x-forwarded-for', 'forwarded', 'x-real-ip']) {
      const apiAnswer = await fetch(`${server.url}/api/dev/mail?to=local@example.com`, {
        headers: { [header]: '203.0.113.7' },
      });
      expect(apiAnswer.status).toBe(404);
      const pageAnswer = await fetch(`${server.url}/dev/mail`, { headers: { [header]: '203.0.113.7' } });
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
      const answer = await fetch(`${server.url}/api/dev/mail`, {
        headers: { 'x-forwarded-for': '203.0.113.7' },
      });
      expect(answer.status).toBe(200);
    } finally {
      await server.close();
    }
  });
});
