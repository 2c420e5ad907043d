import { http, HttpResponse } from 'msw';
import {
  HEALING_MESSAGES,
  type HealingSettings,
  type HealingSocketMessage,
  type TestHealingsSocketMessage,
  type HealingStep,
  type TestHealing,
} from '../../../contract/healing';
import type { GenerationStep } from '../../../contract/generation';
import { apiError } from './api';
import { db, newId, type DbSuite, type DbTestCase } from './db';
import { userFromRequest } from './identity';
import { findRun, storedRuns, type DbRun } from './runs';
import { fakeTopic } from './socket';

// The healing calls of contract/healing.ts on the in-memory db: same paths, sentences and status
// codes. No healer runs here: tests and stories seed healings and move them along with updateHealing().
const API = '/api';

// NOTE: kept on the test and suite objects, so resetDb() forgets them with those.
const healingsByTest = new WeakMap<DbTestCase, TestHealing[]>();
const settingsBySuite = new WeakMap<DbSuite, HealingSettings>();
/** The steps an accept replaced, by healing: what a restore puts back. */
const previousSteps = new WeakMap<TestHealing, DbTestCase['test_generation_steps']>();

/** The healings of a test as stored (any order). */
export function storedHealings(test: DbTestCase): TestHealing[] {
  let healings = healingsByTest.get(test);
  if (!healings) {
    healings = [];
    healingsByTest.set(test, healings);
  }
  return healings;
}

export function findHealing(healingId: string): { test: DbTestCase; healing: TestHealing } | null {
  for (const test of db.testCases) {
    const healing = healingsByTest.get(test)?.find(({ test_healing_id }) => test_healing_id === healingId);
    if (healing) return { test, healing };
  }
  return null;
}

const at = (minutes: number) => new Date(Date.UTC(2026, 0, 3, 9, 0) + minutes * 60_000).toISOString();

// ── Builders ─────────────────────────────────────────────────────────────────────────────────────

/** A kept step: its code exactly as before. */
export function keptStep(index: number, description = `Step number ${index + 1}`): HealingStep {
  const code = `await page.getByRole('button', { name: 'Step ${index + 1}' }).click();`;
  return {
    step_index: index,
    step_description: description,
    outcome: 'kept',
    original_code: code,
    healed_code: code,
    note: null,
    original_screenshot_id: `run-shot-${index + 1}`,
    screenshot_id: null,
  };
}

/** A step the healer has not replayed yet (a healing under way). */
export function notRunStep(index: number, description = `Step number ${index + 1}`): HealingStep {
  return { ...keptStep(index, description), outcome: 'not_run', healed_code: null };
}

/** A step whose element moved: new code, what changed in the page, both screenshots. */
export function retargetedStep(index: number, overrides: Partial<HealingStep> = {}): HealingStep {
  return {
    step_index: index,
    step_description: 'Type "ada@example.com" into the Email field',
    outcome: 'retargeted',
    original_code: "await page.getByLabel('Email').fill('ada@example.com');",
    healed_code: "await page.getByLabel('Work email').fill('ada@example.com');",
    note: 'The "Email" field is now labelled "Work email".',
    original_screenshot_id: 'run-shot-failure',
    screenshot_id: `heal-shot-${index + 1}`,
    ...overrides,
  };
}

/** A healing of the run, proposed (passed) with six kept steps around one re-targeted one unless told otherwise. */
export function buildHealing(
  test: DbTestCase,
  run: Pick<DbRun, '_id'> & Partial<Pick<DbRun, 'settings'>>,
  overrides: Partial<TestHealing> = {},
) {
  const id = overrides.test_healing_id ?? newId('healing');
  const created = overrides.created_at ?? at(0);
  const status = overrides.status ?? 'passed';
  const steps = overrides.steps ?? [
    ...[0, 1, 2, 3].map((index) => keptStep(index)),
    retargetedStep(4),
    ...[5, 6].map((index) => keptStep(index)),
  ];
  const proposed = status === 'passed' || status === 'accepted' || status === 'rejected';
  const healing: TestHealing = {
    test_healing_id: id,
    created_at: created,
    triggered_by_test_run_id: run._id,
    test_case_id: test._id,
    status,
    healer_name: 'Plainwright healer (rules)',
    healed_test_case_id: proposed ? test._id : null,
    healed_test_case: proposed
      ? {
          _id: test._id,
          name: test.name,
          test_generation_steps: test.test_generation_steps as GenerationStep[],
          final_script: test.final_script,
          final_script_py: test.final_script_py,
        }
      : null,
    message: proposed ? 'Re-targeted 1 step whose element moved; every check is kept.' : null,
    checks_total: 7,
    checks_kept: 7,
    steps,
    trigger: 'manual',
    // Made on the run's other website when it had one (issue 28), as the server stores it.
    website_override: run.settings?.website_url_override ?? null,
    decided_at: null,
    restored_at: null,
    last_modified_at: created,
    ...overrides,
  };
  return healing;
}

