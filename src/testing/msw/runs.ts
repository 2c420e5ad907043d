import { http, HttpResponse } from 'msw';
import {
  RUN_LIMITS,
  RUN_MESSAGES,
  RUNS_PAGE_MAX,
  RUNS_PAGE_SIZE,
  type RunArtifact,
  type RunSettings,
  type RunSocketMessage,
  type RunStatus,
  type RunStep,
  type TestRun,
} from '../../../contract/runs';
import { effectiveParameters, isWebsiteUrl } from '../../../contract/testCases';
import { GENERATING_STATES, RUNNING_STATES, type GenerationState } from '../../../contract/states';
import { apiError } from './api';
import { db, newId, type DbTestCase } from './db';
import { storedEnvironments } from './environments';
import { userFromRequest } from './identity';
import { fakeTopic } from './socket';

// The run calls of the real server (server/src/routes/runs.ts, docs/runs.md) on the in-memory db: same
// paths, rules, sentences and status codes. Nothing runs here: tests and stories seed runs and move
// them along with the helpers below, then publish what the server would over the socket.
const API = '/api';

/** A stored run: the wire shape plus the text of its run.log. */
export interface DbRun extends TestRun {
  log: string | null;
}

// NOTE: runs hang off their test object, so resetDb() (a new testCases array) forgets them too.
const runsByTest = new WeakMap<DbTestCase, DbRun[]>();

/** The runs of a test as stored (any order). */
export function storedRuns(test: DbTestCase): DbRun[] {
  let runs = runsByTest.get(test);
  if (!runs) {
    runs = [];
    runsByTest.set(test, runs);
  }
  return runs;
}

export function findRun(runId: string): { test: DbTestCase; run: DbRun } | null {
  for (const test of db.testCases) {
    const run = runsByTest.get(test)?.find(({ _id }) => _id === runId);
    if (run) return { test, run };
  }
  return null;
}

const toWire = ({ log: _log, ...run }: DbRun): TestRun => run;
const running = (status: RunStatus) => RUNNING_STATES.includes(status);
const at = (minutes: number) => new Date(Date.UTC(2026, 0, 2, 10, 0) + minutes * 60_000).toISOString();

// ── Builders ─────────────────────────────────────────────────────────────────────────────────────

export function buildRunStep(index: number, overrides: Partial<RunStep> = {}): RunStep {
  const description = overrides.step_description ?? `Step number ${index + 1}`;
  return {
    step_index: index,
    action_name: description,
    step_description: description,
    run_code: `await page.getByRole('button', { name: 'Step ${index + 1}' }).click();`,
    screenshot_id: `run-shot-${index + 1}`,
    trace_zip_path: 'run-trace-1',
    success: true,
    trace: [],
    error: null,
    duration_ms: 300 + index * 10,
    url: 'https://todo.example/',
    ...overrides,
  };
}

const screenshotArtifacts = (steps: readonly RunStep[]): RunArtifact[] =>
  steps.map((_, index) => ({
    name: `step-${index}.jpg`,
    kind: 'screenshot',
    content_type: 'image/jpeg',
    size: 24_000,
  }));

const endArtifacts = (steps: readonly RunStep[], failed: boolean): RunArtifact[] => [
  { name: 'trace.zip', kind: 'trace', content_type: 'application/zip', size: 180_000 },
  { name: 'run.log', kind: 'log', content_type: 'text/plain; charset=utf-8', size: 900 },
  ...(failed
    ? [{ name: 'failure.jpg', kind: 'screenshot' as const, content_type: 'image/jpeg', size: 26_000 }]
    : []),
  ...screenshotArtifacts(steps),
];

/** The test's step words, or three made-up ones. */
function descriptionsOf(test: DbTestCase): string[] {
  const steps = test.test_generation_steps as { step_description?: string }[];
  return steps.length > 0
    ? steps.map((step, index) => step.step_description ?? `Step number ${index + 1}`)
    : ['Open the page', 'Click "Sign in"', 'Verify "Welcome" is shown'];
}

