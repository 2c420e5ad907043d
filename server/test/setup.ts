// Each suite starts a whole server with its own database; PGlite takes a few seconds to boot.
jest.setTimeout(30_000);

// The browsers of the products the suites start as child processes share the CPU fairly with the suites
// jest runs beside them (startTestServer's config, healer and runnerAbort's pools say so themselves); the
// product's default yields to the API, which server/src/runner/chromium.test.ts checks.
process.env.BROWSER_NICENESS ??= '0';

// On CI (a fresh clone on a shared 2-core machine, 90 minutes for everything) a test that fails is run once
// more, and the first failure is printed: a test that fails for a reason fails twice, and a second failure
// of CI for the machine's load alone (a set-up that outran jest's 30 s once) costs a whole stop.
if (process.env.CI) jest.retryTimes(1, { logErrorsBeforeRetry: true });
