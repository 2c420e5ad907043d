import { http, HttpResponse } from 'msw';
import {
  BROWSER_STATE_MESSAGES,
  MODULE_LIMITS,
  MODULE_MESSAGES,
  type BrowserState,
  type Module,
  type ModuleLink,
  type ModuleType,
  type UnsafeCodeDetail,
} from '../../../contract/modules';
import { apiError } from './api';
import { db, newId, type DbSuite, type DbTestCase, type DbUser } from './db';
import { userFromRequest } from './identity';
import { mayDo } from '../../../contract/permissions';

// The module and browser-state calls of contract/modules.ts (issue 13), on the in-memory db: same
// paths, same sentences, same status codes as the server.
const API = '/api';

export interface DbModule {
  module_id: string;
  name: string;
  test_suite_id: string;
  test_case_id: string | null;
  module_type: ModuleType;
  defining_py_script: string | null;
  is_defining_py_script_approved: boolean;
  approved_by: string | null;
  approved_at: string | null;
  created_at: string;
  updated_at: string;
}

// NOTE: kept on the suite and user objects, so resetDb() (new arrays) forgets them too.
const modulesOf = new WeakMap<DbSuite, DbModule[]>();
const statesOf = new WeakMap<DbSuite, BrowserState[]>();

function suiteModules(suite: DbSuite): DbModule[] {
  let list = modulesOf.get(suite);
  if (!list) modulesOf.set(suite, (list = []));
  return list;
}

function suiteStates(suite: DbSuite): BrowserState[] {
  let list = statesOf.get(suite);
  if (!list) statesOf.set(suite, (list = []));
  return list;
}

const now = () => new Date().toISOString();

export function seedModule(
  suite: DbSuite,
  name: string,
  overrides: Partial<Omit<DbModule, 'name' | 'test_suite_id'>> = {},
): DbModule {
  const created = now();
  const module: DbModule = {
    module_id: newId('module'),
    name,
    test_suite_id: suite.test_suite_id,
    test_case_id: null,
    module_type: 'test_case',
    defining_py_script: null,
    is_defining_py_script_approved: false,
    approved_by: null,
    approved_at: null,
    created_at: created,
    updated_at: created,
    ...overrides,
  };
  suiteModules(suite).push(module);
  return module;
}

export function seedBrowserState(
  suite: DbSuite,
  name: string,
  overrides: Partial<Omit<BrowserState, 'name'>> = {},
): BrowserState {
  const state: BrowserState = { id: newId('state'), name, updated_at: now(), module_id: null, ...overrides };
  suiteStates(suite).push(state);
  return state;
}

export function findModule(id: string): { suite: DbSuite; module: DbModule } | null {
  for (const suite of db.suites) {
    const module = suiteModules(suite).find((m) => m.module_id === id);
    if (module) return { suite, module };
  }
  return null;
}

/** Where tests use a module: as their setup, or from their instructions ('Use the "X" module'). */
function linksOf(module: DbModule): ModuleLink[] {
  const called = `use the "${module.name.toLowerCase()}" module`;
  return db.testCases
    .filter((test) => test.test_suite_id === module.test_suite_id)
    .flatMap((test): ModuleLink[] => {
      if (test.test_module_id_for_setup === module.module_id)
        return [{ _id: test._id, name: test.name, usage: 'setup' }];
      if (test.description.toLowerCase().includes(called))
        return [{ _id: test._id, name: test.name, usage: 'instructions' }];
      return [];
    });
}

function stepsOf(test: DbTestCase): string[] {
  return test.test_generation_steps.flatMap((step) => {
    const description = (step as { step_description?: unknown }).step_description;
    return typeof description === 'string' ? [description] : [];
  });
}

function moduleJson(module: DbModule): Module {
  const test = module.test_case_id ? db.testCases.find((t) => t._id === module.test_case_id) : undefined;
  return {
    ...module,
    linked_test_cases: linksOf(module),
    test_case_for_module: test
      ? { _id: test._id, name: test.name, website: test.website, steps: stepsOf(test) }
      : null,
  };
}

