import nodemailer, { type SendMailOptions } from 'nodemailer';
import { type RunInbox } from '../../contract/inbox';
import { mailLinks } from '../src/inbox/links';
import { inboxRecipient } from '../src/inbox/smtp';
import { api, freePort, tokenFor } from './helpers';
import { setUpGeneration, type GenerationContext } from './generationFixtures';
import { createGeneratedTest, describeRun, startRun, waitForRun } from './runFixtures';

// Issue 32: the test inbox. An application under test mails a run's `{{inbox}}` address through the
// inbox's SMTP port; the run's page reads it through the API; nothing else gets in.

describe('inbox addresses and links', () => {
  it('takes only plain addresses at its own domain', () => {
    expect(inboxRecipient('Run-1@Inbox.Plainwright.Test', 'inbox.plainwright.test')).toBe(
      'run-1@inbox.plainwright.test',
    );
    expect(inboxRecipient('ada@example.com', 'inbox.plainwright.test')).toBeNull();
    expect(inboxRecipient('a@inbox.plainwright.test.evil.com', 'inbox.plainwright.test')).toBeNull();
    expect(inboxRecipient('"a b"@inbox.plainwright.test', 'inbox.plainwright.test')).toBeNull();
    expect(inboxRecipient('@inbox.plainwright.test', 'inbox.plainwright.test')).toBeNull();
  });

  it("reads a message's http(s) links from its HTML and its text, each once", () => {
    expect(
      mailLinks(
        '<p><a class="b" href="https://app.test/confirm?t=1&amp;u=2">Confirm</a> <a href=\'javascript:alert(1)\'>x</a></p>',
        'Or open https://app.test/confirm?t=1&u=2. Help: http://app.test/help',
      ),
    ).toEqual(['https://app.test/confirm?t=1&u=2', 'http://app.test/help']);
  });
});

