// Run as `npm start` runs the server (`node --import tsx server/test/runnerUnderTsx.ts`): the runner loaded
// through tsx, a page showing a secret screenshotted through a runner session, then every page script
// injected. Prints what happened as JSON (server/test/pageScriptsUnderTsx.test.ts reads it).
import { chromium } from 'playwright-core';
import { findChromium, QUIET_CHROMIUM_ARGS, RunnerSession } from '../src/runner';

const SECRET = 'tsx-s3cret-81';

async function main(): Promise<void> {
  const browser = await chromium.launch({
    executablePath: findChromium() ?? undefined,
    args: QUIET_CHROMIUM_ARGS,
  });
  const report: Record<string, unknown> = {};
  try {
    const session = await RunnerSession.open(browser, {
      viewport: { width: 800, height: 600 },
      values: { parameters: {}, secrets: { API_KEY: SECRET } },
      stepTimeoutMs: 5000,
      trace: false,
    });
    await session.page.setContent(
      `<!doctype html><title>Keys</title><p>Your key: ${SECRET}</p><button>Save</button>`,
    );
    report.screenshot = await session.screenshot().then(
      (jpeg) => ({ jpeg: jpeg.subarray(0, 3).toString('hex'), bytes: jpeg.length }),
      (error: unknown) => ({ error: String(error).split('\n')[0] }),
    );
    // Imported here, so that a runner without page scripts still reports its screenshot.
    report.scripts = await import('./pageScriptChecks')
      .then(({ observePageScripts }) => observePageScripts(session.page))
      .catch((error: unknown) => ({ error: String(error).split('\n')[0] }));
    await session.close();
  } finally {
    await browser.close();
  }
  console.log(JSON.stringify(report));
}

void main();
