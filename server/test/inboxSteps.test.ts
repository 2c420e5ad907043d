import fs from 'node:fs';
import path from 'node:path';
import { type RunInbox } from '../../contract/inbox';
import { runExportedSpecs } from './exportedSpecs';
import { api, freePort } from './helpers';
import {
  createTest,
  describeSteps,
  setUpGeneration,
  waitForGeneration,
  type GenerationContext,
} from './generationFixtures';
import { createGeneratedTest, describeRun, startRun, waitForRun } from './runFixtures';

jest.setTimeout(240_000);

const ROOT = path.resolve(__dirname, '../..');

// Issue 32: the e-mail steps, end to end in real Chromium. The login site's sign-up page has its back end
// mail a code and a confirmation link (fixtures/sites/login/signup.js, through the fixture server's
// SMTP client) to the address typed in: the test's {{inbox}}. The test is generated, replayed and
// exported with the plain sentences; a mail that never comes to our address fails its step.

const SIGN_UP = [
  'Type {{inbox}} into the "Email" field',
  'Click "Sign up"',
  'Open the latest e-mail to {{inbox}}',
  'Check that the e-mail\'s subject contains "Welcome"',
  'Check that the e-mail says "Your code is"',
  'Type the code from the e-mail into the "Code" field',
  'Click "Verify"',
  'Check that the page shows "Your account is verified"',
  'Click the "Confirm" link in the e-mail',
  'Check that the page shows "E-mail confirmed"',
];

