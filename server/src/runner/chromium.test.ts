import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { BrowserPool } from './browser';
import { BROWSER_NICENESS, findChromium, lowPriorityLauncher } from './chromium';

describe('findChromium', () => {
  let cache: string;

  beforeEach(() => {
    cache = fs.mkdtempSync(path.join(os.tmpdir(), 'plainwright-browsers-'));
  });

  afterEach(() => fs.rmSync(cache, { recursive: true, force: true }));

  const place = (...parts: string[]) => {
    const file = path.join(cache, ...parts);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, '');
    return file;
  };

  it("prefers Playwright's newest headless shell to its whole Chromium", () => {
    place('chromium-1200', 'chrome-linux64', 'chrome');
    place('chromium_headless_shell-1199', 'chrome-linux', 'headless_shell');
    const newest = place(
      'chromium_headless_shell-1200',
      'chrome-headless-shell-linux64',
      'chrome-headless-shell',
    );
    expect(findChromium({ PLAYWRIGHT_BROWSERS_PATH: cache })).toBe(newest);
  });

  it("takes Playwright's whole Chromium when no headless shell is anywhere", () => {
    const chrome = place('chromium-1200', 'chrome-linux64', 'chrome');
    const found = findChromium({ PLAYWRIGHT_BROWSERS_PATH: cache });
    // Debian's headless shell, when this machine has it, comes before any whole Chromium.
    expect(found).toBe(
      fs.existsSync('/usr/bin/chromium-headless-shell') ? '/usr/bin/chromium-headless-shell' : chrome,
    );
  });

  it('takes CHROMIUM_PATH before anything found', () => {
    place('chromium_headless_shell-1200', 'chrome-linux', 'headless_shell');
    const own = place('own', 'chrome');
    expect(findChromium({ PLAYWRIGHT_BROWSERS_PATH: cache, CHROMIUM_PATH: own })).toBe(own);
  });
});

describe('lowPriorityLauncher', () => {
  const tools = {
    platform: 'linux' as const,
    niceness: 0,
    nice: '/usr/bin/nice',
    setpriv: '/usr/bin/setpriv',
  };

  it('as root, starts the browser niced and without the right to raise its priority again', () => {
    const launcher = lowPriorityLauncher("/opt/it's/chrome", { ...tools, uid: 0 });
    try {
      expect(launcher.executablePath).not.toBe("/opt/it's/chrome");
      expect(fs.statSync(launcher.executablePath).mode & 0o777).toBe(0o700);
      expect(fs.readFileSync(launcher.executablePath, 'utf8')).toBe(
        `#!/bin/sh\nexec '/usr/bin/setpriv' '--bounding-set=-sys_nice' '--' '/usr/bin/nice' '-n' '${BROWSER_NICENESS}' '/opt/it'\\''s/chrome' "$@"\n`,
      );
    } finally {
      launcher.dispose();
    }
    expect(fs.existsSync(launcher.executablePath)).toBe(false);
  });

  it('adds only what is missing to reach the niceness; launches the executable itself when nothing is', () => {
    const niced = lowPriorityLauncher('/usr/bin/chromium', { ...tools, uid: 1000, niceness: 4 });
    try {
      expect(fs.readFileSync(niced.executablePath, 'utf8')).toContain(
        `'/usr/bin/nice' '-n' '${BROWSER_NICENESS - 4}' '/usr/bin/chromium'`,
      );
    } finally {
      niced.dispose();
    }
    expect(
      lowPriorityLauncher('/usr/bin/chromium', { ...tools, uid: 1000, niceness: BROWSER_NICENESS })
        .executablePath,
    ).toBe('/usr/bin/chromium');
    expect(
      lowPriorityLauncher('/usr/bin/chromium', { ...tools, uid: 0, platform: 'darwin' }).executablePath,
    ).toBe('/usr/bin/chromium');
  });
});

/** Every thread of the processes below `root` that `pick` keeps: [pid/tid, niceness]. */
function threadNiceness(root: number, pick: (command: string) => boolean): [string, number][] {
  const parents = new Map<number, number>();
  for (const entry of fs.readdirSync('/proc'))
    if (/^\d+$/.test(entry))
      try {
        const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
        parents.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
      } catch {
        // ended meanwhile
      }
  const below = new Set([root]);
  for (let grew = true; grew;) {
    grew = false;
    for (const [pid, ppid] of parents) if (!below.has(pid) && below.has(ppid)) grew = below.add(pid).size > 0;
  }
  const threads: [string, number][] = [];
  for (const pid of below) {
    if (pid === root) continue;
    try {
      if (!pick(fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8'))) continue;
      for (const tid of fs.readdirSync(`/proc/${pid}/task`)) {
        const stat = fs.readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
        // Field 19 (niceness) is the 17th after the command's closing parenthesis.
        threads.push([`${pid}/${tid}`, Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16])]);
      }
    } catch {
      // ended meanwhile
    }
  }
  return threads;
}

describe('the browser a worker launches (Linux: /proc)', () => {
  it('works below the API in priority, every thread of it, even after pages were rendered', async () => {
    const pool = new BrowserPool({ wsEndpoint: null });
    try {
      const browser = await pool.acquire();
      const page = await browser.newPage();
      await page.setContent('<h1>Priority</h1><input aria-label="Name">');
      await page.getByLabel('Name').fill('Ada');
      expect((await page.screenshot()).length).toBeGreaterThan(0);
      const threads = threadNiceness(process.pid, (command) => /chrom|headless/i.test(command));
      expect(threads.length).toBeGreaterThan(5);
      expect(threads.filter(([, niceness]) => niceness < BROWSER_NICENESS)).toEqual([]);
      await page.close();
    } finally {
      await pool.close();
    }
  }, 60_000);

  it("launches Chromium with WebRTC's non-proxied UDP off, so a page cannot go around the target guard", async () => {
    const pool = new BrowserPool({ wsEndpoint: null });
    try {
      await pool.acquire();
      // The browser's main process is this process's descendant (other suites may run browsers too).
      const commandLines: string[][] = [];
      threadNiceness(process.pid, (command) => {
        const args = command.split('\0');
        if (args.includes('--no-first-run')) commandLines.push(args);
        return false;
      });
      expect(commandLines.length).toBeGreaterThan(0);
      expect(commandLines[0]).toContain('--force-webrtc-ip-handling-policy=disable_non_proxied_udp');
    } finally {
      await pool.close();
    }
  }, 60_000);

  it("starts at the worker's priority when the launcher cannot run (a temp folder mounted noexec)", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'plainwright-noexec-'));
    const script = path.join(dir, 'chromium');
    fs.writeFileSync(script, '#!/bin/sh\nexit 1\n', { mode: 0o600 });
    const warnings: string[] = [];
    const pool = new BrowserPool({
      wsEndpoint: null,
      launcher: () => ({ executablePath: script, dispose: () => fs.rmSync(dir, { recursive: true }) }),
      warn: (line) => warnings.push(line),
    });
    try {
      const page = await (await pool.acquire()).newPage();
      await page.setContent('<p>Started anyway</p>');
      await expect(page.getByText('Started anyway').isVisible()).resolves.toBe(true);
      expect(warnings).toEqual([
        expect.stringMatching(
          /^\[browser\] Chromium did not start at a lower priority \(.+\); starting it at the worker's\.$/,
        ),
      ]);
      expect(fs.existsSync(dir)).toBe(false);
    } finally {
      await pool.close();
    }
  }, 60_000);
});