export function passedLog(runId: string, descriptions: readonly string[]): string {
  return [
    `2026-01-02T10:00:00.120Z INFO run: Run ${runId} (${descriptions.length} steps) on https://todo.example/`,
    ...descriptions.map(
      (words, index) => `2026-01-02T10:00:0${index + 1}.000Z SUCCESS step: ${index + 1}. ${words} (312 ms)`,
    ),
    '2026-01-02T10:00:05.705Z WARNING network: 404 GET https://todo.example/favicon.ico',
    `2026-01-02T10:00:06.000Z SUCCESS run: Passed ${descriptions.length} steps in 1.9 s`,
  ].join('\n');
}

/** A run of the test as the server sends it; passed with every step unless told otherwise. */
export function buildRun(test: DbTestCase, overrides: Partial<DbRun> = {}): DbRun {
  const id = overrides._id ?? newId('run');
  const descriptions = overrides.step_descriptions ?? descriptionsOf(test);
  const steps =
    overrides.steps ??
    descriptions.map((words, index) => buildRunStep(index, { step_description: words, action_name: words }));
  const created = overrides.created_at ?? at(0);
  const status = overrides.status ?? 'passed';
  return {
    _id: id,
    test_case_id: test._id,
    status,
    execution_time_in_secs: running(status) ? null : 1.9,
    steps,
    step_descriptions: descriptions,
    failing_step_index: null,
    error_message: null,
    artifacts: running(status) ? [] : endArtifacts(steps, status === 'failed'),
    settings: { parameter_overrides: {}, website_url_override: null },
    created_at: created,
    last_modified_at: created,
    started_at: created,
    finished_at: running(status) ? null : created,
    attempts: 1,
    steps_out_of_date: false,
    trigger: 'manual',
    browser: 'chromium',
    first_failure: null,
    environment_id: null,
    pinned_at: null,
    log: running(status) ? null : passedLog(id, descriptions),
    ...overrides,
  };
}

/** A run that failed at `failingIndex` with the server's kind of message. */
export function buildFailedRun(
  test: DbTestCase,
  failingIndex: number,
  message: string,
  overrides: Partial<DbRun> = {},
): DbRun {
  const descriptions = overrides.step_descriptions ?? descriptionsOf(test);
  const steps = descriptions.slice(0, failingIndex + 1).map((words, index) =>
    buildRunStep(index, {
      step_description: words,
      action_name: words,
      ...(index === failingIndex && {
        success: false,
        error: { message, error_type: 'element_not_found' },
        screenshot_id: 'run-shot-failure',
      }),
    }),
  );
  const id = overrides._id ?? newId('run');
  return buildRun(test, {
    _id: id,
    status: 'failed',
    steps,
    step_descriptions: descriptions,
    failing_step_index: failingIndex,
    error_message: `Step ${failingIndex + 1}, "${descriptions[failingIndex]}", failed: ${message}`,
    log: [
      `2026-01-02T10:00:00.120Z INFO run: Run ${id} (${descriptions.length} steps) on https://todo.example/`,
      ...steps
        .slice(0, failingIndex)
        .map(
          (step, index) =>
            `2026-01-02T10:00:0${index + 1}.000Z SUCCESS step: ${index + 1}. ${step.step_description} (312 ms)`,
        ),
      '2026-01-02T10:00:02.700Z ERROR console: Uncaught TypeError: x is undefined (app.js:12)',
      `2026-01-02T10:00:03.300Z ERROR step: ${failingIndex + 1}. ${descriptions[failingIndex]}: ${message}`,
      `2026-01-02T10:00:03.400Z ERROR run: Failed at step ${failingIndex + 1} after 3.2 s`,
    ].join('\n'),
    ...overrides,
  });
}

export function seedRun(test: DbTestCase, run: DbRun = buildRun(test)): DbRun {
  storedRuns(test).push(run);
  // As the server: a run on another website is not the test's headline (issue 28).
  if (run.settings.website_url_override) return run;
  if (!test.latest_run_time || test.latest_run_time <= run.created_at) {
    test.latest_run_status = run.status;
    test.latest_run_time = run.created_at;
  }
  return run;
}

