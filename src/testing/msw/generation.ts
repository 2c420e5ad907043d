import { http, HttpResponse } from 'msw';
import {
  GENERATION_MESSAGES,
  type GenerationStep,
  type SocketEvent,
  type SocketMessage,
  type UserFeedbackBody,
} from '../../../contract/generation';
import { GENERATING_STATES, type GenerationState } from '../../../contract/states';
import { apiError } from './api';
import { db, type DbTestCase } from './db';
import { userFromRequest } from './identity';
import { fakeTopic, resetSocketServer, socketHandler } from './socket';

// The generation calls of the real server (server/src/routes/generation.ts and ws.ts) on the in-memory
// db: same paths, rules, sentences and status codes. Nothing generates here: tests and stories move a
// test along with the helpers at the end, then publish what the server would.
const API = '/api';

const unauthorized = () => apiError(401, 'unauthorized', 'Missing or invalid access token');
const notFound = (message = 'Test case not found') => apiError(404, 'not_found', message);
const conflict = (message: string) => apiError(409, 'conflict', message);
const invalid = (message: string, field: string) =>
  HttpResponse.json(
    { error: { code: 'validation_failed', message, details: { fields: { [field]: 'invalid' } } } },
    { status: 400 },
  );

const generating = (test: DbTestCase) => GENERATING_STATES.includes(test.state as GenerationState);
const now = () => new Date().toISOString();
const backups = new Map<
  string,
  Pick<DbTestCase, 'test_generation_steps' | 'final_script' | 'final_script_py'>
>();

function memberTest(request: Request, id: string): DbTestCase | Response {
  const user = userFromRequest(request);
  if (!user) return unauthorized();
  const test = db.testCases.find((t) => t._id === id);
  const suite = test && db.suites.find((s) => s.test_suite_id === test.test_suite_id);
  const member =
    suite &&
    db.memberships.some((m) => m.org_id === suite.org_id && m.user_id === user.id && m.status === 'active');
  return test && member ? test : notFound();
}

function begin(test: DbTestCase, keptSteps: unknown[] = []) {
  backups.set(test._id, {
    test_generation_steps: test.test_generation_steps,
    final_script: test.final_script,
    final_script_py: test.final_script_py,
  });
  Object.assign(test, {
    state: 'pending',
    final_message: null,
    final_script: null,
    final_script_py: null,
    test_generation_steps: keptSteps,
    // As the server: steps in the making are not out of date.
    steps_out_of_date: false,
    generation_requested_at: now(),
    last_modified_at: now(),
  });
}

// ── The live socket ──────────────────────────────────────────────────────────────────────────────

const generationTopic = fakeTopic('generation', {
  watch: 'watch',
  unwatch: 'unwatch',
  idField: 'test_id',
  open: (id) => {
    if (!id)
      return {
        messages: [{ type: 'ERROR', message: GENERATION_MESSAGES.monitoringTestIdRequired }],
        watching: false,
      };
    const test = db.testCases.find((t) => t._id === id);
    if (!test)
      return { messages: [{ type: 'ERROR', test_id: id, message: 'Test case not found' }], watching: false };
    const watching: SocketMessage = { type: 'WATCHING', test_id: id, state: test.state };
    if (!generating(test))
      return { messages: [watching, { type: 'TEST_NOT_RUNNING', test_id: id }], watching: false };
    return { messages: [watching], watching: true };
  },
});

/** Sends what the server publishes about a test to every socket watching it. */
export function publishTestEvent(testId: string, type: SocketEvent) {
  const message: SocketMessage = { type, test_id: testId };
  generationTopic.publish(testId, message, type !== 'TEST_UPDATED');
}

/** How many sockets watch the test now. */
export const watcherCount = generationTopic.watcherCount;

export function resetGenerationServer() {
  resetSocketServer();
  backups.clear();
}

// ── HTTP ─────────────────────────────────────────────────────────────────────────────────────────

