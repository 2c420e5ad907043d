import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { sql } from 'drizzle-orm';
import { type TestTreeItem } from '../../contract/testCases';
import { TreeCache, TreeEntry, treeEncodingFor } from '../src/services/treeCache';
import { api, startTestServer, type TestServer } from './helpers';
import { createTest, workspace, type Workspace } from './testCasesFixtures';

// GET /test-suites/{id}/tree keeps the last tree of a suite under the fingerprint of its rows: an
// ETag the browser revalidates, compressed bodies made once, and every kind of change seen at once.

const unbrotli = promisify(zlib.brotliDecompress);
const gunzip = promisify(zlib.gunzip);

interface TreeResponse {
  status: number;
  etag: string | null;
  encoding: string | null;
  cacheControl: string | null;
  raw: Buffer;
}

async function getTree(
  server: TestServer,
  where: Workspace,
  headers: Record<string, string> = {},
): Promise<TreeResponse> {
  // node:http rather than fetch, which would decompress and hide what went over the wire.
  const http = await import('node:http');
  return new Promise((resolve, reject) => {
    http
      .get(
        `${server.url}/api/test-suites/${where.suiteId}/tree`,
        { headers: { authorization: `Bearer ${where.token}`, ...headers } },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () =>
            resolve({
              status: response.statusCode ?? 0,
              etag: (response.headers.etag as string | undefined) ?? null,
              encoding: (response.headers['content-encoding'] as string | undefined) ?? null,
              cacheControl: (response.headers['cache-control'] as string | undefined) ?? null,
              raw: Buffer.concat(chunks),
            }),
          );
        },
      )
      .on('error', reject);
  });
}

const names = (raw: Buffer) =>
  (JSON.parse(raw.toString()) as TestTreeItem[]).map(
    (item) => `${item.full_parent_path}|${item.entity_name}`,
  );

