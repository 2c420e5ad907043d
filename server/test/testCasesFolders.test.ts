import { type MovedFolder, type TestCase } from '../../contract/testCases';
import { api, startTestServer, type TestServer } from './helpers';
import { createTest, treeLines, workspace, type ErrorBody, type Workspace } from './testCasesFixtures';

describe('test folders', () => {
  let server: TestServer;
  let ada: { token: string; userId: string; orgId: string };
  let counter = 0;

  beforeAll(async () => {
    server = await startTestServer();
    ada = await workspace(server, 'ada@example.com', { org: 'Org', suite: 'Setup' });
  });
  afterAll(async () => server.close());

  /** A fresh suite per test, so each test reads a tree of its own. */
  async function freshSuite(): Promise<Workspace> {
    const suite = await api<{ test_suite_id: string }>(server, 'POST', '/test-suites', {
      token: ada.token,
      body: { name: `Suite ${++counter}`, org_id: ada.orgId },
    });
    return { ...ada, suiteId: suite.body.test_suite_id };
  }

  const folder = (where: Workspace, path: unknown) =>
    api<ErrorBody & { path: string; name: string; parent_path: string }>(
      server,
      'POST',
      `/test-suites/${where.suiteId}/folders`,
      { token: where.token, body: { path } },
    );
  const rename = (where: Workspace, from: string, to: string) =>
    api<MovedFolder & ErrorBody>(
      server,
      'PUT',
      `/test-cases/${where.suiteId}/update-test-paths?old_path_prefix=${encodeURIComponent(from)}&new_path_prefix=${encodeURIComponent(to)}`,
      { token: where.token },
    );
  const remove = (where: Workspace, prefix: string) =>
    api<ErrorBody & { deleted_test_count: number; deleted_folder_count: number }>(
      server,
      'DELETE',
      `/test-cases/${where.suiteId}?path_prefix=${encodeURIComponent(prefix)}`,
      { token: where.token },
    );

  /** a/T1, a/b/T2, a/b/c (empty), ab/T3, ab/x/T4, a_c/T5, root T0 */
  async function nested(): Promise<Workspace> {
    const where = await freshSuite();
    await createTest(server, where, { name: 'T0' });
    await createTest(server, where, { name: 'T1', path: 'a' });
    await createTest(server, where, { name: 'T2', path: 'a/b' });
    expect((await folder(where, 'a/b/c')).status).toBe(201);
    await createTest(server, where, { name: 'T3', path: 'ab' });
    await createTest(server, where, { name: 'T4', path: 'ab/x' });
    await createTest(server, where, { name: 'T5', path: 'a_c' });
    return where;
  }

  it('keeps an empty folder, and creates missing parents', async () => {
    const where = await freshSuite();
    const created = await folder(where, ' /reports/monthly/ ');
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ path: 'reports/monthly', name: 'monthly', parent_path: 'reports' });
    expect(await treeLines(server, where)).toEqual(['folder reports', 'folder reports/monthly']);
    // Still there on the next read: folders are rows of their own, not derived from tests.
    expect(await treeLines(server, where)).toEqual(['folder reports', 'folder reports/monthly']);
    const again = await folder(where, 'reports/monthly');
    expect(again.status).toBe(409);
    expect(again.body.error.message).toMatch(/already exists/);
  });

  it('refuses folder names other than letters, numbers or underscores', async () => {
    const where = await freshSuite();
    for (const path of ['my folder', 'a-b', 'a/../b', 'a//b', 'émoji😀', 'a.b', 'semi;colon']) {
      const response = await folder(where, path);
      expect([path, response.status, response.body.error.message]).toEqual([
        path,
        400,
        'Folder names may contain only letters, numbers or underscores',
      ]);
    }
    for (const path of ['', '   ', '/']) {
      const response = await folder(where, path);
      expect(response.status).toBe(400);
      expect(response.body.error.message).toBe('Folder path is required');
    }
    expect((await folder(where, 'Ünïcode_2024')).status).toBe(201);
    const tooDeep = await folder(where, Array.from({ length: 21 }, (_, i) => `l${i}`).join('/'));
    expect(tooDeep.status).toBe(400);
    const badTest = await api<ErrorBody>(server, 'POST', '/test-cases/', {
      token: where.token,
      body: {
        test_cases: [{ test_suite_id: where.suiteId, name: 'x', website: 'https://a.example', path: 'a b' }],
      },
    });
    expect(badTest.status).toBe(400);
    expect(badTest.body.error.message).toBe('Folder names may contain only letters, numbers or underscores');
  });

  it('renames a folder with its sub-folders and tests, and leaves "ab" alone when renaming "a"', async () => {
    const where = await nested();
    const moved = await rename(where, 'a', 'z');
    expect(moved.status).toBe(200);
    expect(moved.body).toEqual({
      old_path_prefix: 'a',
      new_path_prefix: 'z',
      moved_test_count: 2,
      moved_folder_count: 3,
    });
    expect(await treeLines(server, where)).toEqual([
      'folder a_c',
      'folder ab',
      'folder ab/x',
      'folder z',
      'folder z/b',
      'folder z/b/c',
      'test T0',
      'test a_c/T5',
      'test ab/T3',
      'test ab/x/T4',
      'test z/T1',
      'test z/b/T2',
    ]);
  });

  it('moves a nested folder up and into a new parent', async () => {
    const where = await nested();
    expect((await rename(where, 'a/b', 'top')).status).toBe(200);
    expect((await rename(where, 'top/c', 'new/parent/c')).status).toBe(200);
    expect(await treeLines(server, where)).toEqual([
      'folder a',
      'folder a_c',
      'folder ab',
      'folder ab/x',
      'folder new',
      'folder new/parent',
      'folder new/parent/c',
      'folder top',
      'test T0',
      'test a/T1',
      'test a_c/T5',
      'test ab/T3',
      'test ab/x/T4',
      'test top/T2',
    ]);
  });

  it('refuses to rename onto an existing folder and moves nothing', async () => {
    const where = await nested();
    const before = await treeLines(server, where);
    const clash = await rename(where, 'a', 'ab');
    expect(clash.status).toBe(409);
    expect(clash.body.error.message).toBe('A folder named "ab" already exists; choose another name');
    const emptyClash = await rename(where, 'ab/x', 'a/b/c');
    expect(emptyClash.status).toBe(409);
    expect(await treeLines(server, where)).toEqual(before);
  });

  it('refuses to move a folder into itself, unknown folders and bad names', async () => {
    const where = await nested();
    const into = await rename(where, 'a', 'a/b/a');
    expect(into.status).toBe(400);
    expect(into.body.error.message).toBe('A folder cannot move into itself');
    const unknown = await rename(where, 'nope', 'other');
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.message).toBe('Folder not found');
    const bad = await rename(where, 'a', 'a b');
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe('Folder names may contain only letters, numbers or underscores');
    const blank = await rename(where, 'a', '');
    expect(blank.status).toBe(400);
    const same = await rename(where, 'a', 'a');
    expect(same.status).toBe(200);
    expect(same.body.moved_test_count).toBe(0);
  });

  it('lets only one of two concurrent renames to the same name win', async () => {
    const where = await nested();
    const [first, second] = await Promise.all([rename(where, 'a', 'winner'), rename(where, 'ab', 'winner')]);
    expect([first.status, second.status].sort()).toEqual([200, 409]);
    const lines = await treeLines(server, where);
    const winnerTests = lines.filter((line) => line.startsWith('test winner/'));
    expect([
      ['test winner/T1', 'test winner/b/T2'],
      ['test winner/T3', 'test winner/x/T4'],
    ]).toContainEqual(winnerTests);
    // Every test's folder exists in the tree.
    const folders = new Set(lines.filter((l) => l.startsWith('folder ')).map((l) => l.slice(7)));
    for (const line of lines.filter((l) => l.startsWith('test ') && l.includes('/'))) {
      expect(folders.has(line.slice(5, line.lastIndexOf('/')))).toBe(true);
    }
  });

  it('shows a renamed test at its new path', async () => {
    const where = await freshSuite();
    const test = await createTest(server, where, { path: 'old/inner' });
    await rename(where, 'old', 'new_name');
    const read = await api<TestCase>(server, 'GET', `/test-case/${test._id}`, { token: where.token });
    expect(read.body.path).toBe('new_name/inner');
  });

  it('deletes a folder with everything under it, and nothing beside it', async () => {
    const where = await nested();
    const deleted = await remove(where, 'a');
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ deleted_test_count: 2, deleted_folder_count: 3 });
    expect(await treeLines(server, where)).toEqual([
      'folder a_c',
      'folder ab',
      'folder ab/x',
      'test T0',
      'test a_c/T5',
      'test ab/T3',
      'test ab/x/T4',
    ]);
    // An underscore is no wildcard: deleting a_c leaves abc-like names alone.
    await createTest(server, where, { name: 'T6', path: 'abc' });
    expect((await remove(where, 'a_c')).body).toEqual({ deleted_test_count: 1, deleted_folder_count: 1 });
    expect(await treeLines(server, where)).toContain('test abc/T6');
  });

  it('deletes an empty folder, and answers 404 and 400 for unknown and missing paths', async () => {
    const where = await nested();
    expect((await remove(where, 'a/b/c')).body).toEqual({ deleted_test_count: 0, deleted_folder_count: 1 });
    expect(await treeLines(server, where)).not.toContain('folder a/b/c');
    const unknown = await remove(where, 'a/b/c');
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.message).toBe('Folder not found');
    const missing = await api<ErrorBody>(server, 'DELETE', `/test-cases/${where.suiteId}`, {
      token: where.token,
    });
    expect(missing.status).toBe(400);
    expect(missing.body.error.message).toBe('Folder path is required');
  });
});
