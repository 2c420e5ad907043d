// Every jest project's setup: a test fails CI on its first failure. Only the suites listed in
// .ci/quarantine.json, each with the reason it cannot be trusted yet, run a failing test once more on CI,
// with the first failure printed.
import path from 'node:path';
import quarantine from '../.ci/quarantine.json';

const ROOT = path.resolve(__dirname, '..');

export function isQuarantined(testPath: string): boolean {
  const file = path.relative(ROOT, testPath);
  return (quarantine.suites as { file: string; reason: string }[]).some((suite) => suite.file === file);
}

const { testPath } = expect.getState();
if (process.env.CI && testPath && isQuarantined(testPath)) jest.retryTimes(1, { logErrorsBeforeRetry: true });