/** The healer's bug report: a check failed on the page's content, so nothing is proposed. */
export function buildBugReport(
  test: DbTestCase,
  run: Pick<DbRun, '_id'>,
  expected = 'Total: $42.00',
  seen = 'Total: $0.00',
  overrides: Partial<TestHealing> = {},
) {
  return buildHealing(test, run, {
    status: 'unchanged',
    message: `${HEALING_MESSAGES.behaviourChanged}: expected '${expected}', the page shows '${seen}'`,
    steps: [
      keptStep(0, 'Open the cart'),
      {
        ...keptStep(1, `Verify "${expected}" is shown`),
        outcome: 'failed',
        healed_code: null,
        note: `The page shows '${seen}'.`,
        screenshot_id: 'heal-shot-2',
      },
    ],
    ...overrides,
  });
}

export function seedHealing(test: DbTestCase, healing: TestHealing): TestHealing {
  storedHealings(test).push(healing);
  return healing;
}

/** Changes a stored healing as the healer would. */
export function updateHealing(healingId: string, changes: Partial<TestHealing>): TestHealing {
  const found = findHealing(healingId);
  if (!found) throw new Error(`No healing ${healingId}`);
  Object.assign(found.healing, changes, {
    last_modified_at: new Date(Date.parse(found.healing.last_modified_at) + 1000).toISOString(),
  });
  return found.healing;
}

export function storedHealingSettings(suite: DbSuite): HealingSettings {
  return settingsBySuite.get(suite) ?? { auto_heal: true };
}

// ── The live socket ──────────────────────────────────────────────────────────────────────────────

const underWay = (status: TestHealing['status']) =>
  ['created', 'pending', 'waiting_for_executor', 'running'].includes(status);
const isMember = (orgId: string, userId: string) =>
  db.memberships.some((m) => m.org_id === orgId && m.user_id === userId && m.status === 'active');

const healingTopic = fakeTopic('healing', {
  watch: 'watch_healing',
  unwatch: 'unwatch_healing',
  idField: 'healing_id',
  open: (id, userId) => {
    const error = (message: string): HealingSocketMessage => ({ type: 'ERROR', message, healing_id: id });
    if (!id) return { messages: [error(HEALING_MESSAGES.watchIdRequired)], watching: false };
    const found = findHealing(id);
    if (!found || !isMember(found.test.org_id, userId))
      return { messages: [error(HEALING_MESSAGES.notFound)], watching: false };
    const fields = { healing_id: id, test_id: found.test._id, status: found.healing.status };
    const watching: HealingSocketMessage = { type: 'HEALING_WATCHING', ...fields };
    if (!underWay(found.healing.status))
      return { messages: [watching, { type: 'HEALING_NOT_RUNNING', ...fields }], watching: false };
    return { messages: [watching], watching: true };
  },
});

/** Sends what the server publishes about a healing to every socket watching it (after updateHealing). */
export function publishHealingEvent(
  healingId: string,
  type: 'HEALING_UPDATED' | 'HEALING_NOT_RUNNING' | 'WATCH_TIMED_OUT',
) {
  const ends = type !== 'HEALING_UPDATED';
  if (type === 'WATCH_TIMED_OUT')
    return healingTopic.publish(healingId, { type, healing_id: healingId }, ends);
  const found = findHealing(healingId);
  if (!found) return;
  const message: HealingSocketMessage = {
    type,
    healing_id: healingId,
    test_id: found.test._id,
    status: found.healing.status,
  };
  healingTopic.publish(healingId, message, ends);
}

export const healingWatcherCount = healingTopic.watcherCount;

