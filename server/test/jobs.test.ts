import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startEmbeddedServer } from '../src/db/embeddedServer';
import { JobQueue } from '../src/jobs/queue';
import { startSmtpServer } from './smtpServer';
import { freshPostgres, startTestServer, testDatabaseUrl, type TestServer } from './helpers';

async function waitFor<T>(probe: () => Promise<T | null | undefined>, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const value = await probe();
    if (value) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('Timed out waiting');
}

describe('the job queue (pg-boss on the product database)', () => {
  let server: TestServer;
  afterEach(async () => server?.close());

  it('round-trips a job: sent, worked by a handler, completed with its output stored', async () => {
    server = await startTestServer({ roles: ['worker'] });
    const seen: string[] = [];
    await server.queue.work<{ word: string }>('echo-test', async ({ word }) => {
      seen.push(word);
      return { echoed: word.toUpperCase() };
    });
    const id = await server.queue.send('echo-test', { word: 'hello' });
    const job = await waitFor(async () => {
      const found = await server.queue.boss.getJobById<{ word: string }>('echo-test', id);
      return found?.state === 'completed' ? found : null;
    });
    expect(seen).toEqual(['hello']);
    expect(job.output).toEqual({ echoed: 'HELLO' });
  });

  it('takes the next queued job as soon as one ends, not at its next poll', async () => {
    server = await startTestServer({ roles: ['api'] });
    // A queue that polls every 10 s: without moving on at once, the second job would wait ~10 s.
    const queue = await JobQueue.start(server.database, { pollingIntervalSeconds: 10 });
    try {
      const done: number[] = [];
      await queue.ensureQueue('next-test');
      for (const n of [1, 2, 3]) expect(await queue.boss.send('next-test', { n })).toBeTruthy();
      const started = Date.now();
      await queue.work<{ n: number }>('next-test', async ({ n }) => {
        done.push(n);
      });
      await waitFor(async () => done.length === 3, 8000);
      expect(done.sort()).toEqual([1, 2, 3]);
      expect(Date.now() - started).toBeLessThan(8000);
    } finally {
      await queue.stop();
    }
  });

  // Starting an embedded database and two servers on it took more than jest's 30 s once on a busy CI machine:
  // the set-up gets its own allowance; the wake itself still has to come within the 20 s wait below.
  it("wakes another process's workers when a job is queued, not at their next poll", async () => {
    // Two processes' worth of server on one database: the machine's Postgres, or the embedded one served.
    const postgres = testDatabaseUrl ? await freshPostgres() : null;
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pw-wake-'));
    const embedded = postgres ? null : await startEmbeddedServer({ dataDir });
    const target = { kind: 'postgres' as const, url: postgres?.url ?? embedded!.url, poolSize: 3 };
    // A worker that looks for jobs every 60 s by itself: only the wake can bring the job within the wait.
    const workers = await startTestServer({ roles: ['worker'], target, pollingIntervalSeconds: 60 });
    server = await startTestServer({ roles: ['api'], target });
    try {
      const seen: number[] = [];
      await workers.queue.work<{ n: number }>('wake-test', async ({ n }) => {
        seen.push(n);
      });
      // Its first look, at start, found nothing; the next one is a minute away.
      await new Promise((resolve) => setTimeout(resolve, 1000));
      await server.queue.send('wake-test', { n: 7 });
      await waitFor(async () => seen.length > 0, 20_000);
      expect(seen).toEqual([7]);
    } finally {
      await workers.close();
      await server.close();
      await embedded?.close();
      await postgres?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);

  it('records a failing handler as failed with its error, after its retries', async () => {
    server = await startTestServer({ roles: ['worker'] });
    await server.queue.work('fail-test', async () => {
      throw new Error('the handler broke');
    });
    const id = await server.queue.send('fail-test', {}, { retryLimit: 0 });
    const job = await waitFor(async () => {
      const found = await server.queue.boss.getJobById('fail-test', id);
      return found?.state === 'failed' ? found : null;
    });
    expect(JSON.stringify(job.output)).toContain('the handler broke');
  });

  it('delivers stored e-mail through SMTP as a job and marks it sent', async () => {
    const smtp = await startSmtpServer();
    try {
      server = await startTestServer({ env: { SMTP_URL: `smtp://127.0.0.1:${smtp.port}` } });
      const stored = await server.services.mail.send({
        to: 'Ada@Example.com',
        subject: 'Hello',
        text: 'Body text',
        kind: 'notification',
      });
      expect(stored.sentAt).toBeNull();
      await waitFor(async () => smtp.received.length > 0);
      expect(smtp.received[0].to).toEqual(['<ada@example.com>']);
      expect(smtp.received[0].data).toContain('Subject: Hello');
      const [sent] = await waitFor(async () => {
        const mails = await server.services.mail.list('ada@example.com');
        return mails[0]?.sentAt ? mails : null;
      });
      expect(sent.error).toBeNull();
    } finally {
      await smtp.close();
    }
  });
});