/** `count` passed runs, one a minute, the newest last; returns them newest first. */
export function seedRuns(test: DbTestCase, count: number): DbRun[] {
  return Array.from({ length: count }, (_, index) =>
    seedRun(test, buildRun(test, { created_at: at(index) })),
  ).reverse();
}

/** Changes a stored run as a worker would (its test follows); publish the event separately. */
export function updateRun(runId: string, changes: Partial<DbRun>): DbRun {
  const found = findRun(runId);
  if (!found) throw new Error(`No run ${runId}`);
  Object.assign(found.run, changes, {
    last_modified_at: new Date(Date.parse(found.run.last_modified_at) + 1000).toISOString(),
  });
  if (found.test.latest_run_time === found.run.created_at) found.test.latest_run_status = found.run.status;
  return found.run;
}

export function deleteRun(runId: string) {
  const found = findRun(runId);
  if (found) storedRuns(found.test).splice(storedRuns(found.test).indexOf(found.run), 1);
}

// ── The live socket ──────────────────────────────────────────────────────────────────────────────

const error = (message: string, id: string): RunSocketMessage => ({ type: 'ERROR', message, run_id: id });

const runTopic = fakeTopic('run', {
  watch: 'watch_run',
  unwatch: 'unwatch_run',
  idField: 'run_id',
  open: (id) => {
    if (!id) return { messages: [error(RUN_MESSAGES.runWatchIdRequired, '')], watching: false };
    const found = findRun(id);
    if (!found) return { messages: [error(RUN_MESSAGES.runNotFound, id)], watching: false };
    const fields = { run_id: id, test_id: found.test._id, status: found.run.status };
    const watching: RunSocketMessage = { type: 'RUN_WATCHING', ...fields };
    if (!running(found.run.status))
      return { messages: [watching, { type: 'RUN_NOT_RUNNING', ...fields }], watching: false };
    return { messages: [watching], watching: true };
  },
});

/** Sends what the server publishes about a run to every socket watching it. */
export function publishRunEvent(runId: string, type: 'RUN_UPDATED' | 'RUN_NOT_RUNNING' | 'WATCH_TIMED_OUT') {
  const ends = type !== 'RUN_UPDATED';
  if (type === 'WATCH_TIMED_OUT') return runTopic.publish(runId, { type, run_id: runId }, ends);
  const found = findRun(runId);
  const message: RunSocketMessage = {
    type,
    run_id: runId,
    test_id: found?.test._id ?? '',
    status: found?.run.status ?? 'pending',
  };
  if (found) runTopic.publish(runId, message, ends);
}

export const runWatcherCount = runTopic.watcherCount;

// ── HTTP ─────────────────────────────────────────────────────────────────────────────────────────

const unauthorized = () => apiError(401, 'unauthorized', 'Missing or invalid access token');
const notFound = (message: string) => apiError(404, 'not_found', message);
const invalid = (message: string, fields: Record<string, string>, problems: string[] = [message]) =>
  HttpResponse.json(
    { error: { code: 'validation_failed', message, details: { fields, problems } } },
    { status: 400 },
  );

function isMember(request: Request, test: DbTestCase): boolean | Response {
  const user = userFromRequest(request);
  if (!user) return unauthorized();
  const suite = db.suites.find((s) => s.test_suite_id === test.test_suite_id);
  return Boolean(
    suite &&
    db.memberships.some((m) => m.org_id === suite.org_id && m.user_id === user.id && m.status === 'active'),
  );
}

function memberTest(request: Request, id: string): DbTestCase | Response {
  const test = db.testCases.find((t) => t._id === id);
  if (!test) return userFromRequest(request) ? notFound('Test case not found') : unauthorized();
  const member = isMember(request, test);
  if (member instanceof Response) return member;
  return member ? test : notFound('Test case not found');
}