describe('the e-mail steps on the test inbox', () => {
  let ctx: GenerationContext;
  let dir: string;

  beforeAll(async () => {
    const smtpPort = await freePort();
    ctx = await setUpGeneration({ env: { INBOX_SMTP_PORT: String(smtpPort), STEP_TIMEOUT_MS: '5000' } });
    ctx.sites.mailTo(smtpPort);
    fs.mkdirSync(path.join(ROOT, 'test-results'), { recursive: true });
    dir = fs.mkdtempSync(path.join(ROOT, 'test-results', 'inbox-export-'));
  });

  afterAll(async () => {
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
    await ctx?.close();
  });

  it('signs up with a code and a link from the e-mail: generated, replayed and exported green', async () => {
    const signUp = `${ctx.sites.url('login')}signup.html`;
    const created = await createTest(ctx, {
      name: 'Sign up with a confirmed e-mail',
      website: signUp,
      description: SIGN_UP.join('\n'),
    });
    const generated = await waitForGeneration(ctx, created._id);
    expect({ state: generated.state, steps: describeSteps(generated) }).toMatchObject({ state: 'passed' });
    const steps = generated.test_generation_steps;
    const opened = steps.find((step) => step.step_description.startsWith('Open the latest e-mail'))!;
    // The step says which e-mail it read, never its code.
    expect(opened.verification.message).toMatch(
      /^Read the e-mail "Welcome to Acme Portal: confirm your e-mail" from no-reply@acme\.test \(received \d\d:\d\d:\d\d UTC\)\.$/,
    );
    const code = steps.find((step) => step.step_description.startsWith('Type the code'))!;
    expect(code.generated_code_ts).toBe(
      "await page.getByRole('textbox', { name: 'Code', exact: true }).fill(emailCode(mail));",
    );
    expect(code.verification.message).toMatch(/, and typed its code into "Code" field\.$/);

    const run = await waitForRun(ctx, (await startRun(ctx, created._id))._id);
    expect({ status: run.status, steps: describeRun(run) }).toMatchObject({ status: 'passed' });
    const read = run.steps.find((step) => step.step_description.startsWith('Open the latest e-mail'))!;
    expect(read.email).toEqual({
      subject: 'Welcome to Acme Portal: confirm your e-mail',
      from: 'no-reply@acme.test',
      received_at: expect.any(String),
    });
    expect(run.steps.filter((step) => step.email).length).toBe(5);
    // Kept with the run's files, for when the inbox has let it go; its log says what each step read.
    expect(run.artifacts.map((artifact) => artifact.name)).toContain('inbox.txt');
    const file = async (name: string) => {
      const link = await api<{ url: string }>(
        ctx.server,
        'GET',
        `/artifacts/${run._id}?artifact_name=${name}`,
        {
          token: ctx.token,
        },
      );
      return (await fetch(`${ctx.server.url}${link.body.url}`)).text();
    };
    expect(await file('inbox.txt')).toMatch(
      /^To: run-[0-9a-f]{20}@inbox\.plainwright\.test\nFrom: no-reply@acme\.test\nSubject: Welcome to Acme Portal: confirm your e-mail\nReceived: \S+\n\nHello,\n\nThanks for signing up on 12 March 2026\. Your code is \d{6}\./,
    );
    expect(await file('run.log')).toMatch(
      /4\. Open the latest e-mail to \{\{inbox\}\}: read the e-mail "Welcome/,
    );
    // The run's mail is on its page: the one the sign-up sent to the run's own address.
    const inbox = await api<RunInbox>(ctx.server, 'GET', `/test-run/${run._id}/inbox`, { token: ctx.token });
    expect(inbox.body.mails.map((mail) => mail.subject)).toEqual([
      'Welcome to Acme Portal: confirm your e-mail',
    ]);

    const exported = await api<{ files: { path: string; content: string }[] }>(
      ctx.server,
      'GET',
      `/test-case/${created._id}/export`,
      { token: ctx.token },
    );
    // The exported file's inbox is read without signing in, by its random address only.
    const exportOnly = await api(ctx.server, 'GET', `/inbox/${encodeURIComponent(inbox.body.address)}`);
    expect(exportOnly.status).toBe(404);
    const fresh = `pw-${'0a'.repeat(16)}@inbox.plainwright.test`;
    expect(await api(ctx.server, 'GET', `/inbox/${fresh}`)).toMatchObject({
      status: 200,
      body: { address: fresh, mails: [] },
    });
    const [spec] = exported.body.files;
    expect(spec.content).toContain('mail = await latestEmail(inbox);');
    expect(spec.content).toContain("await page.goto(emailLink(mail, 'Confirm'));");
    fs.writeFileSync(path.join(dir, spec.path), spec.content);
    const { report, output } = await runExportedSpecs(dir, {
      PLAINWRIGHT_INBOX_URL: `${ctx.server.url}/api/inbox`,
    });
    expect({ stats: report.stats, output: report.stats.expected === 1 ? '' : output }).toMatchObject({
      stats: { expected: 1, unexpected: 0, flaky: 0, skipped: 0 },
      output: '',
    });
  });

  it("fails the step when no e-mail comes to the test's own address, never reading another's", async () => {
    const signUp = `${ctx.sites.url('login')}signup.html`;
    const created = await createTest(ctx, {
      name: 'Sign up as someone else',
      website: signUp,
      // The application mails another address of the inbox: not ours, so not read as ours.
      description: [
        'Type "someone-else@inbox.plainwright.test" into the "Email" field',
        'Click "Sign up"',
        'Check that the page shows "We sent a code"',
        'Open the latest e-mail to {{inbox}}',
        'Check that the e-mail says "Your code is"',
      ].join('\n'),
    });
    const generated = await waitForGeneration(ctx, created._id);
    expect(generated.state).toBe('failed');
    const failed = generated.test_generation_steps.at(-1)!;
    expect(failed.step_description).toBe('Open the latest e-mail to {{inbox}}');
    expect(failed.execution_succeded).toBe(false);
    expect(failed.verification.message).toMatch(
      /^No e-mail came to gen-[0-9a-f]{20}@inbox\.plainwright\.test within 5 s\. Check that the application sent it/,
    );
  });

  it('fails a run whose mail never comes, after the step timeout, saying what it waited for', async () => {
    const signUp = `${ctx.sites.url('login')}signup.html`;
    const testId = await createGeneratedTest(ctx, 'Waits for nothing', signUp, [
      { kind: 'goto', url: signUp },
      { kind: 'email', op: 'open', to: '{{inbox}}' },
      { kind: 'email', op: 'expect', field: 'subject', value: 'Welcome' },
    ]);
    const run = await waitForRun(ctx, (await startRun(ctx, testId))._id);
    expect(run.status).toBe('failed');
    expect(run.failing_step_index).toBe(1);
    expect(run.steps[1]).toMatchObject({ success: false, error: { error_type: 'email_not_received' } });
    expect(run.steps[1].email).toBeUndefined();
    expect(run.error_message).toMatch(
      /^Step 2, "Open the latest e-mail to \{\{inbox\}\}", failed: No e-mail came to run-[0-9a-f]{20}@inbox\.plainwright\.test within 5 s\./,
    );
  });
});
