import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import util from 'node:util';
import { chromium, type Browser } from 'playwright-core';
import { type SignedRunArtifact, type TestRun } from '../../contract/runs';
import { findChromium, QUIET_CHROMIUM_ARGS } from '../src/runner/chromium';
import { SECRET_MASK } from '../src/runner/values';
import { readZip } from '../src/lib/zip';
import { api } from './helpers';
import {
  createTest,
  describeSteps,
  setUpGeneration,
  waitForGeneration,
  type GeneratedTest,
  type GenerationContext,
} from './generationFixtures';
import { describeRun, startRun, waitForRun } from './runFixtures';

// Issue 9: a secret typed into a field, put in a URL and echoed back by the page is found nowhere:
// not in API bodies, the database, the artifacts (traces unzipped), the logs or the exports, and
// every element showing it is masked in screenshots.

jest.setTimeout(240_000);

// Non-ASCII and spaces, so its URL-encoded form differs from the value itself.
const SECRET = 'Plänted sëcret 7Q4xZ';
const SECRET_NAME = 'API_KEY';

/** The forms the value takes once written out: as is, in JSON, in a URL (query, form), in a bytea dump. */
const FORMS: [string, string][] = [
  ['the value', SECRET],
  ['the JSON-escaped value', JSON.stringify(SECRET).slice(1, -1)],
  ['the URL-encoded value', encodeURIComponent(SECRET)],
  ['the form-encoded value', new URLSearchParams({ k: SECRET }).toString().slice(2)],
  ['the value as a browser encodes a query', new URL(`http://x/?${SECRET}`).search.slice(1)],
  ['the hex of the value', Buffer.from(SECRET, 'utf8').toString('hex')],
  // The fixture page and its server put these in a request's authorization header and a cookie.
  ['the value in a Basic authorization header', Buffer.from(`user:${SECRET}`, 'latin1').toString('base64')],
  ['the value in a cookie', Buffer.from(SECRET, 'utf8').toString('base64')],
  // A fragment that survives escapes the list above misses (\u00e4, lower-case %c3…).
  ['a fragment of the value', '7Q4xZ'],
];

/** Where the value is found: `<where>: <form>` for each form in the text. */
function leaks(where: string, content: string | Buffer): string[] {
  const data = typeof content === 'string' ? Buffer.from(content, 'utf8') : content;
  return FORMS.filter(([, form]) => data.includes(Buffer.from(form, 'utf8'))).map(
    ([name]) => `${where}: ${name}`,
  );
}

function isZip(content: Buffer): boolean {
  return content.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04]));
}

/** A zip's entries searched one by one (a trace's JSON is deflated, so the zip itself shows nothing). */
function leaksInFile(where: string, content: Buffer): string[] {
  if (!isZip(content)) return leaks(where, content);
  return readZip(content).flatMap((entry) => leaksInFile(`${where}!${entry.name}`, entry.data));
}

// The list item and the shadow root's line show what was typed; the status reads ?key=.
const LIST_ITEM = { x: 30, y: 205, width: 380, height: 30 };
const SHADOW_LINE = { x: 30, y: 305, width: 380, height: 30 };
const STATUS = { x: 20, y: 100, width: 300, height: 30 };

