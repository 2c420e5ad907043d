import { type TestRun } from '../../contract/runs';
import { type Action } from '../src/runner';
import { abandonAfterMs } from '../src/tracking/control';
import type * as Fixtures from './generationFixtures';
import type * as Helpers from './helpers';
import type * as RunFixtures from './runFixtures';
import type * as Runner from '../src/runner';

// The tracked-job core (DESIGN §6) holds the same guarantees for every kind: a browser call that never
// settles is abandoned after one bound, and a person's cancel ends the job at once.

/** The next replay hangs like a Playwright call whose browser went away mid-call: it never settles. */
const mockReplay = { hangNext: false };
jest.mock('../src/runner', () => {
  const actual = jest.requireActual<typeof Runner>('../src/runner');
  return {
    ...actual,
    replay: (...args: Parameters<typeof actual.replay>) => {
      if (!mockReplay.hangNext) return actual.replay(...args);
      mockReplay.hangNext = false;
      return new Promise<never>(() => undefined);
    },
  };
});

jest.setTimeout(180_000);

// Loaded after the mock, so the worker replays through it.
let fixtures: typeof Fixtures;
let helpers: typeof Helpers;
let runFixtures: typeof RunFixtures;
let sites: Fixtures.GenerationContext['sites'];
beforeAll(async () => {
  fixtures = await import('./generationFixtures');
  helpers = await import('./helpers');
  runFixtures = await import('./runFixtures');
  sites = await (await import('../../fixtures/sites/serve')).serveFixtureSites();
});
afterAll(async () => sites?.close());

const todoActions = (text: string): Action[] => [
  { kind: 'goto', url: sites.url('todo') },
  { kind: 'fill', target: { locator: { by: 'placeholder', text: 'What needs to be done?' } }, value: text },
  { kind: 'press', key: 'Enter', target: { locator: { by: 'placeholder', text: 'What needs to be done?' } } },
  { kind: 'expect', assert: { type: 'visible', target: { locator: { by: 'text', text: '1 item left' } } } },
];

/** How soon after a cancel the worker must be free for its next job, whatever the kind. */
const CANCEL_BOUND_MS = 5_000;

async function runStatus(ctx: Fixtures.GenerationContext, runId: string): Promise<string> {
  return (await runFixtures.getRun(ctx, runId)).status;
}

describe('a browser call that never settles', () => {
  it("is abandoned after generation's bound: the run ends timed out and the worker takes the next run", async () => {
    // Long enough for the next run (four steps with their screenshots) on a busy 2-core machine.
    const runTimeoutMs = 5_000;
    const ctx = await fixtures.setUpGeneration({
      sites,
      env: { WORKER_CONCURRENCY: '1', RUN_TIMEOUT_MS: String(runTimeoutMs) },
    });
    try {
      const bound = abandonAfterMs(ctx.server.services.generation.config);
      const testId = await runFixtures.createGeneratedTest(
        ctx,
        'Hangs',
        sites.url('todo'),
        todoActions('Hangs'),
      );
      mockReplay.hangNext = true;
      const hanging = await runFixtures.startRun(ctx, testId);
      await fixtures.waitUntil(
        async () => (await runStatus(ctx, hanging._id)) === 'running',
        'the run to start',
      );
      const started = Date.now();
      const next = await runFixtures.startRun(ctx, testId);

      const ended: TestRun = await runFixtures.waitForRun(ctx, hanging._id, runTimeoutMs + bound + 30_000);
      const tookMs = Date.now() - started;
      expect({ status: ended.status, message: ended.error_message }).toEqual({
        status: 'failed',
        message: expect.stringMatching(/^The run took longer than 5 s and was stopped/),
      });
      // Not before the grace every kind gives a stopped browser call, nor long after it.
      expect(tookMs).toBeGreaterThanOrEqual(runTimeoutMs + bound - 1_500);
      expect(tookMs).toBeLessThan(runTimeoutMs + bound + 15_000);

      const passed = await runFixtures.waitForRun(ctx, next._id);
      expect(runFixtures.describeRun(passed)).toMatch(/^passed/);
    } finally {
      await ctx.close();
    }
  });
});

describe("a person's cancel", () => {
  // Heartbeats far apart: a job that waited for its next beat to notice would hold its worker for long.
  const slowHeartbeat = {
    WORKER_CONCURRENCY: '1',
    GENERATION_HEARTBEAT_MS: '30000',
    GENERATION_STALE_MS: '90000',
  };

  it('frees the worker of a run at once', async () => {
    const ctx = await fixtures.setUpGeneration({ sites, env: slowHeartbeat });
    try {
      const testId = await runFixtures.createGeneratedTest(ctx, 'Slow run', sites.url('todo'), [
        { kind: 'goto', url: sites.url('todo') },
        { kind: 'wait', ms: 20_000 },
      ]);
      const slow = await runFixtures.startRun(ctx, testId);
      await fixtures.waitUntil(
        async () => (await runFixtures.getRun(ctx, slow._id)).steps.length > 0,
        'the run to be waiting',
      );
      const cancelled = await helpers.api(ctx.server, 'DELETE', `/test-run/${slow._id}`, {
        token: ctx.token,
      });
      expect(cancelled.status).toBe(200);
      const cancelledAt = Date.now();
      const next = await runFixtures.startRun(ctx, testId);
      await fixtures.waitUntil(
        async () => (await runStatus(ctx, next._id)) !== 'pending',
        'the next run to be claimed',
        30_000,
      );
      expect(Date.now() - cancelledAt).toBeLessThan(CANCEL_BOUND_MS);
      expect((await runFixtures.getRun(ctx, slow._id)).status).toBe('cancelled');
    } finally {
      await ctx.close();
    }
  });

  it('frees the worker of a generation at once', async () => {
    const ctx = await fixtures.setUpGeneration({ sites, env: slowHeartbeat });
    try {
      const slow = await fixtures.createTest(ctx, {
        name: 'Slow generation',
        website: sites.url('todo'),
        description: 'Wait 20 seconds. Add a todo "Too late".',
      });
      await fixtures.waitUntil(
        async () => (await fixtures.getTest(ctx, slow._id)).state === 'running',
        'the generation to run',
      );
      // Into its wait, long before its first heartbeat.
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      const cancelled = await helpers.api(ctx.server, 'DELETE', `/test-case/cancel/${slow._id}`, {
        token: ctx.token,
      });
      expect(cancelled.status).toBe(200);
      const cancelledAt = Date.now();
      const next = await fixtures.createTest(ctx, {
        name: 'Next generation',
        website: sites.url('todo'),
        description: 'Add a todo "Next".',
      });
      await fixtures.waitUntil(
        async () => (await fixtures.getTest(ctx, next._id)).state !== 'pending',
        'the next generation to be claimed',
        60_000,
      );
      expect(Date.now() - cancelledAt).toBeLessThan(CANCEL_BOUND_MS);
      expect((await fixtures.getTest(ctx, slow._id)).state).toBe('cancelled');
    } finally {
      await ctx.close();
    }
  });
});
