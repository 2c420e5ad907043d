import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { chromium } from 'playwright-core';
import { serveFixtureSites, type FixtureSites } from '../../fixtures/sites/serve';
import { type ModelSet } from '../src/agents';
import { testCases } from '../src/db/schema';
import { generationKind } from '../src/jobs/generate';
import { type BusEvent } from '../src/realtime/bus';
import { type BrowserPool } from '../src/runner';
import { findChromium, QUIET_CHROMIUM_ARGS } from '../src/runner/chromium';
import { GENERATE_QUEUE } from '../src/services/generation';
import { api, freePort, freshPostgres, testDatabaseUrl, type StartOptions } from './helpers';
import {
  createTest,
  describeSteps,
  getTest,
  setUpGeneration,
  waitForGeneration,
  waitUntil,
  type GenerationContext,
} from './generationFixtures';

jest.setTimeout(120_000);

let sites: FixtureSites;
beforeAll(async () => {
  sites = await serveFixtureSites();
});
afterAll(async () => sites?.close());

async function jobOf(ctx: GenerationContext, testId: string): Promise<string> {
  const [row] = await ctx.server.database.db
    .select({ job: testCases.generationJobId })
    .from(testCases)
    .where(eq(testCases.id, testId));
  return row.job!;
}

/** What a worker does when it takes a job, before it dies: the job is active, the test claimed. */
async function takeAndAbandon(ctx: GenerationContext, testId: string): Promise<void> {
  const jobId = await jobOf(ctx, testId);
  await waitUntil(async () => {
    const [job] = await ctx.server.queue.boss.fetch(GENERATE_QUEUE);
    return job?.id === jobId;
  }, 'the job to be fetchable');
  expect(await ctx.server.services.generation.claim({ testCaseId: testId, jobId })).not.toBeNull();
  // Its last heartbeat was long ago.
  await ctx.server.database.db
    .update(testCases)
    .set({ generationHeartbeatAt: sql`now() - interval '1 hour'` })
    .where(eq(testCases.id, testId));
}

// The lifecycle every kind shares (two sweeps at once, a live job left alone, a job whose queue job is
// gone sent again, the next worker's first sweep, release on shutdown, abandonment, deadline, fast
// cancel) is tested once, on a fake kind, in server/test/tracking.test.ts. What is generation's own
// stays here: its lease on test_cases' generation columns, `retrying` while it waits for its retry,
// its error message and restored steps when its retries are spent, the event its cancel publishes,
// and one real-browser smoke of a release on shutdown.

describe('browsers', () => {
  it('ends as executor_not_available, saying why, when no browser can be had', async () => {
    const ctx = await setUpGeneration({
      sites,
      env: { BROWSER_WS_ENDPOINT: 'ws://127.0.0.1:9/nothing-here' },
    });
    try {
      const test = await waitForGeneration(
        ctx,
        (
          await createTest(ctx, {
            name: 'No browser',
            website: sites.url('todo'),
            description: 'Reload the page.',
          })
        )._id,
      );
      expect(test.state).toBe('executor_not_available');
      expect(test.final_message).toContain(
        'Could not connect to the browser server at ws://127.0.0.1:9/nothing-here',
      );
    } finally {
      await ctx.close();
    }
  });

  it('generates through a remote Playwright browser server (BROWSER_WS_ENDPOINT)', async () => {
    const remote = await chromium.launchServer({
      executablePath: findChromium() ?? undefined,
      args: QUIET_CHROMIUM_ARGS,
    });
    const ctx = await setUpGeneration({ sites, env: { BROWSER_WS_ENDPOINT: remote.wsEndpoint() } });
    try {
      const test = await waitForGeneration(
        ctx,
        (
          await createTest(ctx, {
            name: 'Remote',
            website: sites.url('todo'),
            description: 'Add a todo "Remote". Verify "1 item left" is shown.',
          })
        )._id,
      );
      expect({ state: test.state, steps: describeSteps(test) }).toMatchObject({ state: 'passed' });
    } finally {
      await ctx.close();
      await remote.close();
    }
  });
});

