import { serveFixtureSites, type FixtureSites } from '../../fixtures/sites/serve';
import { fingerprintAt } from '../src/agents/healer/fingerprint';
import { healTest, type HealHooks, type HealInputStep, type HealOutcome } from '../src/agents/healer/healer';
import {
  type Action,
  BrowserPool,
  describeAction,
  replay,
  type ReplayOutcome,
  RunnerSession,
  type Target,
} from '../src/runner';

// The healer suites' shared set-up: the fixture sites and a browser pool for the file, each given
// site back on its original release after every test, and the healer and a replay each in a fresh
// session (1280×720, the step time below), as a healing job and a run have them.

export const STEP_TIMEOUT_MS = 5000;

export interface HealerFixture {
  readonly sites: FixtureSites;
  inSession<T>(work: (session: RunnerSession) => Promise<T>): Promise<T>;
  heal(
    site: string,
    steps: HealInputStep[],
    failingStepIndex?: number | null,
    hooks?: HealHooks,
    stepTimeoutMs?: number,
  ): Promise<HealOutcome>;
  /**
   * A fresh replay. `stepTimeoutMs` shortens the wait of a replay meant to fail (a bug twin, a release
   * that removed the step's element): a missing element fails sooner, a present one is unaffected.
   */
  replayed(steps: { description: string; action: Action }[], stepTimeoutMs?: number): Promise<ReplayOutcome>;
}

/** The wait of a replay or a healing meant to fail: the fixture pages answer in milliseconds. */
export const FAILING_STEP_TIMEOUT_MS = 2000;

/** Registers the file's beforeAll / afterAll / afterEach; `variantSites` are put back after each test. */
export function useHealerFixture(variantSites: string[]): HealerFixture {
  let sites: FixtureSites;
  let pool: BrowserPool;
  beforeAll(async () => {
    sites = await serveFixtureSites();
    pool = new BrowserPool({ wsEndpoint: null, niceness: 0 });
  });
  afterAll(async () => {
    await pool?.close();
    await sites?.close();
  });
  afterEach(() => {
    for (const site of variantSites) sites.setVariant(site, null);
  });

  async function inSession<T>(work: (session: RunnerSession) => Promise<T>): Promise<T> {
    const session = await RunnerSession.open(await pool.acquire(), {
      viewport: { width: 1280, height: 720 },
      values: { parameters: {}, secrets: {} },
      stepTimeoutMs: STEP_TIMEOUT_MS,
      trace: false,
    });
    try {
      return await work(session);
    } finally {
      await session.close();
    }
  }

  return {
    get sites() {
      return sites;
    },
    inSession,
    heal: (site, steps, failingStepIndex = null, hooks, stepTimeoutMs = STEP_TIMEOUT_MS) =>
      inSession((session) =>
        healTest(session, { website: sites.url(site), steps, stepTimeoutMs, failingStepIndex }, hooks),
      ),
    replayed: (steps, stepTimeoutMs = STEP_TIMEOUT_MS) =>
      inSession((session) =>
        replay(
          session,
          steps.map((step) => ({ ...step, actionName: describeAction(step.action) })),
          { onStep: async () => undefined, stopped: () => false },
          { language: 'typescript', stepTimeoutMs, screenshots: false, log: null },
        ),
      ),
  };
}

export const byRole = (role: string, name: string): Target => ({
  locator: { by: 'role', role, name, exact: true },
});
export const byLabel = (text: string): Target => ({ locator: { by: 'label', text, exact: true } });
/** 'Verify the page shows "…"': a check whose text is its expectation. */
export const shows = (text: string): Action => ({
  kind: 'expect',
  assert: { type: 'visible', target: { locator: { by: 'text', text } } },
});

/** The healed test's actions, for a fresh replay; throws when a step has none. */
export function healedSteps(outcome: HealOutcome): HealInputStep[] {
  return outcome.steps.map((step) => {
    if (!step.action) throw new Error(`step "${step.description}" has no healed action`);
    return { description: step.description, action: step.action };
  });
}

/**
 * Runs the steps on the site as the generator does (a snapshot, then the action) and records each
 * acted-on element's fingerprint with its step; throws when a step fails there.
 */
export async function recordFingerprints(
  session: RunnerSession,
  steps: HealInputStep[],
): Promise<HealInputStep[]> {
  const recorded: HealInputStep[] = [];
  for (const step of steps) {
    const snapshot = await session.snapshot();
    const ran = await session.execute(step.action);
    if (!ran.ok) throw new Error(`step "${step.description}" failed on the original: ${ran.error?.message}`);
    const fingerprint = step.action.kind === 'expect' ? null : fingerprintAt(snapshot, ran.box);
    recorded.push(fingerprint ? { ...step, fingerprint } : step);
  }
  return recorded;
}
