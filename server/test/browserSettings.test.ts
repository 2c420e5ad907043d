import http from 'node:http';
import { type TestCase } from '../../contract/testCases';
import { api } from './helpers';
import {
  createTest,
  describeSteps,
  setUpGeneration,
  waitForGeneration,
  type GenerationContext,
} from './generationFixtures';
import { describeRun, startRun, waitForRun } from './runFixtures';

jest.setTimeout(180_000);

// The page says what window and user agent the browser opened it with: a step that checks the text
// passes only when the test's settings reached the browser.
const PAGE = `<!doctype html>
<html>
<head><meta charset="utf-8"><title>Window</title></head>
<body>
<p id="size"></p>
<p id="agent"></p>
<script>
  const show = () => {
    document.getElementById('size').textContent = 'Size ' + innerWidth + 'x' + innerHeight;
  };
  show();
  addEventListener('resize', show);
  document.getElementById('agent').textContent = navigator.userAgent.includes('PlainwrightProbe/1.0')
    ? 'Agent is the probe'
    : 'Agent is the browser';
</script>
</body>
</html>`;

async function serveInlinePage(): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(PAGE);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

describe("a test's browser settings", () => {
  let site: Awaited<ReturnType<typeof serveInlinePage>>;
  let ctx: GenerationContext;

  beforeAll(async () => {
    site = await serveInlinePage();
    ctx = await setUpGeneration();
  });
  afterAll(async () => {
    await ctx?.close();
    await site?.close();
  });

  it('open the page in the viewport and with the user agent of the test, when generated, run and exported', async () => {
    const created = await createTest(
      ctx,
      {
        name: 'Phone window',
        website: site.url,
        description:
          '<p>Verify that the page shows "Size 375x667"</p><p>Verify that the page shows "Agent is the probe"</p>',
        viewport_width: 375,
        viewport_height: 667,
      },
      /* schedule */ false,
    );
    // The user agent goes with an edit that asks for a generation, as the test page saves it.
    const edited = await api<TestCase>(ctx.server, 'PATCH', `/test-case/${created._id}/edit?schedule=true`, {
      token: ctx.token,
      body: { test_case_id: created._id, user_agent: 'PlainwrightProbe/1.0' },
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({
      viewport_width: 375,
      viewport_height: 667,
      user_agent: 'PlainwrightProbe/1.0',
    });

    const generated = await waitForGeneration(ctx, created._id);
    expect([generated.state, describeSteps(generated)]).toEqual(['passed', expect.any(String)]);
    expect(generated.final_script).toContain(
      "test.use({ viewport: { width: 375, height: 667 }, userAgent: 'PlainwrightProbe/1.0' });",
    );
    expect(generated.final_script_py).toContain('"viewport": {"width": 375, "height": 667}');
    expect(generated.final_script_py).toContain('"user_agent": "PlainwrightProbe/1.0"');

    const run = await waitForRun(ctx, (await startRun(ctx, created._id))._id);
    expect([run.status, describeRun(run)]).toEqual(['passed', expect.any(String)]);
  });

  it('open the page in the default desktop window otherwise, so the checks above can fail', async () => {
    const created = await createTest(ctx, {
      name: 'Desktop window',
      website: site.url,
      description:
        '<p>Verify that the page shows "Size 1280x720"</p><p>Verify that the page shows "Agent is the browser"</p>',
    });
    const generated = await waitForGeneration(ctx, created._id);
    expect([generated.state, describeSteps(generated)]).toEqual(['passed', expect.any(String)]);
    expect(generated.final_script).not.toContain('userAgent');

    const phone = await createTest(ctx, {
      name: 'Expects a phone',
      website: site.url,
      description: '<p>Verify that the page shows "Size 375x667"</p>',
    });
    expect((await waitForGeneration(ctx, phone._id)).state).not.toBe('passed');
  });
});
