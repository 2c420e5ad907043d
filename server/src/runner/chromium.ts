import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * The Chromium to launch headless: CHROMIUM_PATH, else a headless shell (Playwright's download, then
 * Debian's `chromium-headless-shell`), else a whole Chromium (Playwright's, then the system's). Null
 * when none exists.
 *
 * NOTE: the headless shell first. A whole Chromium runs headless as the full browser (Chromium 132
 * removed the old headless mode from it): on this kind of machine each run's browser then took about
 * three times the CPU (1.45 s against 0.37 s for a four-step run, `npm run bench run-all`), which is what
 * two runs at once on two cores are short of. Playwright itself picks its headless shell for the same reason.
 */
export function findChromium(env: NodeJS.ProcessEnv = process.env): string | null {
  const candidates: string[] = [];
  if (env.CHROMIUM_PATH) candidates.push(env.CHROMIUM_PATH);
  const cache = env.PLAYWRIGHT_BROWSERS_PATH || path.join(os.homedir(), '.cache', 'ms-playwright');
  const downloads = (prefix: string) =>
    fs.existsSync(cache)
      ? fs
          .readdirSync(cache)
          .filter((dir) => new RegExp(`^${prefix}-\\d+$`).test(dir))
          .sort((a, b) => Number(b.split('-')[1]) - Number(a.split('-')[1]))
          .map((dir) => path.join(cache, dir))
      : [];
  for (const dir of downloads('chromium_headless_shell'))
    candidates.push(
      path.join(dir, 'chrome-headless-shell-linux64', 'chrome-headless-shell'),
      path.join(dir, 'chrome-linux', 'headless_shell'),
    );
  candidates.push('/usr/bin/chromium-headless-shell');
  for (const dir of downloads('chromium'))
    candidates.push(path.join(dir, 'chrome-linux64', 'chrome'), path.join(dir, 'chrome-linux', 'chrome'));
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