const PAGE = `<!doctype html>
<html>
<head>
<meta charset="utf-8">
<title>Keys</title>
<style>
  body { margin: 0; font: 20px sans-serif; background: #fff; color: #000; }
  form { position: absolute; top: 20px; left: 20px; }
  #status { position: absolute; top: 100px; left: 20px; margin: 0; height: 30px; width: 300px; }
  #echo { position: absolute; top: 200px; left: 20px; width: 400px; margin: 0; padding: 0; list-style: none; }
  #echo li { height: 40px; line-height: 40px; }
  echo-line { position: absolute; top: 300px; left: 20px; width: 400px; display: block; }
</style>
</head>
<body>
<form id="add">
  <label for="token">Token</label> <input id="token" autocomplete="off"> <button type="submit">Add</button>
</form>
<p id="status"></p>
<ul id="echo"></ul>
<echo-line></echo-line>
<script>
  customElements.define('echo-line', class extends HTMLElement {
    constructor() {
      super();
      this.attachShadow({ mode: 'open' }).innerHTML =
        '<style>span { display: block; height: 40px; line-height: 40px; }</style><span></span>';
    }
  });
  const key = new URLSearchParams(location.search).get('key');
  document.getElementById('status').textContent = key ? 'Key received' : 'No key yet';
  if (key) {
    // A console warning and a failed request that carry the key, for the run's log and the trace.
    console.warn('Opened ' + location.href);
    // Sent with the key in a Basic authorization header; the answer sets it in a cookie (base64 both).
    fetch('/missing?key=' + encodeURIComponent(key), {
      headers: { authorization: 'Basic ' + btoa('user:' + key) },
    }).catch(() => undefined);
  }
  document.getElementById('add').addEventListener('submit', (event) => {
    event.preventDefault();
    const input = document.getElementById('token');
    const item = document.createElement('li');
    item.textContent = 'Saved: ' + input.value;
    document.getElementById('echo').append(item);
    document.querySelector('echo-line').shadowRoot.querySelector('span').textContent = 'Also: ' + input.value;
    input.value = '';
  });
</script>
</body>
</html>`;

async function serveInlinePage(): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer((request, response) => {
    if (request.url?.startsWith('/missing')) {
      const key = new URL(request.url, 'http://x').searchParams.get('key') ?? '';
      response.writeHead(404, {
        'content-type': 'text/plain',
        'set-cookie': `last-key=${Buffer.from(key, 'utf8').toString('base64')}; Path=/`,
      });
      response.end('Not found');
      return;
    }
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(PAGE);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** Everything the server writes to stdout/stderr or the console while the suite runs. */
function captureLogs(): { lines: string[]; restore(): void } {
  const lines: string[] = [];
  const record = (chunk: unknown) => {
    lines.push(Buffer.isBuffer(chunk) ? chunk.toString('utf8') : String(chunk));
    return true;
  };
  const spies = [
    jest.spyOn(process.stdout, 'write').mockImplementation(record),
    jest.spyOn(process.stderr, 'write').mockImplementation(record),
    ...(['log', 'info', 'warn', 'error', 'debug'] as const).map((method) =>
      jest.spyOn(console, method).mockImplementation((...args: unknown[]) => {
        record(util.format(...args));
      }),
    ),
  ];
  return { lines, restore: () => spies.forEach((spy) => spy.mockRestore()) };
}

async function getText(ctx: GenerationContext, urlPath: string): Promise<{ status: number; text: string }> {
  const response = await fetch(`${ctx.server.url}/api${urlPath}`, {
    headers: { authorization: `Bearer ${ctx.token}` },
  });
  return { status: response.status, text: await response.text() };
}

async function download(ctx: GenerationContext, signedUrl: string): Promise<Buffer> {
  const response = await fetch(`${ctx.server.url}${signedUrl}`);
  expect(response.status).toBe(200);
  return Buffer.from(await response.arrayBuffer());
}

function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true })
    .map((name) => path.join(dir, String(name)))
    .filter((file) => fs.statSync(file).isFile());
}

/** The share of a box's pixels painted in Playwright's mask colour (#FF00FF), decoded by Chromium. */
async function maskedShare(
  browser: Browser,
  jpeg: Buffer,
  box: { x: number; y: number; width: number; height: number },
): Promise<number> {
  const page = await browser.newPage();
  try {
    return await page.evaluate(
      async ({ data, box }) => {
        const image = new Image();
        image.src = `data:image/jpeg;base64,${data}`;
        await image.decode();
        const canvas = document.createElement('canvas');
        canvas.width = image.width;
        canvas.height = image.height;
        const context = canvas.getContext('2d')!;
        context.drawImage(image, 0, 0);
        const pixels = context.getImageData(box.x, box.y, box.width, box.height).data;
        let masked = 0;
        for (let i = 0; i < pixels.length; i += 4)
          if (pixels[i] > 190 && pixels[i + 1] < 70 && pixels[i + 2] > 190) masked++;
        return masked / (pixels.length / 4);
      },
      { data: jpeg.toString('base64'), box },
    );
  } finally {
    await page.close();
  }
}

