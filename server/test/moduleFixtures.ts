import { eq } from 'drizzle-orm';
import { browserStates, testCases, testModules } from '../src/db/schema';
import { type Action } from '../src/runner';
import { type SignedRunArtifact } from '../../contract/runs';
import { api } from './helpers';
import { type GenerationContext } from './generationFixtures';

// Modules and browser states for runner tests (issue 13): rows written straight to the tables, as
// the modules API (another part of the issue) would write them.

export async function createModule(
  ctx: GenerationContext,
  module: {
    name: string;
    testCaseId?: string | null;
    script?: string;
    approved?: boolean;
    suiteId?: string;
  },
): Promise<string> {
  const [row] = await ctx.server.database.db
    .insert(testModules)
    .values({
      testSuiteId: module.suiteId ?? ctx.suiteId,
      name: module.name,
      moduleType: module.script === undefined ? 'test_case' : 'python_script',
      testCaseId: module.testCaseId ?? null,
      definingPyScript: module.script ?? null,
      isDefiningPyScriptApproved: module.approved ?? false,
    })
    .returning({ id: testModules.id });
  return row.id;
}

/** Gives the test a setup module and/or a browser state to start from. */
export async function useSetup(
  ctx: GenerationContext,
  testId: string,
  setup: { moduleId?: string | null; browserStateId?: string | null },
): Promise<void> {
  await ctx.server.database.db
    .update(testCases)
    .set({
      ...(setup.moduleId !== undefined ? { testModuleIdForSetup: setup.moduleId } : {}),
      ...(setup.browserStateId !== undefined ? { browserStateId: setup.browserStateId } : {}),
    })
    .where(eq(testCases.id, testId));
}

export async function storedState(ctx: GenerationContext, stateId: string) {
  const [row] = await ctx.server.database.db
    .select()
    .from(browserStates)
    .where(eq(browserStates.id, stateId));
  return row;
}

export async function download(ctx: GenerationContext, runId: string, name: string): Promise<Buffer> {
  const link = await api<SignedRunArtifact>(
    ctx.server,
    'GET',
    `/artifacts/${runId}?artifact_name=${encodeURIComponent(name)}`,
    { token: ctx.token },
  );
  expect(link.status).toBe(200);
  const response = await fetch(`${ctx.server.url}${link.body.url}`);
  expect(response.status).toBe(200);
  return Buffer.from(await response.arrayBuffer());
}

/** Signs in on the login fixture site; the password is the {{password}} variable of the test. */
export function signInActions(loginUrl: string, email: string): Action[] {
  return [
    { kind: 'goto', url: loginUrl },
    { kind: 'fill', target: { locator: { by: 'label', text: 'Email' } }, value: email },
    { kind: 'fill', target: { locator: { by: 'label', text: 'Password' } }, value: '{{password}}' },
    { kind: 'click', target: { locator: { by: 'role', role: 'button', name: 'Sign in' } } },
    { kind: 'expect', assert: { type: 'url', value: 'dashboard.html', match: 'contains' } },
  ];
}

export function dashboardShows(dashboardUrl: string, text: string): Action[] {
  return [
    { kind: 'goto', url: dashboardUrl },
    { kind: 'expect', assert: { type: 'visible', target: { locator: { by: 'text', text } } } },
  ];
}
