import { http, HttpResponse } from 'msw';
import {
  DEFAULT_VIEWPORT,
  effectiveParameters,
  isSimpleName,
  isWebsiteUrl,
  MESSAGES,
  parseFolderPath,
  TEST_CASE_LIMITS,
  type TestTreeItem,
} from '../../../contract/testCases';
import { apiError } from './api';
import { db, ensureFolders, newId, type DbSuite, type DbTestCase, type DbUser } from './db';
import { userFromRequest } from './identity';

// The test-case calls of the real server (server/src/routes/testCases.ts), on the in-memory db:
// same paths, same validation sentences, same status codes.
const API = '/api';

type Body = Record<string, unknown>;

const unauthorized = () => apiError(401, 'unauthorized', 'Missing or invalid access token');
const notFound = (message: string) => apiError(404, 'not_found', message);
const invalid = (message: string, field: string) =>
  HttpResponse.json(
    { error: { code: 'validation_failed', message, details: { fields: { [field]: message } } } },
    { status: 400 },
  );
const conflict = (message: string, details: object = {}) =>
  HttpResponse.json({ error: { code: 'conflict', message, details } }, { status: 409 });

function memberSuite(user: DbUser, suiteId: string): DbSuite | null {
  const suite = db.suites.find((s) => s.test_suite_id === suiteId);
  if (!suite) return null;
  const member = db.memberships.some(
    (m) => m.org_id === suite.org_id && m.user_id === user.id && m.status === 'active',
  );
  return member ? suite : null;
}

function memberTest(user: DbUser, id: string): DbTestCase | null {
  const test = db.testCases.find((t) => t._id === id);
  return test && memberSuite(user, test.test_suite_id) ? test : null;
}

const now = () => new Date().toISOString();
const isUnder = (path: string, folder: string) => path === folder || path.startsWith(`${folder}/`);

/** Checks the editable fields present in `input`; returns the first problem as a response. */
function checkFields(input: Body, full: boolean): { values: Partial<DbTestCase> } | { error: Response } {
  const values: Partial<DbTestCase> = {};
  const rawName = (input.name ?? input.title) as string | undefined;
  if (rawName !== undefined || full) {
    const name = rawName?.trim() ?? '';
    if (!name) return { error: invalid('Test name is required', 'name') };
    values.name = name;
    values.title = name;
  }
  if (input.website !== undefined || full) {
    const website = (input.website as string | undefined)?.trim() ?? '';
    if (!isWebsiteUrl(website)) return { error: invalid(MESSAGES.invalidUrl, 'website') };
    values.website = website;
  }
  if (input.description !== undefined || full) values.description = (input.description as string) ?? '';
  if (input.path !== undefined || full) {
    const parsed = parseFolderPath((input.path as string) ?? '');
    if ('error' in parsed) return { error: invalid(parsed.error, 'path') };
    values.path = parsed.path;
  }
  for (const key of ['parameters', 'credentials'] as const) {
    if (input[key] === undefined && !full) continue;
    const map = (input[key] as Record<string, string>) ?? {};
    if (!Object.keys(map).every(isSimpleName)) return { error: invalid(MESSAGES.variableName, key) };
    values[key] = map;
  }
  if (input.collection_ids !== undefined || full)
    values.collection_ids = (input.collection_ids as string[]) ?? [];
  if (input.shared_parameter_ids !== undefined || full)
    values.shared_parameter_ids = (input.shared_parameter_ids as string[]) ?? [];
  for (const [key, label, max, fallback] of [
    ['viewport_width', 'Viewport width', TEST_CASE_LIMITS.viewportWidthMax, DEFAULT_VIEWPORT.width],
    ['viewport_height', 'Viewport height', TEST_CASE_LIMITS.viewportHeightMax, DEFAULT_VIEWPORT.height],
  ] as const) {
    if (input[key] === undefined && !full) continue;
    const size = (input[key] as number | undefined) ?? fallback;
    if (!Number.isInteger(size) || size < TEST_CASE_LIMITS.viewportMin || size > max)
      return {
        error: invalid(`${label} must be between ${TEST_CASE_LIMITS.viewportMin} and ${max} pixels`, key),
      };
    values[key] = size;
  }
  if (input.user_agent !== undefined || full) {
    const userAgent = (input.user_agent as string | null | undefined)?.trim() || null;
    if (userAgent && userAgent.length > TEST_CASE_LIMITS.userAgent)
      return {
        error: invalid(`User agents must be at most ${TEST_CASE_LIMITS.userAgent} characters`, 'user_agent'),
      };
    values.user_agent = userAgent;
  }
  return { values };
}

function secretClash(suiteId: string, names: string[]): Response | null {
  const clash = db.sharedParameters.some((p) => p.test_suite_id === suiteId && names.includes(p.key));
  return clash ? conflict(MESSAGES.secretClash) : null;
}

