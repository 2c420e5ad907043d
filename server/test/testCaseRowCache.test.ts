import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { startEmbeddedServer } from '../src/db/embeddedServer';
import { type TestCase } from '../../contract/testCases';
import { api, startTestServer, type TestServer } from './helpers';
import { createTest, workspace, type Workspace } from './testCasesFixtures';

// GET /test-case/{id} keeps a test's row in the API process under the row's version (xmin): every
// change is seen at the next read, whoever writes it, and the access check runs on every read.

describe('a test read again', () => {
  let server: TestServer;
  let me: Workspace;
  let stranger: Workspace;

  beforeAll(async () => {
    server = await startTestServer();
    me = await workspace(server, 'row-cache@example.com');
    stranger = await workspace(server, 'row-cache-stranger@example.com');
  });
  afterAll(async () => server.close());

  const read = (id: string, who: Workspace = me) =>
    api<TestCase>(server, 'GET', `/test-case/${id}`, { token: who.token });
  const run = (statement: ReturnType<typeof sql>) => server.database.db.execute(statement);

  it('shows what another process wrote, refuses a stranger each time, and answers 404 once deleted', async () => {
    const test = await createTest(server, me, { name: 'Kept', description: 'As created' });
    expect((await read(test._id)).body.description).toBe('As created');
    expect((await read(test._id)).body.description).toBe('As created');
    expect((await read(test._id, stranger)).status).toBe(404);

    // A worker's write, straight into the database.
    await run(
      sql`UPDATE test_cases SET description = 'Written by a worker', state = 'passed' WHERE id = ${test._id}`,
    );
    const changed = await read(test._id);
    expect(changed.body.description).toBe('Written by a worker');
    expect(changed.body.state).toBe('passed');

    // A transaction that rolls back changes nothing.
    await expect(
      server.database.db.transaction(async (tx) => {
        await tx.execute(sql`UPDATE test_cases SET description = 'Never committed' WHERE id = ${test._id}`);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect((await read(test._id)).body.description).toBe('Written by a worker');

    // Two changes in one transaction: the last one is read.
    await server.database.db.transaction(async (tx) => {
      await tx.execute(sql`UPDATE test_cases SET description = 'First of two' WHERE id = ${test._id}`);
      await tx.execute(sql`UPDATE test_cases SET description = 'Second of two' WHERE id = ${test._id}`);
    });
    expect((await read(test._id)).body.description).toBe('Second of two');

    // Links live in other tables: a collection linked without touching the test's row.
    const collection = await api<{ _id: string }>(server, 'POST', '/test-suites/collection', {
      token: me.token,
      body: { name: 'Nightly', test_suite_id: me.suiteId },
    });
    expect(collection.status).toBe(201);
    await run(
      sql`INSERT INTO test_collection_tests (collection_id, test_case_id) VALUES (${collection.body._id}, ${test._id})`,
    );
    expect((await read(test._id)).body.collection_ids).toEqual([collection.body._id]);

    await run(sql`DELETE FROM test_cases WHERE id = ${test._id}`);
    expect((await read(test._id)).status).toBe(404);
    expect((await read(test._id, stranger)).status).toBe(404);
  });

  it('answers an edit through the API with the edited test at the next read', async () => {
    const test = await createTest(server, me, { name: 'Edited' });
    expect((await read(test._id)).body.name).toBe('Edited');
    const edited = await api<TestCase>(server, 'PATCH', `/test-case/${test._id}/edit`, {
      token: me.token,
      body: { test_case_id: test._id, name: 'Edited again' },
    });
    expect(edited.status).toBe(200);
    expect((await read(test._id)).body.name).toBe('Edited again');
  });
});

describe('tests and trees read at once through the embedded server (npm start processes)', () => {
  it("answers every read while the pool's connections share its one backend", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pw-row-cache-'));
    const embedded = await startEmbeddedServer({ dataDir });
    let server: TestServer | null = null;
    try {
      server = await startTestServer({ target: { kind: 'postgres', url: embedded.url, poolSize: 5 } });
      const me = await workspace(server, 'row-cache-socket@example.com');
      const tests = await Promise.all(
        ['One', 'Two', 'Three'].map((name) => createTest(server!, me, { name })),
      );
      const reads = await Promise.all(
        Array.from({ length: 30 }, (_, n) =>
          n % 4 === 3
            ? api(server!, 'GET', `/test-suites/${me.suiteId}/tree`, { token: me.token })
            : api<TestCase>(server!, 'GET', `/test-case/${tests[n % 3]._id}`, { token: me.token }),
        ),
      );
      expect(reads.map((read) => read.status)).toEqual(reads.map(() => 200));
    } finally {
      await server?.close();
      await embedded.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