// A test's healings (issue 28): watched until the socket closes (the server's watch times out; tests need not).
const testHealingsTopic = fakeTopic('testHealings', {
  watch: 'watch_test_healings',
  unwatch: 'unwatch_test_healings',
  idField: 'test_id',
  open: (id, userId) => {
    const test = db.testCases.find((t) => t._id === id);
    if (!test || !isMember(test.org_id, userId))
      return { messages: [{ type: 'ERROR', message: 'Test case not found', test_id: id }], watching: false };
    return { messages: [{ type: 'TEST_HEALINGS_WATCHING', test_id: id }], watching: true };
  },
});

/** Tells every socket watching the test's healings that one was created, ended or decided (after seedHealing / updateHealing). */
export function publishTestHealingsChanged(healingId: string, change: 'created' | 'ended' | 'decided') {
  const found = findHealing(healingId);
  if (!found) return;
  const message: TestHealingsSocketMessage = {
    type: 'TEST_HEALINGS_CHANGED',
    test_id: found.test._id,
    healing_id: healingId,
    status: found.healing.status,
    change,
  };
  testHealingsTopic.publish(found.test._id, message, /* ends */ false);
}

export const testHealingsWatcherCount = testHealingsTopic.watcherCount;

// ── HTTP ─────────────────────────────────────────────────────────────────────────────────────────

const unauthorized = () => apiError(401, 'unauthorized', 'Missing or invalid access token');
const notFound = (message: string) => apiError(404, 'not_found', message);
const inProgress = (healing: TestHealing) =>
  ['created', 'pending', 'waiting_for_executor', 'running'].includes(healing.status);
const newestFirst = (healings: TestHealing[]) =>
  [...healings].sort((a, b) => (a.created_at < b.created_at ? 1 : a.created_at > b.created_at ? -1 : 0));

function memberOf(request: Request, orgId: string): boolean | Response {
  const user = userFromRequest(request);
  if (!user) return unauthorized();
  return db.memberships.some((m) => m.org_id === orgId && m.user_id === user.id && m.status === 'active');
}

/** The thing asked for when the caller is a member of its organization, else the server's answer. */
function guarded<T>(request: Request, found: T | null, orgId: (found: T) => string, missing: string) {
  if (!found) return userFromRequest(request) ? notFound(missing) : unauthorized();
  const member = memberOf(request, orgId(found));
  if (member instanceof Response) return member;
  return member ? found : notFound(missing);
}

const memberTest = (request: Request, id: string) =>
  guarded(request, db.testCases.find((t) => t._id === id) ?? null, (t) => t.org_id, 'Test case not found');
const memberRun = (request: Request, id: string) =>
  guarded(request, findRun(id), ({ test }) => test.org_id, 'Test run not found');
const memberHealing = (request: Request, id: string) =>
  guarded(request, findHealing(id), ({ test }) => test.org_id, HEALING_MESSAGES.notFound);
const memberSuite = (request: Request, id: string) =>
  guarded(
    request,
    db.suites.find((s) => s.test_suite_id === id) ?? null,
    (s) => s.org_id,
    'Test suite not found',
  );

/** POST /healing/test-run/{id}'s rules: only a failed run, and not twice at once. */
function startHealing(test: DbTestCase, run: DbRun, trigger: TestHealing['trigger']): TestHealing | Response {
  if (run.status !== 'failed') return apiError(422, 'unprocessable', HEALING_MESSAGES.runNotFailed);
  const healings = storedHealings(test);
  if (healings.some((h) => h.triggered_by_test_run_id === run._id && inProgress(h)))
    return apiError(409, 'conflict', HEALING_MESSAGES.alreadyHealing);
  const now = new Date().toISOString();
  return seedHealing(
    test,
    buildHealing(test, run, {
      status: 'pending',
      created_at: now,
      last_modified_at: now,
      message: null,
      trigger,
    }),
  );
}

