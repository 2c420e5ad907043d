import http from 'node:http';
import { type AddressInfo } from 'node:net';
import { type SharedParameter } from '../../contract/sharedParameters';
import { type Action } from '../src/runner';
import { api } from './helpers';
import { setUpGeneration, type GenerationContext } from './generationFixtures';
import { createGeneratedTest, describeRun, startRun, waitForRun } from './runFixtures';

// Issue 27 item 5: a secret is typed only into pages of the hosts it names (by default, the hosts of
// the suite's tests' websites); a step that would send it elsewhere fails before it runs, saying so.

jest.setTimeout(120_000);

const PAGE = '<!doctype html><title>Sign in</title><label>Password <input id="password"></label>';
const SECRET = 'hunter2-7Q4xZ';

/** A page with a password field; it records every path it is asked for. */
async function serveForm(): Promise<{
  origin: string;
  host: string;
  paths: string[];
  close(): Promise<void>;
}> {
  const paths: string[] = [];
  const server = http.createServer((request, response) => {
    paths.push(request.url ?? '');
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(PAGE);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const host = `127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin: `http://${host}`,
    host,
    paths,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

const fillPassword: Action = {
  kind: 'fill',
  target: { locator: { by: 'label', text: 'Password' } },
  value: '{{API_KEY}}',
};

describe('the hosts a secret may be typed into (issue 27)', () => {
  let ctx: GenerationContext;
  let own: Awaited<ReturnType<typeof serveForm>>;
  let other: Awaited<ReturnType<typeof serveForm>>;
  let secret: SharedParameter;

  beforeAll(async () => {
    [own, other] = await Promise.all([serveForm(), serveForm()]);
    ctx = await setUpGeneration();
    const created = await api<SharedParameter>(
      ctx.server,
      'POST',
      `/test-suites/${ctx.suiteId}/shared-parameters`,
      {
        token: ctx.token,
        body: { key: 'API_KEY', value: SECRET },
      },
    );
    expect(created.status).toBe(201);
    secret = created.body;
  });
  afterAll(async () => {
    await ctx?.close();
    await Promise.all([own?.close(), other?.close()]);
  });

  async function runOf(name: string, actions: Action[]) {
    const testId = await createGeneratedTest(ctx, name, `${own.origin}/`, actions);
    const run = await startRun(ctx, testId);
    return waitForRun(ctx, run._id);
  }

  it('types a secret into a page of its own test site', async () => {
    const run = await runOf('Own site', [{ kind: 'goto', url: `${own.origin}/login` }, fillPassword]);
    expect({ status: run.status, said: describeRun(run) }).toEqual({
      status: 'passed',
      said: expect.any(String),
    });
  });

  it('refuses to type it into a page on another host:port, saying so', async () => {
    const run = await runOf('Other port', [{ kind: 'goto', url: `${other.origin}/login` }, fillPassword]);
    expect(run.status).toBe('failed');
    expect(run.steps[1].error).toEqual({
      error_type: 'secret_refused',
      message: `The secret "API_KEY" may only be typed into pages on ${own.host}; this page is on ${other.host}. Add the host to the secret's allowed hosts (Secrets) if it should go there.`,
    });
  });

  it('refuses to open a URL carrying it on another host, so the request is never made', async () => {
    const run = await runOf('Secret in a URL', [
      { kind: 'goto', url: `${other.origin}/steal?k={{API_KEY}}` },
    ]);
    expect(run.status).toBe('failed');
    expect(run.steps[0].error?.error_type).toBe('secret_refused');
    expect(other.paths.filter((path) => path.startsWith('/steal'))).toEqual([]);
  });

  it('types it wherever the secret itself says, and only there', async () => {
    const updated = await api<SharedParameter>(
      ctx.server,
      'PUT',
      `/test-suites/${ctx.suiteId}/shared-parameters/${secret._id}`,
      { token: ctx.token, body: { allowed_hosts: [other.host] } },
    );
    expect([updated.status, updated.body.allowed_hosts]).toEqual([200, [other.host]]);
    const there = await runOf('Named host', [{ kind: 'goto', url: `${other.origin}/login` }, fillPassword]);
    expect(there.status).toBe('passed');
    const ownNow = await runOf('Own site, unnamed', [
      { kind: 'goto', url: `${own.origin}/login` },
      fillPassword,
    ]);
    expect(ownNow.steps[1].error?.error_type).toBe('secret_refused');
  });

  it('refuses a host list that holds something other than hosts', async () => {
    const refused = await api<{ error: { message: string } }>(
      ctx.server,
      'PUT',
      `/test-suites/${ctx.suiteId}/shared-parameters/${secret._id}`,
      { token: ctx.token, body: { allowed_hosts: ['https://evil.example/path'] } },
    );
    expect([refused.status, refused.body.error.message]).toEqual([
      400,
      '"https://evil.example/path" is not a host: write shop.example, 127.0.0.1:4100 or *.shop.example',
    ]);
  });
});
