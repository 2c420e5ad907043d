import { spawn } from 'node:child_process';
import path from 'node:path';
import { EXPECTED } from './pageScriptChecks';

// Issue 28: the product runs through tsx (`node --import tsx server/src/main.ts start`), whose esbuild
// keepNames wrapped the functions the runner sent into the page in a `__name` helper the page lacks: with
// a secret in the project every screenshot was lost. jest compiles with swc, so the runner is loaded here
// the product's way, in a process of its own.

jest.setTimeout(120_000);

const ROOT = path.resolve(__dirname, '..', '..');

function runUnderTsx(script: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', script], {
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

describe('the runner under tsx', () => {
  it('screenshots a page showing a secret, and every page script does its job', async () => {
    const { code, stdout, stderr } = await runUnderTsx(path.join(__dirname, 'runnerUnderTsx.ts'));
    expect({ code, stderr: code === 0 ? '' : stderr }).toEqual({ code: 0, stderr: '' });
    const report = JSON.parse(stdout.trim().split('\n').pop()!) as {
      screenshot: { jpeg?: string; bytes?: number; error?: string };
      scripts: unknown;
    };
    expect(report.screenshot).toEqual({ jpeg: 'ffd8ff', bytes: expect.any(Number) });
    expect(report.scripts).toEqual(EXPECTED);
  });
});
