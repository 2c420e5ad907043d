// GET /api/test-suites/{id}/tree for a suite of 10,000 tests in 200 folders: p50 and p99 over 200
// requests, on PGlite and on Postgres (see apiBench.ts); then
// the same right after a change (a test renamed before each read), when the tree is built again.
import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { type TestTreeItem } from '../contract/testCases';
import { testCases, testFolders } from '../server/src/db/schema';
import { api, tokenFor, type TestServer } from '../server/test/helpers';
import { benchProject, type Database, onBothDatabases, round } from './apiBench';
import { type Figure } from './spaBundle';

export const LARGE_TREE_TESTS = 10_000;
const TESTS = LARGE_TREE_TESTS;
const TOP_FOLDERS = 20;
const SUB_FOLDERS = 9; // 20 top-level folders with 9 sub-folders each: 200 folders.
const REQUESTS = 200;
/** Reads right after a change (a test renamed before each): the tree is built again every time. */
const CHANGED_REQUESTS = 100;
const WARMUP = 10;
const BENCH = 'tree-api';

export async function measureTreeApi(): Promise<Figure[]> {
  return onBothDatabases(BENCH, measureOn);
}

async function measureOn(database: Database, server: TestServer): Promise<Figure[]> {
  try {
    const { token } = await tokenFor(server, { email: 'bench@example.com' });
    const { suiteId } = await benchProject(server, token, 'Ten thousand');
    const seedStart = performance.now();
    await seedLargeTree(server, suiteId);
    const seedMs = performance.now() - seedStart;

    const url = `${server.url}/api/test-suites/${suiteId}/tree`;
    const { timings, items, bytes, wireBytes } = await timeRequests(url, token, REQUESTS);
    const listed = await api<TestTreeItem[]>(server, 'GET', `/test-suites/${suiteId}/tree`, { token });
    const renamed = listed.body.find((item) => !item.is_folder)!;
    const changed = await timeRequests(
      url,
      token,
      CHANGED_REQUESTS,
      `${server.url}/api/test-case/${renamed.test_case_id}/edit`,
    );
    changed.timings.sort((a, b) => a - b);
    if (items !== TESTS + TOP_FOLDERS * (1 + SUB_FOLDERS))
      throw new Error(`expected ${TESTS} tests and 200 folders, got ${items} items`);
    timings.sort((a, b) => a - b);
    const at = (q: number, series = timings) =>
      round(series[Math.min(series.length - 1, Math.ceil(q * series.length) - 1)]);
    const bench = BENCH;
    return [
      { bench, metric: `${database}_p50`, value: at(0.5), unit: 'ms' },
      {
        bench,
        metric: `${database}_p99`,
        value: at(0.99),
        unit: 'ms',
        ...(database === 'postgres' ? { target: '< 100' } : {}),
      },
      { bench, metric: `${database}_max`, value: round(timings[timings.length - 1]), unit: 'ms' },
      { bench, metric: `${database}_after_change_p50`, value: at(0.5, changed.timings), unit: 'ms' },
      { bench, metric: `${database}_after_change_p99`, value: at(0.99, changed.timings), unit: 'ms' },
      { bench, metric: `${database}_items`, value: items, unit: 'items' },
      { bench, metric: `${database}_response_size`, value: round(bytes / 1024), unit: 'KB' },
      { bench, metric: `${database}_compressed_size`, value: round(wireBytes / 1024), unit: 'KB' },
      { bench, metric: `${database}_seed`, value: round(seedMs), unit: 'ms' },
    ];
  } finally {
    await server.close();
  }
}

