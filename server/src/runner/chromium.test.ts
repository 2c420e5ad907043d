import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { findChromium } from './chromium';

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