function memberRun(request: Request, id: string): { test: DbTestCase; run: DbRun } | Response {
  const found = findRun(id);
  if (!found) return userFromRequest(request) ? notFound(RUN_MESSAGES.runNotFound) : unauthorized();
  const member = isMember(request, found.test);
  if (member instanceof Response) return member;
  return member ? found : notFound(RUN_MESSAGES.runNotFound);
}

function checkSettings(body: RunSettings, test: DbTestCase): RunSettings | Response {
  const parameters = effectiveParameters(test.parameters, test.credentials);
  const fields: Record<string, string> = {};
  const problems: string[] = [];
  const website = body.website_url_override?.trim() || null;
  if (website && !isWebsiteUrl(website)) {
    fields.website_url_override = 'invalid';
    problems.push(RUN_MESSAGES.invalidUrl);
  }
  for (const [name, value] of Object.entries(body.parameter_overrides ?? {})) {
    if (!Object.hasOwn(parameters, name)) {
      fields[`parameter_overrides.${name}`] = 'unknown';
      problems.push(`"${name}" is not a variable of this test`);
    } else if (value.length > RUN_LIMITS.overrideValue) {
      fields[`parameter_overrides.${name}`] = 'too_long';
      problems.push(`The value of "${name}" must be at most ${RUN_LIMITS.overrideValue} characters`);
    }
  }
  if (problems.length > 0) return invalid(problems[0], fields, problems);
  return { parameter_overrides: body.parameter_overrides ?? {}, website_url_override: website };
}

const wholeNumber = (raw: string | null, fallback: number, min: number, max: number) => {
  const value = raw === null || raw === '' ? fallback : Number(raw);
  return Number.isInteger(value) && value >= min && value <= max ? value : null;
};