describe('jobs whose worker died', () => {
  it('wait as retrying for their retry, and end in error with a reason and the previous steps once no retries are left', async () => {
    // An API-only server: no worker takes the job unless the test does.
    const ctx = await setUpGeneration({ sites, roles: ['api'] });
    try {
      const created = await createTest(ctx, {
        name: 'Dies',
        website: sites.url('todo'),
        description: 'Reload the page.',
      });
      expect(created.state).toBe('pending');
      // What a regeneration keeps aside: the steps of the last finished generation.
      const previous = [{ step_index: 0, step_description: 'Reload the page.', execution_succeded: true }];
      await ctx.server.database.db
        .update(testCases)
        .set({
          generationBackup: {
            steps: previous,
            final_script: null,
            final_script_py: null,
            state: 'passed',
            final_message: null,
            plan: null,
          },
        })
        .where(eq(testCases.id, created._id));
      for (let attempt = 1; attempt <= 3; attempt++) {
        await takeAndAbandon(ctx, created._id);
        expect(await ctx.server.services.generation.sweep({ assumeDead: false })).toBe(1);
        const swept = await getTest(ctx, created._id);
        if (attempt < 3) expect(swept.state).toBe('retrying');
        else {
          expect(swept.state).toBe('error');
          expect(swept.final_message).toBe(
            'The generation stopped: its worker stopped responding and no retries are left. Start it again. The steps of the previous generation were restored.',
          );
          expect(swept.test_generation_steps).toMatchObject(previous);
        }
      }
      // The queue keeps one more retry (for a worker that shut down): it finds nothing to claim.
      const jobId = await jobOf(ctx, created._id);
      expect(await ctx.server.services.generation.claim({ testCaseId: created._id, jobId })).toBeNull();
    } finally {
      await ctx.close();
    }
  });

  it('are handed back to the queue when their worker shuts down, and finish after a restart', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pw-shutdown-'));
    const postgres = testDatabaseUrl ? await freshPostgres() : null;
    // The same address and data each time: a token from the first start stays valid for the next.
    const env = { PORT: String(await freePort()) };
    const same: StartOptions = postgres
      ? { dataDir, env, target: { kind: 'postgres', url: postgres.url, poolSize: 5 } }
      : { dataDir, env };
    try {
      const first = await setUpGeneration({ ...same, sites });
      const created = await createTest(first, {
        name: 'Interrupted',
        website: sites.url('todo'),
        description: 'Wait 2 seconds. Add a todo "After the restart".',
      });
      await waitUntil(
        async () => (await getTest(first, created._id)).state === 'running',
        'the generation to run',
      );
      await first.server.close();
      const [row] = await (async () => {
        // Read the stored state with a fresh server that has no worker yet.
        const peek = await setUpGeneration({ ...same, sites, roles: ['api'] });
        try {
          return await peek.server.database.db
            .select({ state: testCases.state })
            .from(testCases)
            .where(eq(testCases.id, created._id));
        } finally {
          await peek.server.close();
        }
      })();
      expect(row.state).toBe('retrying');

      const second = await setUpGeneration({ ...same, sites });
      try {
        second.token = first.token;
        const test = await waitForGeneration(second, created._id);
        expect({ state: test.state, steps: describeSteps(test) }).toMatchObject({ state: 'passed' });
      } finally {
        await second.server.close();
      }
    } finally {
      await postgres?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe("a person's cancel", () => {
  it("publishes the event generation's worker hears, so it stops at once", async () => {
    const ctx = await setUpGeneration({ sites, roles: ['api'] });
    const kind = generationKind(ctx.server.services, {} as BrowserPool, {} as ModelSet);
    const heard: BusEvent[] = [];
    const unsubscribe = ctx.server.services.events.subscribe((event) => heard.push(event));
    try {
      const created = await createTest(ctx, {
        name: 'Cancelled',
        website: sites.url('todo'),
        description: 'Reload the page.',
      });
      expect(heard.some((event) => kind.endedKey(event) === created._id)).toBe(false);
      const cancelled = await api(ctx.server, 'DELETE', `/test-case/cancel/${created._id}`, {
        token: ctx.token,
      });
      expect(cancelled.status).toBe(200);
      await waitUntil(
        async () => heard.some((event) => kind.endedKey(event) === created._id),
        'the event that stops its worker',
        10_000,
      );
    } finally {
      unsubscribe();
      await ctx.close();
    }
  });
});