/** What the server answers: parameters fall back to credentials (SPEC §3). */
function wire(test: DbTestCase): DbTestCase {
  return { ...test, parameters: effectiveParameters(test.parameters, test.credentials) };
}

function treeOf(suiteId: string): TestTreeItem[] {
  const folders = db.folders
    .filter((f) => f.test_suite_id === suiteId)
    .sort((a, b) => (a.path < b.path ? -1 : 1))
    .map((f): TestTreeItem => {
      const slash = f.path.lastIndexOf('/');
      return {
        test_case_id: null,
        entity_name: f.path.slice(slash + 1),
        is_folder: true,
        full_parent_path: slash < 0 ? '' : f.path.slice(0, slash),
        collection_ids: [],
        collection_names: [],
        latest_run_time: null,
        created_at: f.created_at,
        test_case_state: null,
        latest_run_status: null,
      };
    });
  const tests = db.testCases
    .filter((t) => t.test_suite_id === suiteId)
    .map((t): TestTreeItem => ({
      test_case_id: t._id,
      entity_name: t.name,
      is_folder: false,
      full_parent_path: t.path,
      collection_ids: t.collection_ids,
      collection_names: [],
      latest_run_time: t.latest_run_time,
      created_at: t.created_at,
      test_case_state: t.state,
      latest_run_status: t.latest_run_status,
    }));
  return [...folders, ...tests];
}

function requiredPath(value: string | null, field: string): { path: string } | { error: Response } {
  const parsed = parseFolderPath(value ?? '');
  if ('error' in parsed) return { error: invalid(parsed.error, field) };
  if (!parsed.path) return { error: invalid('Folder path is required', field) };
  return parsed;
}

async function createTestCases(request: Request) {
  const user = userFromRequest(request);
  if (!user) return unauthorized();
  const body = (await request.json()) as { schedule_generation?: boolean; test_cases?: Body[] };
  const inputs = body.test_cases ?? [];
  if (inputs.length === 0) return invalid('At least one test case is required', 'test_cases');
  const created: DbTestCase[] = [];
  for (const input of inputs) {
    const suiteId = (input.test_suite_id as string | undefined)?.trim();
    if (!suiteId) return invalid('Test suite ID is required', 'test_suite_id');
    const suite = memberSuite(user, suiteId);
    if (!suite) return notFound('Test suite not found');
    const checked = checkFields(input, true);
    if ('error' in checked) return checked.error;
    const clash = secretClash(suiteId, Object.keys(checked.values.parameters ?? {}));
    if (clash) return clash;
    const time = now();
    created.push({
      _id: newId('test'),
      test_suite_id: suiteId,
      org_id: suite.org_id,
      customer_id: user.id,
      programming_language: 'typescript',
      viewport_width: 1280,
      viewport_height: 720,
      user_agent: null,
      browser_state_id: null,
      test_module_id_for_setup: null,
      enable_proxies: false,
      // As the server: a generation asked for with the test is queued at once.
      state: body.schedule_generation ? 'pending' : 'created',
      final_message: null,
      final_script: null,
      final_script_py: null,
      test_generation_steps: [],
      latest_run_status: null,
      latest_run_time: null,
      steps_out_of_date: false,
      generation_requested_at: body.schedule_generation ? time : null,
      created_at: time,
      last_modified_at: time,
      ...(checked.values as Partial<DbTestCase>),
    } as DbTestCase);
  }
  for (const test of created) {
    ensureFolders(test.test_suite_id, test.path);
    db.testCases.push(test);
  }
  return HttpResponse.json(created.map(wire), { status: 201 });
}

function editTestCase(full: boolean) {
  return async ({ request, params }: { request: Request; params: Record<string, unknown> }) => {
    const user = userFromRequest(request);
    if (!user) return unauthorized();
    const id = String(params.id);
    const body = (await request.json()) as Body;
    if (!full && !body.test_case_id) return invalid(MESSAGES.testCaseIdRequired, 'test_case_id');
    const test = memberTest(user, id);
    if (!test) return notFound(MESSAGES.testCaseIdNotFound);
    if (body.last_modified_at !== undefined && body.last_modified_at !== test.last_modified_at)
      return conflict('Someone changed this test case after you opened it. Reload it and try again.', {
        last_modified_at: test.last_modified_at,
      });
    const checked = checkFields(body, full);
    if ('error' in checked) return checked.error;
    const clash = secretClash(test.test_suite_id, Object.keys(checked.values.parameters ?? {}));
    if (clash) return clash;
    // As the server (issue 11): new instructions or a new website leave the steps out of date.
    const changed = (['description', 'website'] as const).some(
      (field) => checked.values[field] !== undefined && checked.values[field] !== test[field],
    );
    if (changed && test.test_generation_steps.length > 0) test.steps_out_of_date = true;
    Object.assign(test, checked.values, { last_modified_at: now() });
    // As the server's GenerationService.start: the test is queued at once (a running one is replaced).
    if (new URL(request.url).searchParams.get('schedule') === 'true')
      Object.assign(test, {
        generation_requested_at: now(),
        state: 'pending',
        final_message: null,
        final_script: null,
        final_script_py: null,
        test_generation_steps: [],
      });
    ensureFolders(test.test_suite_id, test.path);
    return HttpResponse.json(wire(test));
  };
}

