import { eq } from 'drizzle-orm';
import { serveFixtureSites, type FixtureSites } from '../../fixtures/sites/serve';
import { TEST_DATA_LIMITS, type TestData } from '../../contract/testData';
import { testCases } from '../src/db/schema';
import { type Action } from '../src/runner';
import { SECRET_MASK } from '../src/runner/values';
import { setUpGeneration, type GenerationContext } from './generationFixtures';
import { api, tokenFor } from './helpers';
import { createGeneratedTest, waitForRun } from './runFixtures';

// Data-driven runs (issue 33): a test's data table (PUT/GET /test-case/{id}/data, JSON or CSV) and a
// run that runs the test once per row, in real Chromium, showing the rows as one result.

jest.setTimeout(180_000);

interface ErrorBody {
  error: { message: string; details?: { fields?: Record<string, string> } };
}

let sites: FixtureSites;
let ctx: GenerationContext;
let testId: string;

beforeAll(async () => {
  sites = await serveFixtureSites();
  ctx = await setUpGeneration({ sites });
  const field = { locator: { by: 'placeholder' as const, text: 'What needs to be done?' } };
  // The row's item is typed; the check wants Milk: a row of another item fails.
  const actions: Action[] = [
    { kind: 'goto', url: sites.url('todo') },
    { kind: 'fill', target: field, value: '{{item}}' },
    { kind: 'expect', assert: { type: 'value', target: field, value: 'Milk' } },
  ];
  testId = await createGeneratedTest(ctx, 'Adds an item', sites.url('todo'), actions, {
    item: 'Milk',
    note: 'none',
  });
  // As a passed generation leaves it: the test has a script to export.
  await ctx.server.database.db.update(testCases).set({ finalScript: '' }).where(eq(testCases.id, testId));
});
afterAll(async () => {
  await ctx?.close();
  await sites?.close();
});

const call = <T>(method: string, path: string, body?: unknown, token = ctx.token) =>
  api<T & ErrorBody>(ctx.server, method, path, { token, body });

async function putCsv(csv: string): Promise<{ status: number; body: TestData & ErrorBody }> {
  const response = await fetch(`${ctx.server.url}/api/test-case/${testId}/data`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${ctx.token}`, 'content-type': 'text/csv' },
    body: csv,
  });
  return { status: response.status, body: (await response.json()) as TestData & ErrorBody };
}

it('stores a table as JSON or CSV, refusing unknown columns, too many rows and other organizations', async () => {
  expect((await call<TestData>('GET', `/test-case/${testId}/data`)).body).toEqual({
    test_case_id: testId,
    columns: ['item', 'note'],
    rows: [],
  });

  const unknown = await call('PUT', `/test-case/${testId}/data`, { rows: [{ item: 'Milk', colour: 'red' }] });
  expect(unknown.status).toBe(400);
  expect(unknown.body.error.details?.fields).toEqual({ columns: 'unknown' });
  expect(unknown.body.error.message).toContain('"colour"');
  expect(unknown.body.error.message).toContain('item, note');

  const many = await putCsv(
    ['item', ...Array.from({ length: TEST_DATA_LIMITS.rows + 1 }, (_, i) => `x${i}`)].join('\n'),
  );
  expect(many.status).toBe(400);
  expect(many.body.error.details?.fields).toEqual({ rows: 'too_many' });
  const csvUnknown = await putCsv('item,price\nMilk,2\n');
  expect(csvUnknown.status).toBe(400);
  expect(csvUnknown.body.error.message).toContain('"price"');
  const unclosed = await putCsv('item\n"Milk\n');
  expect(unclosed.status).toBe(400);
  expect(unclosed.body.error.details?.fields).toEqual({ csv: 'invalid' });

  const other = await tokenFor(ctx.server, { email: 'mallory@elsewhere.example' });
  expect((await call('GET', `/test-case/${testId}/data`, undefined, other.token)).status).toBe(404);
  expect(
    (await call('PUT', `/test-case/${testId}/data`, { rows: [{ colour: 'x' }] }, other.token)).status,
  ).toBe(404);

  const csv = await putCsv('item,note\r\n"Milk, semi-skimmed",first\r\nBread,"say ""hi"""\r\n');
  expect(csv.status).toBe(200);
  expect(csv.body.rows).toEqual([
    { item: 'Milk, semi-skimmed', note: 'first' },
    { item: 'Bread', note: 'say "hi"' },
  ]);
  const json = await call<TestData>('PUT', `/test-case/${testId}/data`, {
    rows: [{ item: 'Milk' }, { item: 'Bread' }],
  });
  expect(json.status).toBe(200);
  expect((await call<TestData>('GET', `/test-case/${testId}/data`)).body.rows).toEqual([
    { item: 'Milk' },
    { item: 'Bread' },
  ]);
});

it('exports a `for` over the rows', async () => {
  const exported = await call<{ files: { path: string; content: string }[] }>(
    'GET',
    `/test-case/${testId}/export`,
  );
  expect(exported.status).toBe(200);
  const [file] = exported.body.files;
  expect(file!.content).toContain(
    "const rows: Record<string, string>[] = [\n  { item: 'Milk' },\n  { item: 'Bread' },\n];",
  );
  expect(file!.content).toContain('for (const [index, row] of rows.entries()) {');
  expect(file!.content).toContain('    const params = { ...testParams, ...row };');
  expect(file!.content).toContain('.fill(params.item)');
});

it('runs the test once per row and shows the rows as one result, the failing row named by its values', async () => {
  // A row may hold a secret's value: the run's line hides it, as every word of a run does.
  const secret = await call('POST', `/test-suites/${ctx.suiteId}/shared-parameters`, {
    key: 'PIN',
    value: 'pin-4242-secret',
  });
  expect(secret.status).toBe(201);
  const rows = [{ item: 'Milk', note: 'pin-4242-secret' }, { item: 'Bread' }];
  expect((await call('PUT', `/test-case/${testId}/data`, { rows })).status).toBe(200);
  const started = await call<{ runId: string }>('POST', `/test-run/${testId}`, {});
  expect(started.status).toBe(201);
  const run = await waitForRun(ctx, started.body.runId, 90_000);
  expect(run.status).toBe('failed');
  expect(run.data_rows?.map((row) => [row.index, row.values, row.status])).toEqual([
    [0, { item: 'Milk', note: SECRET_MASK }, 'passed'],
    [1, { item: 'Bread' }, 'failed'],
  ]);
  expect(run.data_rows?.[1]?.failing_step_index).toBe(2);
  expect(run.error_message).toMatch(/^Row 2 of 2 \(item=Bread\): /);
  // The run shows the failing row's steps.
  expect(run.steps.map((step) => step.success)).toEqual([true, true, false]);

  // Without a table the test runs once, as before.
  expect((await call('PUT', `/test-case/${testId}/data`, { rows: [] })).status).toBe(200);
  const once = await call<{ runId: string }>('POST', `/test-run/${testId}`, {});
  const plain = await waitForRun(ctx, once.body.runId, 90_000);
  expect(plain.status).toBe('passed');
  expect(plain.data_rows ?? null).toBeNull();
});
