import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { EXPECTED } from './pageScriptChecks';

// Issue 28: the product ran through tsx (`node --import tsx server/src/main.ts start`), whose esbuild
// keepNames wrapped the functions the runner sent into the page in a `__name` helper the page lacks: with
// a secret in the project every screenshot was lost. jest compiles with swc, so the runner is loaded here
// the product's ways, in a process of its own: through tsx (development, `npm run server`) and bundled as
// `npm start` runs it (issue 34: build/server/main.js).

jest.setTimeout(120_000);

const ROOT = path.resolve(__dirname, '..', '..');

function runNode(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, {
      cwd: ROOT,
      // The child is Node as `npm start` runs it, not jest's VM-modules Node.
      env: { ...process.env, NODE_OPTIONS: '' },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** The report runnerUnderTsx.ts printed, once it ran and exited 0. */
function reportOf({ code, stdout, stderr }: { code: number | null; stdout: string; stderr: string }) {
  expect({ code, stderr: code === 0 ? '' : stderr }).toEqual({ code: 0, stderr: '' });
  return JSON.parse(stdout.trim().split('\n').pop()!) as {
    screenshot: { jpeg?: string; bytes?: number; error?: string };
    scripts: unknown;
  };
}

describe('the runner as the product loads it', () => {
  it('under tsx: screenshots a page showing a secret, and every page script does its job', async () => {
    const report = reportOf(await runNode(['--import', 'tsx', path.join(__dirname, 'runnerUnderTsx.ts')]));
    expect(report.screenshot).toEqual({ jpeg: 'ffd8ff', bytes: expect.any(Number) });
    expect(report.scripts).toEqual(EXPECTED);
  });

  it('bundled as npm start runs the server (scripts/build-server.mjs): the same', async () => {
    // Where the product's bundle lives (build/<folder>/): its packages and sources are found from there.
    fs.mkdirSync(path.join(ROOT, 'build'), { recursive: true });
    const dir = fs.mkdtempSync(path.join(ROOT, 'build', 'runner-check-'));
    try {
      const built = await runNode([
        '--input-type=module',
        '-e',
        `const { bundleServer } = await import(${JSON.stringify(path.join(ROOT, 'scripts', 'build-server.mjs'))});` +
          `await bundleServer(['server/test/runnerUnderTsx.ts'], ${JSON.stringify(dir)});`,
      ]);
      expect({ code: built.code, stderr: built.stderr }).toEqual({ code: 0, stderr: '' });
      const report = reportOf(await runNode(['--enable-source-maps', path.join(dir, 'runnerUnderTsx.js')]));
      expect(report.screenshot).toEqual({ jpeg: 'ffd8ff', bytes: expect.any(Number) });
      expect(report.scripts).toEqual(EXPECTED);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