// The client runs in a worker thread, as a browser would run apart from the server: reading 3 MB
// bodies on the server's own event loop would add the client's time to the server's.
const CLIENT = `
const { parentPort, workerData } = require('node:worker_threads');
const { performance } = require('node:perf_hooks');
(async () => {
  const { url, token, warmup, requests, renameUrl } = workerData;
  // What a browser sends; fetch decompresses brotli and gzip itself.
  const headers = { authorization: 'Bearer ' + token, 'accept-encoding': 'gzip, deflate, br' };
  for (let i = 0; i < warmup; i++) await (await fetch(url, { headers })).arrayBuffer();
  const timings = [];
  let items = 0;
  let bytes = 0;
  for (let i = 0; i < requests; i++) {
    if (renameUrl) {
      const renamed = await fetch(renameUrl, {
        method: 'PATCH',
        headers: { authorization: headers.authorization, 'content-type': 'application/json' },
        body: JSON.stringify({ test_case_id: renameUrl.split('/').at(-2), name: 'Renamed ' + i }),
      });
      if (renamed.status !== 200) throw new Error('rename answered ' + renamed.status + ': ' + (await renamed.text()));
      await renamed.arrayBuffer();
    }
    const start = performance.now();
    const response = await fetch(url, { headers });
    const body = await response.text();
    timings.push(performance.now() - start);
    if (response.status !== 200) throw new Error('tree answered ' + response.status + ': ' + body.slice(0, 200));
    bytes = Buffer.byteLength(body);
    if (i === 0) items = JSON.parse(body).length;
  }
  // What goes over the wire to a browser (fetch above decompresses transparently).
  const wireBytes = await new Promise((resolve, reject) => {
    require('node:http').get(url, { headers: { ...headers, 'accept-encoding': 'br, gzip' } }, (response) => {
      let size = 0;
      response.on('data', (chunk) => (size += chunk.length));
      response.on('end', () => resolve(size));
    }).on('error', reject);
  });
  parentPort.postMessage({ timings, items, bytes, wireBytes });
})().catch((error) => { throw error; });
`;

function timeRequests(
  url: string,
  token: string,
  requests: number,
  renameUrl?: string,
): Promise<{ timings: number[]; items: number; bytes: number; wireBytes: number }> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(CLIENT, {
      eval: true,
      workerData: { url, token, warmup: WARMUP, requests, renameUrl },
    });
    worker.once('message', (result) => {
      resolve(result);
      void worker.terminate();
    });
    worker.once('error', reject);
  });
}

/** The 200 folder paths of the large tree: 20 areas with 9 features each. */
export function largeTreeFolders(): string[] {
  const folders: string[] = [];
  for (let top = 0; top < TOP_FOLDERS; top++) {
    folders.push(`area_${top}`);
    for (let sub = 0; sub < SUB_FOLDERS; sub++) folders.push(`area_${top}/feature_${sub}`);
  }
  return folders;
}

/** 200 folders and 10,000 tests straight into the tables (the API would take 10,000 calls). */
export async function seedLargeTree(server: TestServer, suiteId: string) {
  const db = server.database.db;
  const folders = largeTreeFolders();
  await db.insert(testFolders).values(folders.map((path) => ({ testSuiteId: suiteId, path })));
  const now = Date.now();
  const rows = Array.from({ length: TESTS }, (_, index) => ({
    testSuiteId: suiteId,
    name: `Checks behaviour number ${index} of the shop`,
    website: `https://shop.example/products/${index}`,
    description: `<p>Open the product page ${index}, add it to the cart and check the total.</p>`,
    path: folders[index % folders.length],
    parameters: { user: `user_${index}` },
    collectionIds: index % 3 === 0 ? ['11111111-1111-4111-8111-111111111111'] : [],
    createdAt: new Date(now + index),
    lastModifiedAt: new Date(now + index),
  }));
  for (let start = 0; start < rows.length; start += 1000)
    await db.insert(testCases).values(rows.slice(start, start + 1000));
  if (server.database.pool) await server.database.pool.query('ANALYZE test_cases; ANALYZE test_folders');
  else await server.database.pglite?.exec('ANALYZE test_cases; ANALYZE test_folders');
}
