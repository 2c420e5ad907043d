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

/**
 * Flags that keep Chromium off the network on machines without internet (no update or sync pings), and a
 * tested page's WebRTC off any path but the guarded proxy.
 */
export const QUIET_CHROMIUM_ARGS = [
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
  // WebRTC's UDP goes around the proxy the target guard watches (issue 27): only proxied traffic may leave.
  '--force-webrtc-ip-handling-policy=disable_non_proxied_udp',
];

/** The niceness the browsers of generations and runs work at (0 is a person's request; 19 the lowest). */
export const BROWSER_NICENESS = 10;

export interface Launcher {
  /** What to give Playwright as `executablePath`. */
  executablePath: string;
  /** Removes what the launcher wrote. */
  dispose(): void;
}

export interface LauncherTools {
  platform?: NodeJS.Platform;
  /** The current user's id (0 = root). */
  uid?: number;
  /** This process's niceness. */
  niceness?: number;
  nice?: string | null;
  setpriv?: string | null;
  /** The niceness to reach (BROWSER_NICENESS by default). */
  target?: number;
}

/**
 * Starts Chromium below the API and the database in priority: through a small script that runs it at
 * BROWSER_NICENESS (`nice`) and, as root, without CAP_SYS_NICE (`setpriv`).
 *
 * NOTE: Chromium raises its UI, IO and compositor threads to niceness -8 whenever it may, which root
 * always may. Then two runs' browsers came before the API's own event loop: with 20 runs and 2
 * generations under way on 2 cores the API's p99 was 2.1 s (p50 112 ms); with this launcher,
 * 0.8–1.1 s (p50 46–51 ms), while more runs finished (`npm run bench api-under-load`). The runs lose
 * nothing while nobody else wants the CPU.
 * Elsewhere (not Linux, neither tool) the executable itself is launched.
 */
export function lowPriorityLauncher(executablePath: string, tools: LauncherTools = {}): Launcher {
  const platform = tools.platform ?? process.platform;
  const uid = tools.uid ?? process.getuid?.() ?? -1;
  const niceness = tools.niceness ?? os.getPriority();
  const nice = tools.nice !== undefined ? tools.nice : existing('/usr/bin/nice', '/bin/nice');
  const setpriv = tools.setpriv !== undefined ? tools.setpriv : existing('/usr/bin/setpriv', '/bin/setpriv');
  const prefix: string[] = [];
  if (platform === 'linux' && uid === 0 && setpriv) prefix.push(setpriv, '--bounding-set=-sys_nice', '--');
  const raise = (tools.target ?? BROWSER_NICENESS) - niceness;
  if (platform === 'linux' && nice && raise > 0) prefix.push(nice, '-n', String(raise));
  if (prefix.length === 0) return { executablePath, dispose: () => undefined };
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'plainwright-chromium-'));
  const script = path.join(dir, 'chromium');
  const words = [...prefix, executablePath].map(shellQuote).join(' ');
  fs.writeFileSync(script, `#!/bin/sh\nexec ${words} "$@"\n`, { mode: 0o700 });
  return { executablePath: script, dispose: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

function existing(...paths: string[]): string | null {
  return paths.find((candidate) => fs.existsSync(candidate)) ?? null;
}

function shellQuote(word: string): string {
  return `'${word.replaceAll("'", "'\\''")}'`;
}
