import http from 'node:http';
import { type AddressInfo } from 'node:net';
import {
  createTest,
  describeSteps,
  setUpGeneration,
  waitForGeneration,
  type GenerationContext,
} from './generationFixtures';
import { describeRun, startRun, waitForRun } from './runFixtures';

jest.setTimeout(120_000);

// Issue 27, finding 2: a test that followed a sign-in link stored the session's access token, which an
// implicit-flow redirect puts in the address's fragment, in its steps' `url`.

const TOKEN = 'eyJhbGciOiJFUzI1NiJ9.access-token-of-the-landing';

/** A site whose sign-in link lands, like GoTrue's /verify, on a page with the session in the fragment. */
async function serveSignInSite(): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer((request, response) => {
    if (request.url === '/verify') {
      response.writeHead(303, {
        location: `/welcome#access_token=${TOKEN}&refresh_token=r-token&type=recovery`,
      });
      response.end();
      return;
    }
    response.writeHead(200, { 'content-type': 'text/html' });
    response.end('<!doctype html><title>Welcome</title><h1>Signed in</h1>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

describe("a step's url", () => {
  let ctx: GenerationContext;
  let site: Awaited<ReturnType<typeof serveSignInSite>>;
  beforeAll(async () => {
    [ctx, site] = await Promise.all([setUpGeneration(), serveSignInSite()]);
  });
  afterAll(async () => {
    await Promise.all([ctx?.close(), site?.close()]);
  });

  it('is kept without its fragment, in generated steps and in run steps', async () => {
    const created = await createTest(ctx, {
      name: 'Sign-in link',
      website: `${site.url}/verify`,
      description: 'Verify the page shows "Signed in".',
    });
    const test = await waitForGeneration(ctx, created._id);
    expect({ state: test.state, steps: describeSteps(test) }).toMatchObject({ state: 'passed' });
    const run = await waitForRun(ctx, (await startRun(ctx, created._id))._id);
    expect({ status: run.status, run: describeRun(run) }).toMatchObject({ status: 'passed' });

    expect(test.test_generation_steps.map((step) => step.url)).toEqual(
      test.test_generation_steps.map(() => `${site.url}/welcome`),
    );
    expect(run.steps.map((step) => step.url)).toEqual(run.steps.map(() => `${site.url}/welcome`));
    // The test and the run as the API answers them: the token is nowhere.
    for (const body of [test, run]) expect(JSON.stringify(body)).not.toContain(TOKEN);
  });
});
