import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * The Chromium to launch: CHROMIUM_PATH, else Playwright's own download when present (it matches
 * playwright-core's protocol best), else the system's (Debian's `chromium`). Null when none exists.
 */
export function findChromium(env: NodeJS.ProcessEnv = process.env): string | null {
  const candidates: string[] = [];
  if (env.CHROMIUM_PATH) candidates.push(env.CHROMIUM_PATH);
  const cache = env.PLAYWRIGHT_BROWSERS_PATH || path.join(os.homedir(), '.cache', 'ms-playwright');
  if (fs.existsSync(cache)) {
    const dirs = fs
      .readdirSync(cache)
      .filter((dir) => /^chromium-\d+$/.test(dir))
      .sort((a, b) => Number(b.split('-')[1]) - Number(a.split('-')[1]));
    for (const dir of dirs)
      candidates.push(
        path.join(cache, dir, 'chrome-linux64', 'chrome'),
        path.join(cache, dir, 'chrome-linux', 'chrome'),
      );
  }
  candidates.push('/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome');
  return candidates.find((candidate) => fs.existsSync(candidate)) ?? null;
}

/** Flags that keep Chromium off the network on machines without internet (no update or sync pings). */
export const QUIET_CHROMIUM_ARGS = [
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];