describe('a planted secret', () => {
  let logs: ReturnType<typeof captureLogs>;
  let site: Awaited<ReturnType<typeof serveInlinePage>>;
  let ctx: GenerationContext;
  let test: GeneratedTest;
  let run: TestRun;
  let browser: Browser;

  beforeAll(async () => {
    // Captured from before the server starts, so its logger writes through process.stdout.
    logs = captureLogs();
    site = await serveInlinePage();
    ctx = await setUpGeneration({ logger: true, env: { LOG_LEVEL: 'trace' } });
    const secret = await api<{ _id: string }>(
      ctx.server,
      'POST',
      `/test-suites/${ctx.suiteId}/shared-parameters`,
      { token: ctx.token, body: { key: SECRET_NAME, value: SECRET } },
    );
    expect(secret.status).toBe(201);
    const created = await createTest(ctx, {
      name: 'Keys',
      website: site.url,
      description: [
        `Type {{${SECRET_NAME}}} into the Token field.`,
        'Click the Add button.',
        `Go to ${site.url}?key={{${SECRET_NAME}}}.`,
        'Verify the page shows "Key received".',
      ].join(' '),
      shared_parameter_ids: [secret.body._id],
    });
    test = await waitForGeneration(ctx, created._id);
    expect({ state: test.state, steps: describeSteps(test) }).toMatchObject({ state: 'passed' });
    const started = await startRun(ctx, test._id);
    run = await waitForRun(ctx, started._id);
    expect({ status: run.status, run: describeRun(run) }).toMatchObject({ status: 'passed' });
    browser = await chromium.launch({
      executablePath: findChromium() ?? undefined,
      args: QUIET_CHROMIUM_ARGS,
    });
  });

  afterAll(async () => {
    await browser?.close();
    await ctx?.close();
    await site?.close();
    logs?.restore();
  });

  it('is used: typed, put in the URL the page reads, and echoed back', () => {
    const descriptions = test.test_generation_steps.map((step) => step.step_description);
    expect(descriptions).toEqual([
      `Open ${site.url}`,
      `Type {{${SECRET_NAME}}} into the Token field`,
      'Click the Add button',
      `Go to ${site.url}?key={{${SECRET_NAME}}}`,
      'Verify the page shows "Key received"',
    ]);
    expect(run.steps.map((step) => step.success)).toEqual([true, true, true, true, true]);
    // The URL a step ended on is kept, the value in it masked; the exports read the secret from the environment.
    expect(test.test_generation_steps[3].url).toBe(`${site.url}?key=${SECRET_MASK}`);
    expect(run.steps[3].url).toBe(`${site.url}?key=${SECRET_MASK}`);
    expect(test.final_script).toContain(SECRET_NAME);
    expect(test.final_script_py).toContain(SECRET_NAME);
  });

  it('is in no API body: the test, its tree, runs, run, steps, artifacts, images, traces and exports', async () => {
    const found: string[] = [];
    const bodies = [
      `/test-case/${test._id}`,
      `/test-suites/${ctx.suiteId}/tree`,
      `/test-suites/${ctx.suiteId}/shared-parameters`,
      `/test-runs/${test._id}`,
      `/test-run/${run._id}`,
    ];
    for (const urlPath of bodies) {
      const { status, text } = await getText(ctx, urlPath);
      expect({ urlPath, status }).toEqual({ urlPath, status: 200 });
      found.push(...leaks(`GET ${urlPath}`, text));
    }
    expect(run.artifacts.map((artifact) => artifact.name)).toEqual(
      expect.arrayContaining(['trace.zip', 'run.log', 'step-2.jpg']),
    );
    for (const artifact of run.artifacts) {
      const urlPath = `/artifacts/${run._id}?artifact_name=${encodeURIComponent(artifact.name)}`;
      const { status, text } = await getText(ctx, urlPath);
      expect(status).toBe(200);
      found.push(...leaks(`GET ${urlPath}`, text));
      const link = JSON.parse(text) as SignedRunArtifact;
      found.push(...leaksInFile(`the file ${artifact.name} of the run`, await download(ctx, link.url)));
    }
    const images = new Set(
      [...test.test_generation_steps, ...run.steps].flatMap((step) => step.screenshot_id ?? []),
    );
    for (const id of images) {
      const { status, text } = await getText(ctx, `/images/${id}`);
      expect(status).toBe(200);
      found.push(...leaks(`GET /images/${id}`, text));
    }
    for (const step of test.test_generation_steps) {
      const urlPath = `/traces/${test._id}/${step.step_index}`;
      const { status, text } = await getText(ctx, urlPath);
      expect(status).toBe(200);
      found.push(...leaks(`GET ${urlPath}`, text));
      const link = JSON.parse(text) as { url: string };
      found.push(
        ...leaksInFile(`the generation's trace of step ${step.step_index}`, await download(ctx, link.url)),
      );
    }
    expect(found).toEqual([]);
  });

  it('is in no table of the database', async () => {
    const sql = ctx.server.database.sql;
    const { rows: tables } = (await sql.executeSql(
      `SELECT table_schema, table_name FROM information_schema.tables
       WHERE table_type = 'BASE TABLE' AND table_schema NOT IN ('pg_catalog', 'information_schema')`,
    )) as { rows: { table_schema: string; table_name: string }[] };
    expect(tables.map((table) => table.table_name)).toEqual(
      expect.arrayContaining(['test_cases', 'test_runs', 'shared_parameters']),
    );
    const found: string[] = [];
    for (const { table_schema: schema, table_name: table } of tables) {
      const { rows } = (await sql.executeSql(`SELECT t::text AS row FROM "${schema}"."${table}" t`)) as {
        rows: { row: string }[];
      };
      for (const { row } of rows) found.push(...leaks(`${schema}.${table}`, row));
    }
    expect(found).toEqual([]);
  });

  it('is in no file under the artifacts folder, trace zips unzipped', () => {
    const files = filesUnder(ctx.server.config.generation.artifactsDir);
    expect(files.filter((file) => isZip(fs.readFileSync(file))).length).toBeGreaterThanOrEqual(2);
    const found = files.flatMap((file) =>
      leaksInFile(path.relative(ctx.server.config.generation.artifactsDir, file), fs.readFileSync(file)),
    );
    expect(found).toEqual([]);
  });

  it("is in none of the server's logs, nor in the run's", async () => {
    expect(logs.lines.join('')).toMatch(/\/api\/test-run\//);
    const link = await api<SignedRunArtifact>(
      ctx.server,
      'GET',
      `/artifacts/${run._id}?artifact_name=run.log`,
      { token: ctx.token },
    );
    const log = (await download(ctx, link.body.url)).toString('utf8');
    // The page's warning and its failed request are there, the key in them masked.
    expect(log).toContain(`WARNING console: Opened ${site.url}?key=${SECRET_MASK}`);
    expect(log).toContain(`WARNING network: 404 GET ${site.url}missing?key=${SECRET_MASK}`);
    expect(leaks('the run log', log)).toEqual([]);
    expect(leaks('the logs', logs.lines.join(''))).toEqual([]);
  });

  it('is masked in screenshots wherever the page shows it, inside a shadow root too', async () => {
    const added = test.test_generation_steps.findIndex(
      (step) => step.step_description === 'Click the Add button',
    );
    const screenshots = [
      { of: 'the generation', id: test.test_generation_steps[added].screenshot_id },
      { of: 'the run', id: run.steps[added].screenshot_id },
    ];
    const shares: Record<string, number> = {};
    for (const { of, id } of screenshots) {
      expect(id).toEqual(expect.any(String));
      const image = await api<{ url: string }>(ctx.server, 'GET', `/images/${id}`, { token: ctx.token });
      const jpeg = await download(ctx, image.body.url);
      shares[`${of}: the list item`] = await maskedShare(browser, jpeg, LIST_ITEM);
      shares[`${of}: the line in a shadow root`] = await maskedShare(browser, jpeg, SHADOW_LINE);
      // What shows no secret stays readable.
      shares[`${of}: the status`] = 1 - (await maskedShare(browser, jpeg, STATUS));
    }
    const unmasked = Object.entries(shares).filter(([, share]) => share < 0.95);
    expect(unmasked).toEqual([]);
  });
});