export const runHandlers = [
  http.post(`${API}/test-run/:testCaseId`, async ({ request, params }) => {
    const id = String(params.testCaseId).trim();
    if (!id) return invalid(RUN_MESSAGES.testCaseIdRequired, { testCaseId: 'required' });
    const test = memberTest(request, id);
    if (test instanceof Response) return test;
    const text = await request.text();
    const body = text ? (JSON.parse(text) as RunSettings) : {};
    const settings = checkSettings(body, test);
    if (settings instanceof Response) return settings;
    // Issue 33: the environment's origin with the test's path and query.
    const suite = db.suites.find((s) => s.test_suite_id === test.test_suite_id);
    const environment = body.environment_id
      ? suite && storedEnvironments(suite).find((env) => env._id === body.environment_id)
      : null;
    if (environment === undefined)
      return invalid("environment_id is not one of this project's environments", {
        environment_id: 'unknown',
      });
    if (environment) {
      const website = new URL(test.website);
      settings.website_url_override = `${new URL(environment.base_url).origin}${website.pathname}${website.search}`;
    }
    if (GENERATING_STATES.includes(test.state as GenerationState))
      return apiError(409, 'conflict', RUN_MESSAGES.generating);
    const steps = test.test_generation_steps as { step_description?: string; execution_succeded?: boolean }[];
    if (steps.length === 0) return apiError(422, 'unprocessable', RUN_MESSAGES.noSteps);
    if (steps.some((step) => step.execution_succeded === false))
      return apiError(422, 'unprocessable', RUN_MESSAGES.notRunnableGeneration);
    const now = new Date().toISOString();
    const run = seedRun(
      test,
      buildRun(test, {
        status: 'pending',
        steps: [],
        created_at: now,
        last_modified_at: now,
        started_at: null,
        steps_out_of_date: test.steps_out_of_date,
        settings: {
          parameter_overrides: settings.parameter_overrides ?? {},
          website_url_override: settings.website_url_override ?? null,
        },
        environment_id: environment?._id ?? null,
      }),
    );
    return HttpResponse.json({ runId: run._id, run: toWire(run) }, { status: 201 });
  }),

  http.get(`${API}/test-runs/:testCaseId`, ({ request, params }) => {
    const test = memberTest(request, String(params.testCaseId));
    if (test instanceof Response) return test;
    const query = new URL(request.url).searchParams;
    const limit = wholeNumber(query.get('limit'), RUNS_PAGE_SIZE, 1, RUNS_PAGE_MAX);
    const offset = wholeNumber(query.get('offset'), 0, 0, 1_000_000_000);
    if (limit === null)
      return invalid(`limit must be a whole number from 1 to ${RUNS_PAGE_MAX}`, { limit: 'invalid' });
    if (offset === null)
      return invalid('offset must be a whole number from 0 to 1000000000', { offset: 'invalid' });
    const runs = [...storedRuns(test)].sort((a, b) =>
      a.created_at === b.created_at ? (a._id < b._id ? 1 : -1) : a.created_at < b.created_at ? 1 : -1,
    );
    return HttpResponse.json(runs.slice(offset, offset + limit).map(toWire), {
      headers: { 'x-total-count': String(runs.length) },
    });
  }),

  http.get(`${API}/test-run/:runId`, ({ request, params }) => {
    const found = memberRun(request, String(params.runId));
    return found instanceof Response ? found : HttpResponse.json(toWire(found.run));
  }),

  http.delete(`${API}/test-run/:runId`, ({ request, params }) => {
    const found = memberRun(request, String(params.runId));
    if (found instanceof Response) return found;
    if (!running(found.run.status)) return apiError(409, 'conflict', RUN_MESSAGES.alreadyEnded);
    const user = userFromRequest(request);
    updateRun(found.run._id, {
      status: 'cancelled',
      error_message: `The run was cancelled by ${user?.email ?? 'a person'}.`,
      finished_at: new Date().toISOString(),
      execution_time_in_secs: 0,
    });
    return HttpResponse.json(toWire(found.run));
  }),

  // Issue 34: a pinned run is kept past its project's retention (pinning twice keeps the first time).
  http.put(`${API}/test-run/:runId/pin`, ({ request, params }) => {
    const found = memberRun(request, String(params.runId));
    if (found instanceof Response) return found;
    updateRun(found.run._id, { pinned_at: found.run.pinned_at ?? new Date().toISOString() });
    return HttpResponse.json(toWire(found.run));
  }),

  http.delete(`${API}/test-run/:runId/pin`, ({ request, params }) => {
    const found = memberRun(request, String(params.runId));
    if (found instanceof Response) return found;
    updateRun(found.run._id, { pinned_at: null });
    return HttpResponse.json(toWire(found.run));
  }),

  http.get(`${API}/artifacts`, () => invalid(RUN_MESSAGES.artifactIdsRequired, { runId: 'required' })),

  http.get(`${API}/artifacts/:runId`, ({ request, params }) => {
    const name = new URL(request.url).searchParams.get('artifact_name')?.trim() ?? '';
    if (!name) return invalid(RUN_MESSAGES.artifactIdsRequired, { artifact_name: 'required' });
    const found = memberRun(request, String(params.runId));
    if (found instanceof Response) return found;
    const artifact = found.run.artifacts.find((entry) => entry.name === name);
    if (!artifact) return notFound(RUN_MESSAGES.artifactNotFound);
    const expires = new Date(Date.now() + 15 * 60_000);
    const url = `/api/files/runs/${found.run._id}/${encodeURIComponent(name)}?expires=${expires.getTime()}&signature=test`;
    return HttpResponse.json({
      run_id: found.run._id,
      artifact_name: name,
      url,
      content_type: artifact.content_type,
      viewer_url: name.endsWith('.zip') ? `/trace/index.html?trace=${encodeURIComponent(url)}` : null,
      expires_at: expires.toISOString(),
    });
  }),

  // The signed files themselves: no token, as the real storage links.
  http.get(`${API}/files/runs/:runId/:name`, ({ params }) => {
    const found = findRun(String(params.runId));
    if (!found) return new HttpResponse(null, { status: 404 });
    if (params.name === 'run.log') return HttpResponse.text(found.run.log ?? '');
    return new HttpResponse(new Uint8Array([0]), { headers: { 'content-type': 'application/octet-stream' } });
  }),
];