describe('the tree of a suite, kept between reads', () => {
  let server: TestServer;
  let me: Workspace;

  beforeAll(async () => {
    server = await startTestServer();
    me = await workspace(server, 'tree-cache@example.com');
  });
  afterAll(async () => server.close());

  it('answers 304 to a browser that has the current tree, and the new tree once anything changed', async () => {
    const test = await createTest(server, me, { name: 'First', path: 'a' });
    const first = await getTree(server, me);
    expect(first.status).toBe(200);
    expect(first.etag).toMatch(/^"tree-[\w-]+"$/);
    expect(first.cacheControl).toBe('private, no-cache');
    expect(names(first.raw)).toEqual(['|a', 'a|First']);

    const again = await getTree(server, me, { 'if-none-match': first.etag! });
    expect(again.status).toBe(304);
    expect(again.raw.length).toBe(0);
    expect((await getTree(server, me, { 'if-none-match': `W/${first.etag}, "other"` })).status).toBe(304);
    expect((await getTree(server, me, { 'if-none-match': '"other"' })).status).toBe(200);

    // A change through the API.
    await createTest(server, me, { name: 'Second', path: 'a/b' });
    const afterCreate = await getTree(server, me, { 'if-none-match': first.etag! });
    expect(afterCreate.status).toBe(200);
    expect(afterCreate.etag).not.toBe(first.etag);
    expect(names(afterCreate.raw)).toEqual(['|a', 'a|b', 'a|First', 'a/b|Second']);

    // A change written by another process (a worker recording a run), straight into the database.
    await server.database.db.execute(
      sql`UPDATE test_cases SET latest_run_status = 'failed', latest_run_time = now() WHERE id = ${test._id}`,
    );
    const afterRun = await getTree(server, me, { 'if-none-match': afterCreate.etag! });
    expect(afterRun.status).toBe(200);
    const item = (JSON.parse(afterRun.raw.toString()) as TestTreeItem[]).find(
      (i) => i.test_case_id === test._id,
    );
    expect(item?.latest_run_status).toBe('failed');

    // A removal, and an empty folder.
    await server.database.db.execute(sql`DELETE FROM test_cases WHERE id = ${test._id}`);
    const afterDelete = await getTree(server, me, { 'if-none-match': afterRun.etag! });
    expect(names(afterDelete.raw)).toEqual(['|a', 'a|b', 'a/b|Second']);
    expect(
      (
        await api(server, 'POST', `/test-suites/${me.suiteId}/folders`, {
          token: me.token,
          body: { path: 'c' },
        })
      ).status,
    ).toBe(201);
    const afterFolder = await getTree(server, me, { 'if-none-match': afterDelete.etag! });
    expect(names(afterFolder.raw)).toEqual(['|a', 'a|b', '|c', 'a/b|Second']);
  });

  it('keeps the tree while nothing it shows changes, whoever writes, and sees collections and links', async () => {
    const test = await createTest(server, me, { name: 'Linked', path: 'links' });
    const run = (statement: ReturnType<typeof sql>) => server.database.db.execute(statement);
    const itemOf = (raw: Buffer) =>
      (JSON.parse(raw.toString()) as TestTreeItem[]).find((i) => i.test_case_id === test._id)!;
    let current = await getTree(server, me);
    const expectUnchanged = async () =>
      expect((await getTree(server, me, { 'if-none-match': current.etag! })).status).toBe(304);
    const expectChanged = async () => {
      const next = await getTree(server, me, { 'if-none-match': current.etag! });
      expect(next.status).toBe(200);
      current = next;
      return itemOf(next.raw);
    };

    // Columns the tree does not show, a collection with no links yet, a transaction rolled back.
    await run(
      sql`UPDATE test_cases SET description = 'More words', website = 'http://b.test' WHERE id = ${test._id}`,
    );
    const [collection] = (
      (await run(
        sql`INSERT INTO test_collections (test_suite_id, name) VALUES (${me.suiteId}, 'Smoke') RETURNING id`,
      )) as unknown as { rows: { id: string }[] }
    ).rows;
    await expect(
      server.database.db.transaction(async (tx) => {
        await tx.execute(sql`UPDATE test_cases SET name = 'Never' WHERE id = ${test._id}`);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await expectUnchanged();

    await run(
      sql`INSERT INTO test_collection_tests (collection_id, test_case_id) VALUES (${collection.id}, ${test._id})`,
    );
    expect((await expectChanged()).collection_names).toEqual(['Smoke']);
    await run(sql`UPDATE test_collections SET alert_on = 'failure' WHERE id = ${collection.id}`);
    await expectUnchanged();
    await run(sql`UPDATE test_collections SET name = 'Smoke tests' WHERE id = ${collection.id}`);
    expect((await expectChanged()).collection_names).toEqual(['Smoke tests']);
    await run(sql`DELETE FROM test_collections WHERE id = ${collection.id}`);
    expect((await expectChanged()).collection_ids).toEqual([]);

    await run(sql`UPDATE test_cases SET state = 'passed' WHERE id = ${test._id}`);
    expect((await expectChanged()).test_case_state).toBe('passed');
    await run(sql`UPDATE test_folders SET path = path WHERE test_suite_id = ${me.suiteId}`);
    await expectUnchanged();
  });

  it('builds a changed tree once for the reads that miss it together', async () => {
    await createTest(server, me, { name: 'Crowded', path: 'crowd' });
    const folders = server.services.testFolders;
    const build = jest.spyOn(
      folders as unknown as { _buildTree(id: string): Promise<unknown> },
      '_buildTree',
    );
    try {
      const actor = { id: me.userId, email: 'tree-cache@example.com' } as never;
      const trees = await Promise.all(Array.from({ length: 12 }, () => folders.tree(actor, me.suiteId)));
      expect(build).toHaveBeenCalledTimes(1);
      expect(new Set(trees).size).toBe(1);
      expect(names(trees[0].json)).toContain('crowd|Crowded');
      // Kept: the next read builds nothing.
      await folders.tree(actor, me.suiteId);
      expect(build).toHaveBeenCalledTimes(1);
    } finally {
      build.mockRestore();
    }
  });

  it('sends brotli, gzip or plain JSON as the client accepts, all the same tree', async () => {
    await createTest(server, me, { name: 'Encoded "quotes" ünïcödé', path: 'enc' });
    const plain = await getTree(server, me);
    expect(plain.encoding).toBeNull();
    const br = await getTree(server, me, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.encoding).toBe('br');
    expect((await unbrotli(br.raw)).equals(plain.raw)).toBe(true);
    const gz = await getTree(server, me, { 'accept-encoding': 'gzip, br;q=0' });
    expect(gz.encoding).toBe('gzip');
    expect((await gunzip(gz.raw)).equals(plain.raw)).toBe(true);
    expect(br.etag).toBe(plain.etag);
  });

  it('still asks who is reading before answering 304', async () => {
    const current = await getTree(server, me);
    const stranger = await workspace(server, 'stranger@example.com');
    const theirs = await getTree(
      server,
      { ...stranger, suiteId: me.suiteId },
      { 'if-none-match': current.etag! },
    );
    expect(theirs.status).toBe(404);
    const anonymous = await getTree(server, { ...me, token: '' }, { 'if-none-match': current.etag! });
    expect(anonymous.status).toBe(401);
  });
});

describe('TreeCache', () => {
  const entry = (fingerprint: string, size: number) => new TreeEntry(fingerprint, 'x'.repeat(size));

  it('gives an entry back only for the fingerprint it was built from', () => {
    const cache = new TreeCache(1000);
    cache.set('suite', entry('1:2', 10));
    expect(cache.get('suite', '1:2')?.fingerprint).toBe('1:2');
    expect(cache.get('suite', '1:3')).toBeNull();
    expect(cache.get('other', '1:2')).toBeNull();
  });

  it('drops the least recently read trees beyond its budget, and never keeps one larger than it', () => {
    const cache = new TreeCache(300);
    cache.set('a', entry('a', 100));
    cache.set('b', entry('b', 100));
    expect(cache.get('a', 'a')).not.toBeNull(); // a is now the most recently used
    cache.set('c', entry('c', 100));
    cache.set('d', entry('d', 100));
    expect(cache.get('b', 'b')).toBeNull();
    expect(cache.get('a', 'a')).not.toBeNull();
    expect(cache.get('d', 'd')).not.toBeNull();
    cache.set('huge', entry('huge', 301));
    expect(cache.get('huge', 'huge')).toBeNull();
    expect(cache.size).toBeLessThanOrEqual(3);
  });

  it('compresses each encoding once', async () => {
    const tree = entry('f', 5000);
    const first = tree.body('br');
    expect(tree.body('br')).toBe(first);
    expect((await unbrotli(await first)).toString()).toBe('x'.repeat(5000));
    expect(await tree.body('identity')).toBe(tree.json);
  });
});

describe('treeEncodingFor', () => {
  it.each([
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0, gzip;q=0.5', 'gzip'],
    ['*', 'gzip'],
    ['deflate', 'identity'],
    ['gzip;q=0', 'identity'],
    [undefined, 'identity'],
  ])('%s → %s', (header, expected) => {
    expect(treeEncodingFor(header)).toBe(expected);
  });
});
