// Each suite starts a whole server with its own database; PGlite takes a few seconds to boot, more
// while another suite's browser works beside it. Waiting longer only costs time when a test is about
// to fail anyway.
jest.setTimeout(60_000);

// The browsers of the products the suites start as child processes share the CPU fairly with the suites
// jest runs beside them (startTestServer's config, healer and runnerAbort's pools say so themselves); the
// product's default yields to the API, which server/src/runner/chromium.test.ts checks.
process.env.BROWSER_NICENESS ??= '0';