export const generationHandlers = [
  socketHandler,

  http.put(`${API}/test-case/:id/regenerate`, ({ request, params }) => {
    const test = memberTest(request, String(params.id));
    if (test instanceof Response) return test;
    if (generating(test)) return conflict(GENERATION_MESSAGES.alreadyGenerating);
    begin(test);
    return HttpResponse.json(test);
  }),

  http.delete(`${API}/test-case/cancel/:id`, ({ request, params }) => {
    const test = memberTest(request, String(params.id));
    if (test instanceof Response) return test;
    if (!generating(test)) return conflict(GENERATION_MESSAGES.notGenerating);
    const backup = backups.get(test._id);
    Object.assign(test, {
      ...(backup && backup.test_generation_steps.length > 0 ? backup : {}),
      state: 'cancelled',
      final_message: `Generation cancelled.${backup?.test_generation_steps.length ? ' The steps of the previous generation were restored.' : ''}`,
      last_modified_at: now(),
    });
    return HttpResponse.json(test);
  }),

  http.put(`${API}/test-case/:id/force-stop/:stepOrId`, ({ request, params }) => {
    const test = memberTest(request, String(params.id));
    if (test instanceof Response) return test;
    const raw = String(params.stepOrId);
    const steps = test.test_generation_steps as GenerationStep[];
    const last = /^\d+$/.test(raw) ? Number(raw) : null;
    if (last !== null && last >= steps.length)
      return invalid(`Step ${last} does not exist: the test has ${steps.length} steps`, 'stepOrId');
    const kept = (last === null ? steps : steps.slice(0, last + 1)).filter((step) => step.execution_succeded);
    if (kept.length === 0) return conflict('There are no successful steps to keep: generate the test first.');
    // The mock keeps no plan: the instructions already without steps, and those of the steps dropped.
    const keptIndexes = new Set(kept.map((step) => step.step_index));
    const left = [
      ...steps.filter((step) => !keptIndexes.has(step.step_index)).map((step) => step.step_description),
      ...test.instructions_without_steps,
    ].filter((instruction, index, all) => all.indexOf(instruction) === index);
    Object.assign(test, {
      state: left.length > 0 ? 'failed' : 'completed',
      test_generation_steps: kept.map((step, index) => ({ ...step, step_index: index })),
      final_script: kept.map((step) => step.generated_code_ts).join('\n'),
      final_script_py: kept.map((step) => step.generated_code_py).join('\n'),
      instructions_without_steps: left,
      final_message:
        `Marked as completed with ${kept.length} ${kept.length === 1 ? 'step' : 'steps'}.` +
        (left.length === 0
          ? ''
          : left.length === 1
            ? ' 1 instruction has no step, so the test does not cover it.'
            : ` ${left.length} instructions have no steps, so the test does not cover them.`),
      last_modified_at: now(),
    });
    return HttpResponse.json(test);
  }),

  http.put(`${API}/test-case/:id/user-feedback`, async ({ request, params }) => {
    const test = memberTest(request, String(params.id));
    if (test instanceof Response) return test;
    const body = (await request.json()) as UserFeedbackBody;
    if (body.step === undefined || body.step === null) return HttpResponse.json(test);
    if (generating(test)) return conflict(GENERATION_MESSAGES.alreadyGenerating);
    const steps = test.test_generation_steps as GenerationStep[];
    const step = steps[body.step];
    if (!step) return invalid(`Step ${body.step} does not exist: the test has ${steps.length} steps`, 'step');
    const instruction = body.action_description?.trim();
    if (instruction && instruction === step.step_description.trim())
      return invalid(GENERATION_MESSAGES.sameInstruction, 'action_description');
    if (body.locator_based_feedback && body.step === 0)
      return invalid('The first step opens the page: there is nothing to click on before it', 'step');
    begin(test, steps.slice(0, body.step));
    return HttpResponse.json(test);
  }),

  http.get(`${API}/images/:id`, ({ request, params }) => {
    if (!userFromRequest(request)) return unauthorized();
    const id = String(params.id);
    const expires = new Date(Date.now() + 5 * 60_000);
    return HttpResponse.json({
      id,
      url: `/api/files/${encodeURIComponent(id)}.png?expires=${expires.getTime()}&signature=test`,
      expires_at: expires.toISOString(),
    });
  }),

  // Signed files load without a token; screenshots are drawn as SVG (stories show them, jsdom never loads them).
  http.get(`${API}/files/:name`, ({ params }) => {
    const name = decodeURIComponent(String(params.name)).replace(/\.png$/, '');
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1280" height="720" viewBox="0 0 1280 720">
<rect width="1280" height="720" fill="#f5f5f5"/><rect x="0" y="0" width="1280" height="64" fill="#b83f45"/>
<text x="640" y="44" font-size="32" text-anchor="middle" fill="white" font-family="sans-serif">todos</text>
<rect x="340" y="120" width="600" height="64" fill="white" stroke="#ddd"/>
<text x="370" y="160" font-size="24" fill="#999" font-family="sans-serif">What needs to be done?</text>
<text x="640" y="660" font-size="20" text-anchor="middle" fill="#777" font-family="sans-serif">${name}</text></svg>`;
    return new HttpResponse(svg, { headers: { 'Content-Type': 'image/svg+xml' } });
  }),

  http.get(`${API}/traces/:testCaseId/:stepIndex`, ({ request, params }) => {
    const test = memberTest(request, String(params.testCaseId));
    if (test instanceof Response) return test;
    const stepIndex = Number(params.stepIndex);
    const step = (test.test_generation_steps as GenerationStep[])[stepIndex];
    if (generating(test) || !step?.trace_zip_path) return notFound('Trace not found');
    const url = `/api/files/traces/${step.trace_zip_path}.zip?expires=1&signature=test`;
    return HttpResponse.json({
      test_case_id: test._id,
      step_index: stepIndex,
      trace_id: step.trace_zip_path,
      url,
      viewer_url: `/trace/index.html?trace=${encodeURIComponent(url)}`,
      expires_at: new Date(Date.now() + 15 * 60_000).toISOString(),
    });
  }),
];
