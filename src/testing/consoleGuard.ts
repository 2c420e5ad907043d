import { format } from 'node:util';

// A test fails when it logs an error it did not expect: 'no console errors' is part of the quality bar.
let logged: string[] = [];
let allowed: RegExp[] = [];

/** Lets the current test log errors matching the pattern (for paths that report failures on purpose). */
export function allowConsoleErrors(pattern: RegExp) {
  allowed.push(pattern);
}

export function installConsoleGuard() {
  beforeEach(() => {
    logged = [];
    allowed = [];
    jest.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
      logged.push(format(...args));
    });
  });

  afterEach(() => {
    const unexpected = logged.filter((line) => !allowed.some((pattern) => pattern.test(line)));
    logged = [];
    if (unexpected.length > 0) {
      throw new Error(
        `Unexpected console.error:\n${unexpected.map((line) => line.slice(0, 600)).join('\n---\n')}`,
      );
    }
  });
}