// A few rules in the spirit of the server's translator: the Playwright subset passes, the rest is named.
const allowedLine = [
  /^$/,
  /^#/,
  /^from playwright\.sync_api import [\w, ]+$/,
  /^import re$/,
  /^def \w+\(page(: Page)?\)( -> None)?:$/,
  /^page\.(goto|get_by_\w+|locator|wait_for_url)\(/,
  /^expect\(page/,
];
const refusedCall =
  /\b(evaluate|eval|exec|open|__import__|subprocess|os\.\w+|requests\.\w+|route|expose_function|add_init_script)\b/;

export function unsafeLines(script: string): UnsafeCodeDetail[] {
  return script.split('\n').flatMap((raw, index): UnsafeCodeDetail[] => {
    const text = raw.trim();
    const column = raw.length - raw.trimStart().length + 1;
    const refused = refusedCall.exec(text);
    if (refused)
      return [
        {
          line: index + 1,
          column: column + refused.index,
          code: refused[0],
          reason: `${refused[0]} is outside the supported Playwright subset`,
        },
      ];
    if (allowedLine.some((rule) => rule.test(text))) return [];
    return [
      {
        line: index + 1,
        column,
        code: text,
        reason: 'Only navigation, locators, actions and expect assertions on page are supported',
      },
    ];
  });
}

const unauthorized = () => apiError(401, 'unauthorized', 'Missing or invalid access token');
const notFound = (message: string = MODULE_MESSAGES.notFound) => apiError(404, 'not_found', message);
const invalid = (message: string, details?: unknown) =>
  HttpResponse.json(
    { error: { code: 'validation_failed', message, ...(details ? { details } : {}) } },
    { status: 400 },
  );

function membershipOf(user: DbUser, suite: DbSuite) {
  return db.memberships.find(
    (m) => m.org_id === suite.org_id && m.user_id === user.id && m.status === 'active',
  );
}

function memberSuite(request: Request, suiteId: string) {
  const user = userFromRequest(request);
  if (!user) return { error: unauthorized() };
  const suite = db.suites.find((s) => s.test_suite_id === suiteId);
  if (!suite || !membershipOf(user, suite)) return { error: notFound('Test suite not found') };
  return { user, suite };
}

function memberModule(request: Request, suiteId: string, moduleId: string) {
  const found = memberSuite(request, suiteId);
  if ('error' in found) return { error: found.error };
  const module = suiteModules(found.suite).find((m) => m.module_id === moduleId);
  if (!module) return { error: notFound() };
  return { ...found, module };
}

/** A member of the suite's organization whose role may save browser states (contract/permissions.ts). */
function stateWriter(request: Request, suiteId: string) {
  const found = memberSuite(request, suiteId);
  if ('error' in found) return found;
  const membership = membershipOf(found.user, found.suite);
  const allowed = mayDo(
    membership && { role: membership.role, expert: membership.expert ?? false },
    'writeBrowserStates',
  );
  if (!allowed) return { error: apiError(403, 'forbidden', BROWSER_STATE_MESSAGES.writeForbidden) };
  return found;
}

const nameTaken = (suite: DbSuite, name: string, exceptId?: string) =>
  suiteModules(suite).some((m) => m.module_id !== exceptId && m.name.toLowerCase() === name.toLowerCase());

function checkName(suite: DbSuite, raw: unknown, exceptId?: string): Response | string {
  const name = typeof raw === 'string' ? raw.trim() : '';
  if (!name) return invalid(MODULE_MESSAGES.dataRequired);
  if (name.length > MODULE_LIMITS.name) return invalid(`Must be at most ${MODULE_LIMITS.name} characters`);
  if (nameTaken(suite, name, exceptId)) return apiError(409, 'conflict', MODULE_MESSAGES.nameTaken);
  return name;
}

function checkScript(raw: unknown): Response | string {
  const script = typeof raw === 'string' ? raw : '';
  if (!script.trim()) return invalid(MODULE_MESSAGES.scriptRequired);
  if (script.length > MODULE_LIMITS.script)
    return invalid(`Must be at most ${MODULE_LIMITS.script} characters`);
  const refused = unsafeLines(script);
  return refused.length > 0 ? invalid(MODULE_MESSAGES.unsafe, refused) : script;
}

function checkTestCase(suite: DbSuite, raw: unknown): Response | string {
  if (typeof raw !== 'string' || !raw) return invalid(MODULE_MESSAGES.testCaseRequired);
  const test = db.testCases.find((t) => t._id === raw && t.test_suite_id === suite.test_suite_id);
  return test ? test._id : notFound('Test case not found');
}

type Body = Record<string, unknown>;

async function bodyOf(request: Request): Promise<Body | null> {
  try {
    const body: unknown = await request.json();
    return typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Body) : null;
  } catch {
    return null; // an empty or broken body is answered like a missing one
  }
}

export const moduleHandlers = [
  http.get(`${API}/test-suites/:suiteId/test-modules`, ({ request, params }) => {
    const found = memberSuite(request, String(params.suiteId));
    if ('error' in found) return found.error;
    return HttpResponse.json(suiteModules(found.suite).map(moduleJson));
  }),

  http.post(`${API}/test-suites/:suiteId/test-module`, async ({ request, params }) => {
    const found = memberSuite(request, String(params.suiteId));
    if ('error' in found) return found.error;
    const { suite } = found;
    const body = await bodyOf(request);
    if (!body) return invalid(MODULE_MESSAGES.dataRequired);
    const name = checkName(suite, body.name);
    if (name instanceof Response) return name;
    const moduleType: ModuleType = body.module_type === 'python_script' ? 'python_script' : 'test_case';
    if (moduleType === 'python_script') {
      const script = checkScript(body.defining_py_script);
      if (script instanceof Response) return script;
      const module = seedModule(suite, name, { module_type: moduleType, defining_py_script: script });
      return HttpResponse.json({ module_id: module.module_id }, { status: 201 });
    }
    const testId = checkTestCase(suite, body.test_case_id);
    if (testId instanceof Response) return testId;
    const module = seedModule(suite, name, { test_case_id: testId });
    return HttpResponse.json({ module_id: module.module_id }, { status: 201 });
  }),

  http.put(`${API}/test-suites/:suiteId/test-module/:moduleId/rename`, ({ request, params }) => {
    const found = memberModule(request, String(params.suiteId), String(params.moduleId));
    if ('error' in found) return found.error;
    const name = checkName(
      found.suite,
      new URL(request.url).searchParams.get('new_name'),
      found.module.module_id,
    );
    if (name instanceof Response) return name;
    Object.assign(found.module, { name, updated_at: now() });
    return HttpResponse.json(moduleJson(found.module));
  }),

  http.patch(`${API}/test-suites/:suiteId/test-module/:moduleId`, async ({ request, params }) => {
    const found = memberModule(request, String(params.suiteId), String(params.moduleId));
    if ('error' in found) return found.error;
    const { suite, module } = found;
    const body = await bodyOf(request);
    if (!body) return invalid(MODULE_MESSAGES.dataRequired);
    const changes: Partial<DbModule> = {};
    if (body.name !== undefined) {
      const name = checkName(suite, body.name, module.module_id);
      if (name instanceof Response) return name;
      changes.name = name;
    }
    if (body.test_case_id !== undefined && module.module_type === 'test_case') {
      const testId = checkTestCase(suite, body.test_case_id);
      if (testId instanceof Response) return testId;
      changes.test_case_id = testId;
    }
    if (body.defining_py_script !== undefined && module.module_type === 'python_script') {
      const script = checkScript(body.defining_py_script);
      if (script instanceof Response) return script;
      // Any edit of the script withdraws its approval.
      Object.assign(changes, {
        defining_py_script: script,
        is_defining_py_script_approved: false,
        approved_by: null,
        approved_at: null,
      });
    }
    Object.assign(module, changes, { updated_at: now() });
    return HttpResponse.json(moduleJson(module));
  }),

  http.delete(`${API}/test-suites/:suiteId/test-module/:moduleId`, ({ request, params }) => {
    const found = memberModule(request, String(params.suiteId), String(params.moduleId));
    if ('error' in found) return found.error;
    const links = linksOf(found.module);
    if (links.length > 0)
      return HttpResponse.json(
        {
          error: {
            code: 'conflict',
            message: `${MODULE_MESSAGES.inUse}: ${links.map((link) => link.name).join(', ')}`,
            details: { linked_test_cases: links },
          },
        },
        { status: 409 },
      );
    const list = suiteModules(found.suite);
    list.splice(list.indexOf(found.module), 1);
    return new HttpResponse(null, { status: 204 });
  }),

  http.post(`${API}/test-suites/:suiteId/test-module/:moduleId/approve`, ({ request, params }) => {
    const found = memberModule(request, String(params.suiteId), String(params.moduleId));
    if ('error' in found) return found.error;
    const { user, suite, module } = found;
    // Issue 27: the organization's admins and the members it gave the expert right.
    const membership = membershipOf(user, suite);
    const allowed = mayDo(
      membership && { role: membership.role, expert: membership.expert ?? false },
      'approveModules',
    );
    if (!allowed) return apiError(403, 'forbidden', MODULE_MESSAGES.approveForbidden);
    if (module.module_type !== 'python_script')
      return invalid('Only a Python script module needs an approval');
    const approved = new URL(request.url).searchParams.get('approved') !== 'false';
    Object.assign(module, {
      is_defining_py_script_approved: approved,
      // NOTE: the server records who approved by user id; the SPA names them from the team list.
      approved_by: approved ? user.id : null,
      approved_at: approved ? now() : null,
      updated_at: now(),
    });
    return HttpResponse.json(moduleJson(module));
  }),

  http.get(`${API}/browser-states/:suiteId`, ({ request, params }) => {
    const found = memberSuite(request, String(params.suiteId));
    if ('error' in found) return found.error;
    return HttpResponse.json(suiteStates(found.suite));
  }),

  // Issue 28: made, refreshed and deleted on the Modules page, by writers only.
  http.post(`${API}/test-suites/:suiteId/browser-states`, async ({ request, params }) => {
    const found = stateWriter(request, String(params.suiteId));
    if ('error' in found) return found.error;
    const body = (await request.json()) as { name?: unknown; module_id?: unknown };
    const name = typeof body.name === 'string' ? body.name.trim() : '';
    const moduleId = typeof body.module_id === 'string' ? body.module_id : '';
    if (!name || !moduleId) return invalid(BROWSER_STATE_MESSAGES.dataRequired);
    if (!suiteModules(found.suite).some((m) => m.module_id === moduleId)) return notFound();
    const states = suiteStates(found.suite);
    if (states.some((state) => state.module_id === moduleId))
      return apiError(409, 'conflict', BROWSER_STATE_MESSAGES.moduleTaken);
    if (states.some((state) => state.name.toLowerCase() === name.toLowerCase()))
      return apiError(409, 'conflict', BROWSER_STATE_MESSAGES.nameTaken);
    const state: BrowserState = { id: newId('state'), name, updated_at: null, module_id: moduleId };
    states.push(state);
    return HttpResponse.json(state, { status: 201 });
  }),

  http.post(`${API}/test-suites/:suiteId/browser-states/:stateId/refresh`, ({ request, params }) => {
    const found = stateWriter(request, String(params.suiteId));
    if ('error' in found) return found.error;
    const state = suiteStates(found.suite).find(({ id }) => id === params.stateId);
    if (!state) return notFound(BROWSER_STATE_MESSAGES.notFound);
    state.updated_at = null;
    return HttpResponse.json(state);
  }),

  http.delete(`${API}/test-suites/:suiteId/browser-states/:stateId`, ({ request, params }) => {
    const found = stateWriter(request, String(params.suiteId));
    if ('error' in found) return found.error;
    const states = suiteStates(found.suite);
    const index = states.findIndex(({ id }) => id === params.stateId);
    if (index < 0) return notFound(BROWSER_STATE_MESSAGES.notFound);
    states.splice(index, 1);
    for (const test of db.testCases)
      if (test.browser_state_id === params.stateId) test.browser_state_id = null;
    return new HttpResponse(null, { status: 204 });
  }),
];
