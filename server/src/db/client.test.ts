import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase } from './client';

describe('the embedded database (PGlite, fsync off: a write is kept once the system has it)', () => {
  let dataDir: string;

  beforeEach(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pw-embedded-'));
  });

  afterEach(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('keeps every acknowledged write when its process is killed', async () => {
    // A process writes rows one commit at a time, says so after each, and is killed after the 200th.
    const script = path.join(dataDir, 'writer.ts');
    fs.writeFileSync(
      script,
      `import { openDatabase } from ${JSON.stringify(path.join(__dirname, 'client'))};
      void (async () => {
        const database = await openDatabase({ kind: 'pglite', dataDir: ${JSON.stringify(dataDir)} });
        await database.sql.executeSql('CREATE TABLE kept (n int PRIMARY KEY, filler text)');
        for (let n = 1; n <= 100000; n++) {
          await database.sql.executeSql("INSERT INTO kept VALUES ($1, repeat('x', 2000))", [n]);
          process.stdout.write(n + '\\n');
        }
      })();`,
    );
    const child = spawn(process.execPath, ['--import', 'tsx', script], {
      cwd: path.join(__dirname, '..', '..', '..'),
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let acknowledged = 0;
    let printed = '';
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => {
        // Only whole lines count: a chunk may end inside a number.
        printed += chunk.toString();
        const lines = printed.split('\n');
        printed = lines.pop()!;
        if (lines.length > 0) acknowledged = Number(lines.at(-1));
        if (acknowledged >= 200 && child.exitCode === null) child.kill('SIGKILL');
      });
      child.once('exit', () => resolve());
      child.once('error', reject);
    });
    expect(acknowledged).toBeGreaterThanOrEqual(200);

    const database = await openDatabase({ kind: 'pglite', dataDir });
    try {
      const { rows } = (await database.db.execute(
        sql`SELECT count(*)::int AS n, max(n) AS last FROM kept`,
      )) as unknown as {
        rows: { n: number; last: number }[];
      };
      expect(rows[0].last).toBeGreaterThanOrEqual(acknowledged);
      expect(rows[0].n).toBe(rows[0].last);
    } finally {
      await database.close();
    }
  }, 60_000);
});

describe('statements queued on PGlite', () => {
  it('let the event loop turn between them: a timer is not held behind the whole queue', async () => {
    const database = await openDatabase({ kind: 'pglite', dataDir: null });
    try {
      const heavy = sql`SELECT count(*)::int AS n FROM generate_series(1, 100000)`;
      await database.db.execute(heavy);
      let finished = 0;
      let finishedWhenTimerFired = -1;
      const timer = new Promise<void>((resolve) =>
        setTimeout(() => {
          finishedWhenTimerFired = finished;
          resolve();
        }, 0),
      );
      // Ten requests' statements, queued at once, as requests arriving together queue them.
      await Promise.all(
        Array.from({ length: 10 }, () => database.db.execute(heavy).then(() => (finished += 1))),
      );
      await timer;
      expect(finished).toBe(10);
      expect(finishedWhenTimerFired).toBeGreaterThanOrEqual(0);
      expect(finishedWhenTimerFired).toBeLessThanOrEqual(2);
    } finally {
      await database.close();
    }
  });
});
