import http from 'node:http';
import { type AddressInfo } from 'node:net';
import { chromium, type Browser } from 'playwright-core';
import { findChromium, QUIET_CHROMIUM_ARGS } from './chromium';
import { replay, type ReplayStepResult } from './replay';
import { RunLog } from './runLog';
import { RunnerSession } from './session';

jest.setTimeout(60_000);

const SECRET = 'r3play-s3cret';

// A page that shows a secret and refuses to have its elements marked: the screenshot cannot be masked,
// so none is taken (fails closed), and the step says why.
const PAGE = `<!doctype html><title>Unmaskable</title><p>Key: ${SECRET}</p>
<script>Element.prototype.setAttribute = function () { throw new Error('setAttribute is off on this page'); };</script>`;

describe('a step whose screenshot fails', () => {
  let browser: Browser;
  let server: http.Server;
  let url: string;

  beforeAll(async () => {
    server = http.createServer((_request, response) => response.end(PAGE));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    browser = await chromium.launch({
      executablePath: findChromium() ?? undefined,
      args: QUIET_CHROMIUM_ARGS,
    });
  });

  afterAll(async () => {
    await browser?.close();
    await new Promise((resolve) => server.close(resolve));
  });

  it('says why, in the step and in the run log, with the secret masked', async () => {
    const values = { parameters: {}, secrets: { API_KEY: SECRET } };
    const session = await RunnerSession.open(browser, {
      viewport: { width: 800, height: 600 },
      values,
      stepTimeoutMs: 3000,
      trace: false,
    });
    const log = new RunLog(Object.values(values.secrets));
    const results: ReplayStepResult[] = [];
    try {
      const outcome = await replay(
        session,
        [{ description: 'Open the page', actionName: 'goto', action: { kind: 'goto', url } }],
        { onStep: async (result) => void results.push(result), stopped: () => false },
        { language: 'typescript', stepTimeoutMs: 3000, screenshots: true, log },
      );
      expect(outcome.state).toBe('passed');
    } finally {
      await session.close();
    }
    expect(results.map(({ screenshot, screenshotError }) => ({ screenshot, screenshotError }))).toEqual([
      { screenshot: null, screenshotError: expect.stringContaining('setAttribute is off on this page') },
    ]);
    expect(log.text()).toContain('1. Open the page: Screenshot failed: ');
    expect(log.text()).not.toContain(SECRET);
  });
});
