import { randomBytes, randomInt } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { findChromium, QUIET_CHROMIUM_ARGS } from './server/src/runner/chromium';

// A port of its own per run (below Linux's ephemeral range), set in the environment the spec workers
// inherit: a server an earlier run left on a fixed port made the next run fail to start its own.
process.env.E2E_PORT ??= String(randomInt(20_000, 32_000));
const port = Number(process.env.E2E_PORT);
const baseURL = `http://127.0.0.1:${port}`;
// A fresh data dir per run: the end-to-end tests start from an empty product.
const dataDir = process.env.E2E_DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'pw-e2e-'));
// The dev mailbox's token (DEV_MAIL_TOKEN): made once here, in the runner's environment, which the
// workers that run the specs inherit, so a spec can read the mail the server sent.
process.env.E2E_DEV_MAIL_TOKEN ??= randomBytes(24).toString('base64url');

export default defineConfig({
  testDir: './e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: { executablePath: findChromium() ?? undefined, args: QUIET_CHROMIUM_ARGS },
      },
    },
  ],
  webServer: {
    // What npm start runs: the server's bundle, built first if a source changed since.
    command: 'node scripts/build-server.mjs && node --enable-source-maps build/server/main.js start',
    url: `${baseURL}/api/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      AUTH_AUTOCONFIRM: 'true',
      LOG_LEVEL: 'warn',
      // A step of the changed fixture site fails sooner than with the 10 s default.
      STEP_TIMEOUT_MS: '5000',
      // The product's browsers share the CPU fairly with the browser that drives the tests.
      BROWSER_NICENESS: '0',
      DATABASE_URL: process.env.E2E_DATABASE_URL ?? '',
      DEV_MAIL_TOKEN: process.env.E2E_DEV_MAIL_TOKEN,
      // The test inbox listens beside the server, as npm start's does on 2525.
      INBOX_SMTP_PORT: String(port + 1),
    },
  },
});