export const healingHandlers = [
  http.get(`${API}/healing/:id`, ({ request, params }) => {
    const found = memberHealing(request, String(params.id));
    return found instanceof Response ? found : HttpResponse.json(found.healing);
  }),

  http.get(`${API}/healing/test-case/:id`, ({ request, params }) => {
    const test = memberTest(request, String(params.id));
    return test instanceof Response ? test : HttpResponse.json(newestFirst(storedHealings(test)));
  }),

  http.get(`${API}/healing/test-run/:id`, ({ request, params }) => {
    const found = memberRun(request, String(params.id));
    if (found instanceof Response) return found;
    const healing = newestFirst(storedHealings(found.test)).find(
      (h) => h.triggered_by_test_run_id === found.run._id,
    );
    return healing ? HttpResponse.json(healing) : notFound(HEALING_MESSAGES.notFound);
  }),

  http.post(`${API}/healing/test-run/:id`, ({ request, params }) => {
    const found = memberRun(request, String(params.id));
    if (found instanceof Response) return found;
    const healing = startHealing(found.test, found.run, 'manual');
    return healing instanceof Response ? healing : HttpResponse.json(healing, { status: 201 });
  }),

  http.post(`${API}/healing/:id/approve`, ({ request, params }) => {
    const approved = new URL(request.url).searchParams.get('approved');
    if (approved !== 'true' && approved !== 'false')
      return HttpResponse.json(
        {
          error: {
            code: 'validation_failed',
            message: 'approved must be true or false',
            details: { fields: { approved: 'invalid' } },
          },
        },
        { status: 400 },
      );
    const found = memberHealing(request, String(params.id));
    if (found instanceof Response) return found;
    const { test, healing } = found;
    if (healing.status !== 'passed') return apiError(409, 'conflict', HEALING_MESSAGES.notProposed);
    if (approved === 'true' && healing.healed_test_case) {
      previousSteps.set(healing, test.test_generation_steps);
      test.test_generation_steps = healing.healed_test_case.test_generation_steps;
    }
    const decided = updateHealing(healing.test_healing_id, {
      status: approved === 'true' ? 'accepted' : 'rejected',
      decided_at: new Date().toISOString(),
    });
    return HttpResponse.json(decided);
  }),

  http.post(`${API}/healing/:id/restore`, ({ request, params }) => {
    const found = memberHealing(request, String(params.id));
    if (found instanceof Response) return found;
    const { test, healing } = found;
    if (healing.status !== 'accepted' || healing.restored_at)
      return apiError(409, 'conflict', HEALING_MESSAGES.notRestorable);
    // A seeded accepted healing has no record of the steps before it: the test keeps its own then.
    test.test_generation_steps = previousSteps.get(healing) ?? test.test_generation_steps;
    return HttpResponse.json(
      updateHealing(healing.test_healing_id, { restored_at: new Date().toISOString() }),
    );
  }),

  http.get(`${API}/healing/settings/:suiteId`, ({ request, params }) => {
    const suite = memberSuite(request, String(params.suiteId));
    return suite instanceof Response ? suite : HttpResponse.json(storedHealingSettings(suite));
  }),

  http.put(`${API}/healing/settings/:suiteId`, async ({ request, params }) => {
    const suite = memberSuite(request, String(params.suiteId));
    if (suite instanceof Response) return suite;
    const body = (await request.json()) as Partial<HealingSettings>;
    if (typeof body.auto_heal !== 'boolean')
      return HttpResponse.json(
        {
          error: {
            code: 'validation_failed',
            message: 'auto_heal must be true or false',
            details: { fields: { auto_heal: 'invalid' } },
          },
        },
        { status: 400 },
      );
    settingsBySuite.set(suite, { auto_heal: body.auto_heal });
    return HttpResponse.json(storedHealingSettings(suite));
  }),

  // The latest failed run of each of the collection's tests is healed (the run group is not modelled here).
  http.post(`${API}/healing/collection/:collectionId`, ({ request, params }) => {
    if (!userFromRequest(request)) return unauthorized();
    const collectionId = String(params.collectionId);
    const healings = db.testCases
      .filter((test) => test.collection_ids.includes(collectionId) && memberOf(request, test.org_id) === true)
      .flatMap((test) => {
        const failed = latestUnhealedFailure(test);
        const healing = failed ? startHealing(test, failed, 'collection') : null;
        return healing && !(healing instanceof Response) ? [healing] : [];
      });
    return HttpResponse.json(healings, { status: 201 });
  }),
];

/** The test's newest run, when it failed and has no healing yet. */
function latestUnhealedFailure(test: DbTestCase): DbRun | null {
  const [latest] = [...storedRuns(test)].sort((a, b) => (a.created_at < b.created_at ? 1 : -1));
  const healed = storedHealings(test).some((h) => h.triggered_by_test_run_id === latest?._id);
  return latest?.status === 'failed' && !healed ? latest : null;
}