export const testCaseHandlers = [
  http.post(`${API}/test-cases/`, ({ request }) => createTestCases(request)),
  http.post(`${API}/test-cases`, ({ request }) => createTestCases(request)),

  http.get(`${API}/test-case/:id`, ({ request, params }) => {
    const user = userFromRequest(request);
    if (!user) return unauthorized();
    const test = memberTest(user, String(params.id));
    return test ? HttpResponse.json(wire(test)) : notFound(MESSAGES.testCaseNotFound);
  }),

  http.patch(`${API}/test-case/:id/edit`, editTestCase(false)),
  http.put(`${API}/test-case/:id/edit`, editTestCase(true)),

  http.delete(`${API}/test-case/:id`, ({ request, params }) => {
    const user = userFromRequest(request);
    if (!user) return unauthorized();
    const test = memberTest(user, String(params.id));
    if (!test) return notFound(MESSAGES.testCaseNotFound);
    db.testCases = db.testCases.filter((t) => t !== test);
    return new HttpResponse(null, { status: 204 });
  }),

  http.post(`${API}/test-case/:id/duplicate`, ({ request, params }) => {
    const user = userFromRequest(request);
    if (!user) return unauthorized();
    const test = memberTest(user, String(params.id));
    if (!test) return notFound(MESSAGES.testCaseNotFound);
    const time = now();
    const copy: DbTestCase = {
      ...structuredClone(test),
      _id: newId('test'),
      name: `${test.name} (copy)`,
      title: `${test.name} (copy)`,
      collection_ids: [],
      latest_run_status: null,
      latest_run_time: null,
      created_at: time,
      last_modified_at: time,
    };
    ensureFolders(copy.test_suite_id, copy.path);
    db.testCases.push(copy);
    return HttpResponse.json(wire(copy), { status: 201 });
  }),

  http.patch(`${API}/test-cases/:id/collections`, async ({ request, params }) => {
    const user = userFromRequest(request);
    if (!user) return unauthorized();
    const { collection_ids: ids } = (await request.json()) as { collection_ids?: string[] };
    if (!ids) return invalid('Collection ids are required', 'collection_ids');
    const test = memberTest(user, String(params.id));
    if (!test) return notFound(MESSAGES.testCaseIdNotFound);
    Object.assign(test, { collection_ids: [...new Set(ids)], last_modified_at: now() });
    return HttpResponse.json(wire(test));
  }),

  http.post(`${API}/test-case/:id/variables`, async ({ request, params }) => {
    const user = userFromRequest(request);
    if (!user) return unauthorized();
    const body = (await request.json()) as { name?: string; value?: string };
    const name = body.name?.trim() ?? '';
    if (!name) return invalid('Variable name is required', 'name');
    if (!isSimpleName(name)) return invalid(MESSAGES.variableName, 'name');
    const test = memberTest(user, String(params.id));
    if (!test) return notFound(MESSAGES.testCaseNotFound);
    const clash = secretClash(test.test_suite_id, [name]);
    if (clash) return clash;
    const current = effectiveParameters(test.parameters, test.credentials);
    if (name in current) return conflict(MESSAGES.variableExists, { fields: { name: 'exists' } });
    Object.assign(test, { parameters: { ...current, [name]: body.value ?? '' }, last_modified_at: now() });
    return HttpResponse.json(wire(test), { status: 201 });
  }),

  http.put(`${API}/test-case/:id/variables/:name`, async ({ request, params }) => {
    const user = userFromRequest(request);
    if (!user) return unauthorized();
    const { value } = (await request.json()) as { value?: string };
    if (value === undefined) return invalid('Variable value is required', 'value');
    const test = memberTest(user, String(params.id));
    if (!test) return notFound(MESSAGES.testCaseNotFound);
    const name = decodeURIComponent(String(params.name));
    const current = effectiveParameters(test.parameters, test.credentials);
    if (!(name in current)) return notFound('Variable not found');
    Object.assign(test, { parameters: { ...current, [name]: value }, last_modified_at: now() });
    return HttpResponse.json(wire(test));
  }),

  http.delete(`${API}/test-case/:id/variables/:name`, ({ request, params }) => {
    const user = userFromRequest(request);
    if (!user) return unauthorized();
    const test = memberTest(user, String(params.id));
    if (!test) return notFound(MESSAGES.testCaseNotFound);
    const name = decodeURIComponent(String(params.name));
    const current = { ...effectiveParameters(test.parameters, test.credentials) };
    if (!(name in current)) return notFound('Variable not found');
    delete current[name];
    const credentials = { ...test.credentials };
    delete credentials[name];
    Object.assign(test, { parameters: current, credentials, last_modified_at: now() });
    return HttpResponse.json(wire(test));
  }),

  http.get(`${API}/test-suites/:id/tree`, ({ request, params }) => {
    const user = userFromRequest(request);
    if (!user) return unauthorized();
    if (!memberSuite(user, String(params.id))) return notFound('Test suite not found');
    return HttpResponse.json(treeOf(String(params.id)));
  }),

  http.post(`${API}/test-suites/:id/folders`, async ({ request, params }) => {
    const user = userFromRequest(request);
    if (!user) return unauthorized();
    const suiteId = String(params.id);
    const { path: raw } = (await request.json()) as { path?: string };
    const parsed = requiredPath(raw ?? null, 'path');
    if ('error' in parsed) return parsed.error;
    if (!memberSuite(user, suiteId)) return notFound('Test suite not found');
    if (db.folders.some((f) => f.test_suite_id === suiteId && f.path === parsed.path))
      return conflict(`A folder named "${parsed.path}" already exists`, { fields: { path: 'exists' } });
    ensureFolders(suiteId, parsed.path);
    const slash = parsed.path.lastIndexOf('/');
    return HttpResponse.json(
      {
        path: parsed.path,
        name: parsed.path.slice(slash + 1),
        parent_path: slash < 0 ? '' : parsed.path.slice(0, slash),
        created_at: now(),
      },
      { status: 201 },
    );
  }),

  http.delete(`${API}/test-cases/:suiteId`, ({ request, params }) => {
    const user = userFromRequest(request);
    if (!user) return unauthorized();
    const suiteId = String(params.suiteId);
    const parsed = requiredPath(new URL(request.url).searchParams.get('path_prefix'), 'path');
    if ('error' in parsed) return parsed.error;
    if (!memberSuite(user, suiteId)) return notFound('Test suite not found');
    const inFolder = (suite: string, path: string) => suite === suiteId && isUnder(path, parsed.path);
    const tests = db.testCases.filter((t) => inFolder(t.test_suite_id, t.path));
    const folders = db.folders.filter((f) => inFolder(f.test_suite_id, f.path));
    if (tests.length === 0 && folders.length === 0) return notFound('Folder not found');
    db.testCases = db.testCases.filter((t) => !tests.includes(t));
    db.folders = db.folders.filter((f) => !folders.includes(f));
    return HttpResponse.json({ deleted_test_count: tests.length, deleted_folder_count: folders.length });
  }),

  http.put(`${API}/test-cases/:suiteId/update-test-paths`, ({ request, params }) => {
    const user = userFromRequest(request);
    if (!user) return unauthorized();
    const suiteId = String(params.suiteId);
    const query = new URL(request.url).searchParams;
    const from = requiredPath(query.get('old_path_prefix'), 'old_path_prefix');
    if ('error' in from) return from.error;
    const to = requiredPath(query.get('new_path_prefix'), 'new_path_prefix');
    if ('error' in to) return to.error;
    if (to.path.startsWith(`${from.path}/`))
      return invalid('A folder cannot move into itself', 'new_path_prefix');
    if (!memberSuite(user, suiteId)) return notFound('Test suite not found');
    const folders = db.folders.filter((f) => f.test_suite_id === suiteId);
    if (!folders.some((f) => f.path === from.path)) return notFound('Folder not found');
    if (from.path !== to.path && folders.some((f) => f.path === to.path))
      return conflict(`A folder named "${to.path}" already exists; choose another name`, {
        fields: { new_path_prefix: 'exists' },
      });
    const rename = (path: string) => `${to.path}${path.slice(from.path.length)}`;
    const movedFolders = folders.filter((f) => isUnder(f.path, from.path));
    const movedTests = db.testCases.filter((t) => t.test_suite_id === suiteId && isUnder(t.path, from.path));
    for (const folder of movedFolders) folder.path = rename(folder.path);
    for (const test of movedTests) Object.assign(test, { path: rename(test.path), last_modified_at: now() });
    ensureFolders(suiteId, to.path);
    return HttpResponse.json({
      old_path_prefix: from.path,
      new_path_prefix: to.path,
      moved_test_count: movedTests.length,
      moved_folder_count: movedFolders.length,
    });
  }),
];
