import { PGlite } from '@electric-sql/pglite';
import { maintain, scheduleMaintenance } from './maintenance';

describe('the embedded database maintenance (PGlite never vacuums or analyzes by itself)', () => {
  let pglite: PGlite;

  // One database for the file (each new PGlite runs initdb: seconds); every test starts from fresh tables.
  beforeAll(async () => {
    pglite = new PGlite();
    await pglite.waitReady;
  });

  beforeEach(async () => {
    await pglite.exec(`
      DROP TABLE IF EXISTS states;
      DROP SCHEMA IF EXISTS "job queue" CASCADE;
      CREATE TABLE states (id int PRIMARY KEY, state text);
      CREATE SCHEMA "job queue";
      CREATE TABLE "job queue"."Jobs" (id int PRIMARY KEY);
      INSERT INTO states SELECT g, repeat('x', 200) FROM generate_series(1, 2000) AS g;`);
  });

  afterAll(() => pglite.close());

  const size = async () =>
    (await pglite.query<{ bytes: number }>("SELECT pg_relation_size('states')::int AS bytes")).rows[0].bytes;
  const updateAll = async (times: number) => {
    for (let i = 0; i < times; i++) await pglite.exec(`UPDATE states SET state = state || ''`);
  };
  const run = () =>
    maintain(
      (text) => pglite.query(text),
      (statement) => pglite.exec(statement),
    );

  it('vacuums and analyzes every table of every schema, so updated rows reuse their space', async () => {
    await updateAll(5);
    const bloated = await size();
    // Without maintenance, five more rounds of updates grow the table again.
    await updateAll(5);
    expect(await size()).toBeGreaterThan(bloated * 1.5);
    const grown = await size();

    expect(await run()).toEqual(['"job queue"."Jobs"', 'public.states']);
    await updateAll(5);
    expect(await size()).toBe(grown);
    const { rows } = await pglite.query<{ reltuples: number }>(
      "SELECT reltuples FROM pg_class WHERE relname = 'states'",
    );
    expect(rows[0].reltuples).toBe(2000);
  });

  it('runs a pass after the first delay and then at each interval; a failed pass is said and the next still runs', async () => {
    const passes: number[] = [];
    const lines: string[] = [];
    const maintenance = scheduleMaintenance(
      async () => {
        passes.push(Date.now());
        if (passes.length === 1) throw new Error('the disk is full');
      },
      { firstMs: 20, intervalMs: 30, log: (line) => lines.push(line) },
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    await maintenance.stop();
    const stoppedAt = passes.length;
    expect(stoppedAt).toBeGreaterThanOrEqual(3);
    expect(lines).toEqual(['[database] maintenance (VACUUM) failed: the disk is full']);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(passes).toHaveLength(stoppedAt);
  });

  it('ends a pass asked to stop after the table under way', async () => {
    let stop = false;
    const done = await maintain(
      (text) => pglite.query(text),
      async (statement) => {
        await pglite.exec(statement);
        stop = true;
      },
      () => stop,
    );
    expect(done).toEqual(['"job queue"."Jobs"']);
  });

  it('stop waits for the pass under way', async () => {
    let finished = false;
    const maintenance = scheduleMaintenance(
      () => new Promise<void>((resolve) => setTimeout(() => resolve(void (finished = true)), 100)),
      { firstMs: 0 },
    );
    await new Promise((resolve) => setTimeout(resolve, 20));
    await maintenance.stop();
    expect(finished).toBe(true);
  });
});
