import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { Worker } from 'node:worker_threads';
import { build } from 'esbuild';
import { MAX_SCRIPT_NESTING } from '../src/modules/pythonBounds';
import { api, startTestServer, type TestServer } from './helpers';
import { workspace, type Workspace } from './testCasesFixtures';

// Issue 27 item 4: a module's Python script is read on a thread of its own, within bounds.

const MODULES = path.join(__dirname, '..', 'src', 'modules');
const run = promisify(execFile);

/** As deep as the bounds allow, as long as the size limit allows: ~1 s of parsing each. */
function heavyScript(): string {
  const line = `page.goto(${'('.repeat(MAX_SCRIPT_NESTING - 2)}"https://a.example"${')'.repeat(MAX_SCRIPT_NESTING - 2)})\n`;
  return line.repeat(Math.floor(99_000 / line.length));
}

async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 10));
}

describe('the Python translator off the event loop (issue 27)', () => {
  let server: TestServer;
  let me: Workspace;

  beforeAll(async () => {
    server = await startTestServer();
    me = await workspace(server, 'ada@example.com');
  });
  afterAll(async () => server.close());

  const createModule = (name: string, script: string) =>
    api<{ error?: { message: string; details?: unknown } }>(
      server,
      'POST',
      `/test-suites/${me.suiteId}/test-module`,
      { token: me.token, body: { name, module_type: 'python_script', defining_py_script: script } },
    );

  it('answers /api/health while three heavy scripts are still being read', async () => {
    const handedToThread = jest.spyOn(Worker.prototype, 'postMessage');
    try {
      let answered = 0;
      const script = heavyScript();
      const creations = [1, 2, 3].map((n) =>
        createModule(`Heavy ${n}`, script).then((result) => {
          answered++;
          return result;
        }),
      );
      // On the event loop, a script would be read to its end before anything else is answered.
      const reading = () =>
        handedToThread.mock.calls.some(([message]) => Object.hasOwn(Object(message), 'script'));
      await until(() => reading() || answered > 0);
      const health = await fetch(`${server.url}/api/health`);
      expect(health.status).toBe(200);
      expect(answered).toBe(0);
      expect((await Promise.all(creations)).map((result) => result.status)).toEqual([201, 201, 201]);
    } finally {
      handedToThread.mockRestore();
    }
  });

  it('refuses a script that nests too deeply, saying where', async () => {
    const created = await createModule('Deep', `page.goto(${'('.repeat(5_000)}`);
    expect(created.status).toBe(400);
    expect(created.body.error?.details).toEqual([
      {
        line: 1,
        column: 10 + MAX_SCRIPT_NESTING,
        code: '('.repeat(40),
        reason: expect.stringContaining(`more than ${MAX_SCRIPT_NESTING} levels deep`),
      },
    ]);
  });

  describe('loaded outside jest', () => {
    const script = 'page.goto("https://a.example")';
    const expected = {
      ok: true,
      steps: [expect.objectContaining({ action: { kind: 'goto', url: 'https://a.example' } })],
    };
    let dir: string;
    beforeAll(() => (dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pw-python-thread-'))));
    afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

    it('reads a script under node --import tsx, as npm start runs the server', async () => {
      const main = path.join(dir, 'main.ts');
      fs.writeFileSync(
        main,
        `import { translatePythonOffThread } from ${JSON.stringify(path.join(MODULES, 'pythonThread.ts'))};\n` +
          `void translatePythonOffThread(${JSON.stringify(script)}).then((r) => console.log(JSON.stringify(r)));\n`,
      );
      const { stdout } = await run(process.execPath, ['--import', 'tsx', main], {
        cwd: path.join(__dirname, '..', '..'),
      });
      expect(JSON.parse(stdout)).toEqual(expected);
    });

    it('reads a script bundled by esbuild, the thread being an entry point of its own', async () => {
      await build({
        entryPoints: ['pythonThread', 'pythonThreadMain'].map((name) => path.join(MODULES, `${name}.ts`)),
        outdir: dir,
        bundle: true,
        platform: 'node',
        format: 'cjs',
        logLevel: 'silent',
      });
      const { stdout } = await run(process.execPath, [
        '-e',
        `require(${JSON.stringify(path.join(dir, 'pythonThread.js'))})` +
          `.translatePythonOffThread(${JSON.stringify(script)}).then((r) => console.log(JSON.stringify(r)))`,
      ]);
      expect(JSON.parse(stdout)).toEqual(expected);
    });
  });
});