describe('the test inbox', () => {
  let ctx: GenerationContext;
  let smtpPort: number;
  let runId: string;
  let address: string;

  const send = (to: string, extra: Partial<SendMailOptions> = {}) =>
    nodemailer
      .createTransport({ host: '127.0.0.1', port: smtpPort, secure: false, ignoreTLS: true })
      .sendMail({ from: 'App <no-reply@app.test>', to, subject: 'Welcome', text: 'Hi', ...extra });

  beforeAll(async () => {
    smtpPort = await freePort();
    ctx = await setUpGeneration({
      roles: ['api'],
      env: { INBOX_SMTP_PORT: String(smtpPort), INBOX_RATE_LIMIT: '8' },
    });
    const testId = await createGeneratedTest(ctx, 'Sign up', ctx.sites.url('login'), [
      { kind: 'goto', url: ctx.sites.url('login') },
    ]);
    // No worker here: the run stays pending, which is all the inbox needs.
    runId = (await startRun(ctx, testId))._id;
    const inbox = await api<RunInbox>(ctx.server, 'GET', `/test-run/${runId}/inbox`, { token: ctx.token });
    expect(inbox.status).toBe(200);
    address = inbox.body.address;
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('gives each run an address of its own at INBOX_DOMAIN, empty at first', async () => {
    expect(address).toMatch(/^run-[0-9a-f]{20}@inbox\.plainwright\.test$/);
    expect(await ctx.server.inbox.addressForRun(runId)).toBe(address);
    expect(await ctx.server.inbox.addressForRun('another-run')).not.toBe(address);
    const inbox = await api<RunInbox>(ctx.server, 'GET', `/test-run/${runId}/inbox`, { token: ctx.token });
    expect(inbox.body.mails).toEqual([]);
  });

  it('keeps what the application mails to it, shown as text with its links', async () => {
    await send(address.toUpperCase(), {
      subject: 'Confirm your e-mail',
      text: 'Your code is 482913.',
      html: '<p>Your code is <b>482913</b>. <a href="https://app.test/confirm?token=abc">Confirm</a></p>',
    });
    const inbox = await api<RunInbox>(ctx.server, 'GET', `/test-run/${runId}/inbox`, { token: ctx.token });
    expect(inbox.body.mails).toEqual([
      {
        id: expect.any(String),
        from: 'no-reply@app.test',
        subject: 'Confirm your e-mail',
        text: 'Your code is 482913.',
        links: ['https://app.test/confirm?token=abc'],
        received_at: expect.any(String),
      },
    ]);
  });

  it('waits for the newest message to an address, up to a timeout', async () => {
    const before = new Date();
    const waiting = ctx.server.inbox.waitForLatest(address, { after: before, timeoutMs: 10_000 });
    setTimeout(() => void send(address, { subject: 'Second' }), 300);
    expect((await waiting)?.subject).toBe('Second');
    const other = await ctx.server.inbox.addressForRun('a-run-that-got-nothing');
    expect(await ctx.server.inbox.waitForLatest(other, { timeoutMs: 300 })).toBeNull();
  });

  it('refuses mail for other domains, and messages over 1 MiB', async () => {
    await expect(send('ada@example.com')).rejects.toMatchObject({ responseCode: 550 });
    await expect(send(address, { text: 'x'.repeat(1024 * 1024 + 10) })).rejects.toMatchObject({
      responseCode: 552,
    });
  });

  it("does not show a run's inbox to another organization", async () => {
    const stranger = await tokenFor(ctx.server, { email: 'stranger@example.com' });
    const inbox = await api(ctx.server, 'GET', `/test-run/${runId}/inbox`, { token: stranger.token });
    expect(inbox.status).toBe(404);
    expect(JSON.stringify(inbox.body)).not.toContain('run-');
  });

  it('takes only INBOX_RATE_LIMIT messages a minute from one address', async () => {
    const results = [];
    for (let i = 0; i < 9; i++)
      results.push(
        await send(address).then(
          () => 'sent',
          (error) => error.responseCode,
        ),
      );
    // Two were taken in this minute by the tests above (refused ones count nothing): six more, then 421.
    expect(results).toEqual([...Array(6).fill('sent'), 421, 421, 421]);
  });
});

describe("a run's mail as its page shows it", () => {
  let ctx: GenerationContext;
  beforeAll(async () => {
    const smtpPort = await freePort();
    ctx = await setUpGeneration({ roles: ['api'], env: { INBOX_SMTP_PORT: String(smtpPort) } });
    ctx.sites.mailTo(smtpPort);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it("hides the run's secrets in its mails, as its steps and log do", async () => {
    const secret = await api(ctx.server, 'POST', `/test-suites/${ctx.suiteId}/shared-parameters`, {
      token: ctx.token,
      body: { key: 'ADA_PASSWORD', value: 'Tr0ub4dor&3' },
    });
    expect(secret.status).toBe(201);
    const testId = await createGeneratedTest(ctx, 'Mailed', ctx.sites.url('login'), [
      { kind: 'goto', url: ctx.sites.url('login') },
    ]);
    const runId = (await startRun(ctx, testId))._id;
    const address = await ctx.server.inbox.addressForRun(runId);
    // The fixture sites' back end mails it, as an application under test would.
    const sent = await fetch(`${ctx.sites.url('login')}api/mail`, {
      method: 'POST',
      body: JSON.stringify({ to: address, subject: 'Your password', text: 'It is Tr0ub4dor&3 for now.' }),
    });
    expect(sent.status).toBe(200);
    const inbox = await api<RunInbox>(ctx.server, 'GET', `/test-run/${runId}/inbox`, { token: ctx.token });
    expect(inbox.body.mails.map((mail) => mail.text.trim())).toEqual(['It is •••••• for now.']);
  });
});

describe("a run's {{inbox}}", () => {
  let ctx: GenerationContext;
  beforeAll(async () => {
    ctx = await setUpGeneration();
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('is a variable of every run: a sign-up can type the address its mail will reach', async () => {
    const field = { locator: { by: 'placeholder' as const, text: 'What needs to be done?' } };
    const testId = await createGeneratedTest(ctx, 'Types its inbox', ctx.sites.url('todo'), [
      { kind: 'goto', url: ctx.sites.url('todo') },
      { kind: 'fill', target: field, value: 'Mail {{inbox}}' },
      { kind: 'press', key: 'Enter', target: field },
      {
        kind: 'expect',
        assert: { type: 'visible', target: { locator: { by: 'text', text: '1 item left' } } },
      },
    ]);
    const run = await waitForRun(ctx, (await startRun(ctx, testId))._id);
    expect({ status: run.status, log: describeRun(run) }).toEqual({
      status: 'passed',
      log: expect.any(String),
    });
  });
});
