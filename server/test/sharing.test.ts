import { serveFixtureSites, type FixtureSites } from '../../fixtures/sites/serve';
import { type Collection, type RunAllResult } from '../../contract/collections';
import { type Organization } from '../../contract/organizations';
import {
  SHARE_MESSAGES as MESSAGES,
  type CiRunGroup,
  type PublishResult,
  type ShareState,
  type SharedTest,
} from '../../contract/sharing';
import { api, tokenFor } from './helpers';
import { createTest, setUpGeneration, waitForGeneration, type GenerationContext } from './generationFixtures';
import { startRun, waitForRun } from './runFixtures';

// Issue 15: a test shared under a link name — public for anyone, private for its organization's
// members — shows its words, steps, screenshots, code and latest status, and nothing else.

jest.setTimeout(180_000);

type ErrorBody = { error: { code: string; message: string } };

const SECRET_VALUE = 'hunter2-very-secret';
const VARIABLE_VALUE = 'variable-value-7731';

let sites: FixtureSites;
let ctx: GenerationContext;
let testId: string;
let otherTestId: string;
let stranger: { token: string };

const call = <T>(method: string, path: string, body?: unknown, token: string | null = ctx.token) =>
  api<T>(ctx.server, method, path, { token: token ?? undefined, body });

beforeAll(async () => {
  sites = await serveFixtureSites();
  ctx = await setUpGeneration({ sites });
  const secret = await call<{ _id: string }>('POST', `/test-suites/${ctx.suiteId}/shared-parameters`, {
    key: 'PASSWORD',
    value: SECRET_VALUE,
  });
  expect(secret.status).toBe(201);
  const created = await createTest(ctx, {
    name: 'Add a todo',
    website: sites.url('todo'),
    description:
      'Type "{{item}}" into "What needs to be done?" and press Enter. Check that the page shows "1 item left".',
    parameters: { item: VARIABLE_VALUE },
    shared_parameter_ids: [secret.body._id],
  });
  testId = created._id;
  const generated = await waitForGeneration(ctx, testId);
  expect(generated.state).toBe('passed');
  otherTestId = (
    await createTest(ctx, { name: 'Another', website: sites.url('todo'), description: 'Open it' }, false)
  )._id;
  stranger = await tokenFor(ctx.server, { email: 'stranger@elsewhere.example' });
  await api(ctx.server, 'POST', '/organizations', { token: stranger.token, body: { name: 'Elsewhere' } });
});

afterAll(async () => {
  await ctx?.close();
  await sites?.close();
});

describe('publishing', () => {
  it('shares under a link name given in the query (SPEC §7) or the body, and says so', async () => {
    expect((await call<ShareState | null>('GET', `/test-case/${testId}/share`)).body).toBeNull();
    const byQuery = await call<PublishResult>('PUT', `/test-case/${testId}/publish?slug=todo-check`, {
      visibility: 'public',
    });
    expect(byQuery.status).toBe(200);
    expect(byQuery.body.message).toContain('Test case published');
    expect(byQuery.body.share).toMatchObject({
      slug: 'todo-check',
      visibility: 'public',
      path: '/shared/todo-check',
      badge_path: '/api/shared/todo-check/badge.svg',
    });
    const byBody = await call<PublishResult>('PUT', `/test-case/${testId}/publish?slug=ignored-one`, {
      slug: 'Todo-Check-2',
      visibility: 'public',
    });
    expect(byBody.body.share.slug).toBe('todo-check-2');
    expect((await call<ShareState>('GET', `/test-case/${testId}/share`)).body.slug).toBe('todo-check-2');
    // The old name is free again, and opens nothing.
    expect((await call('GET', '/shared/todo-check', undefined, null)).status).toBe(404);
  });

  it('refuses bad link names and visibilities with a sentence', async () => {
    for (const slug of [
      '',
      'ab',
      'a'.repeat(65),
      'has space',
      'under_score',
      '-leading',
      'trailing-',
      'émoji',
    ]) {
      const response = await call<ErrorBody>('PUT', `/test-case/${testId}/publish`, {
        slug,
        visibility: 'public',
      });
      expect({ slug, status: response.status }).toEqual({ slug, status: 400 });
      expect(response.body.error.message).toBe(MESSAGES.slugInvalid);
    }
    const visibility = await call<ErrorBody>('PUT', `/test-case/${testId}/publish`, {
      slug: 'fine-name',
      visibility: 'everyone',
    });
    expect(visibility.status).toBe(400);
    expect(visibility.body.error.message).toBe(MESSAGES.visibilityInvalid);
  });

  it('answers 409 for a name another test holds, and leaves both as they were', async () => {
    const taken = await call<ErrorBody>('PUT', `/test-case/${otherTestId}/publish`, {
      slug: 'todo-check-2',
      visibility: 'public',
    });
    expect(taken.status).toBe(409);
    expect(taken.body.error.message).toBe(MESSAGES.slugTaken);
    expect((await call('GET', `/test-case/${otherTestId}/share`)).body).toBeNull();
    expect((await call<ShareState>('GET', `/test-case/${testId}/share`)).body.slug).toBe('todo-check-2');
  });

  it("is out of reach for another organization's people", async () => {
    for (const [method, path] of [
      ['GET', `/test-case/${testId}/share`],
      ['PUT', `/test-case/${testId}/publish?slug=stolen-name`],
      ['DELETE', `/test-case/${testId}/publish`],
    ] as const) {
      const response = await call<ErrorBody>(
        method,
        path,
        method === 'PUT' ? { visibility: 'public' } : undefined,
        stranger.token,
      );
      expect({ path, status: response.status }).toEqual({ path, status: 404 });
      expect(JSON.stringify(response.body)).not.toContain('Add a todo');
    }
  });
});

describe('the shared page', () => {
  it('opens a public share without sign-in: words, steps with screenshots, code, latest status', async () => {
    const response = await call<SharedTest>('GET', '/shared/todo-check-2', undefined, null);
    expect(response.status).toBe(200);
    const shared = response.body;
    expect(shared).toMatchObject({ name: 'Add a todo', visibility: 'public', website: sites.url('todo') });
    expect(shared.instructions).toContain('{{item}}');
    expect(shared.steps.length).toBeGreaterThanOrEqual(2);
    expect(shared.code.typescript).toContain('page.');
    const withScreenshot = shared.steps.filter((step) => step.screenshot_url);
    expect(withScreenshot.length).toBeGreaterThan(0);
    const image = await fetch(`${ctx.server.url}${withScreenshot[0].screenshot_url}`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toMatch(/^image\//);
  });

  it("lets other sites show a public share's screenshots, and no other signed file", async () => {
    const shared = (await call<SharedTest>('GET', '/shared/todo-check-2', undefined, null)).body;
    const url = shared.steps.find((step) => step.screenshot_url)!.screenshot_url!;
    const image = await fetch(`${ctx.server.url}${url}`);
    expect(image.status).toBe(200);
    expect(image.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    // The signature covers the flag: the same link without it is another link, and not a valid one.
    const unflagged = await fetch(`${ctx.server.url}${url.replace('&embed=1', '')}`);
    expect(unflagged.status).toBe(403);
    // The page's data stays for our own origin.
    const page = await fetch(`${ctx.server.url}/api/shared/todo-check-2`);
    expect(page.headers.get('cross-origin-resource-policy')).toBe('same-origin');
  });

  it("never carries a secret's value, a variable's value or the organization's other data", async () => {
    const text = JSON.stringify(
      (await call<SharedTest>('GET', '/shared/todo-check-2', undefined, null)).body,
    );
    expect(text).not.toContain(SECRET_VALUE);
    expect(text).not.toContain(VARIABLE_VALUE);
    expect(text).not.toContain(ctx.orgId);
    expect(text).not.toContain(ctx.suiteId);
    expect(text).not.toContain('Another');
  });

  it('opens a private share for members only; anyone else gets the same 404 as an unknown name', async () => {
    await call('PUT', `/test-case/${testId}/publish`, { slug: 'todo-check-2', visibility: 'private' });
    const member = await call<SharedTest>('GET', '/shared/todo-check-2');
    expect(member.status).toBe(200);
    expect(member.body.visibility).toBe('private');
    const unknown = await call<ErrorBody>('GET', '/shared/no-such-share', undefined, null);
    expect(unknown.status).toBe(404);
    for (const token of [null, stranger.token]) {
      const response = await call<ErrorBody>('GET', '/shared/todo-check-2', undefined, token);
      expect(response.status).toBe(404);
      expect(response.body).toEqual(unknown.body);
    }
    expect((await call('GET', '/shared/todo-check-2', undefined, 'not-a-token')).status).toBe(401);
    // A private share has no badge.
    expect((await fetch(`${ctx.server.url}/api/shared/todo-check-2/badge.svg`)).status).toBe(404);
  });

  it('stops working the moment the test is unshared', async () => {
    await call('PUT', `/test-case/${testId}/publish`, { slug: 'todo-check-2', visibility: 'public' });
    expect((await call('GET', '/shared/todo-check-2', undefined, null)).status).toBe(200);
    const removed = await call<{ message: string }>('DELETE', `/test-case/${testId}/publish`);
    expect(removed.body.message).toBe(MESSAGES.unpublished);
    expect((await call('GET', '/shared/todo-check-2', undefined, null)).status).toBe(404);
    expect((await call('GET', `/test-case/${testId}/share`)).body).toBeNull();
  });
});

describe('the badge', () => {
  it('shows the latest run of a public share, cached briefly', async () => {
    await call('PUT', `/test-case/${testId}/publish`, { slug: 'badge-test', visibility: 'public' });
    const before = await fetch(`${ctx.server.url}/api/shared/badge-test/badge.svg`);
    expect(before.status).toBe(200);
    expect(before.headers.get('content-type')).toContain('image/svg+xml');
    expect(before.headers.get('cache-control')).toBe('public, max-age=60');
    const run = await startRun(ctx, testId);
    await waitForRun(ctx, run._id);
    const after = await (await fetch(`${ctx.server.url}/api/shared/badge-test/badge.svg`)).text();
    expect(after).toContain('plainwright: passing');
  });

  it('can be embedded on another site (a README, a wiki)', async () => {
    await call('PUT', `/test-case/${testId}/publish`, { slug: 'badge-test', visibility: 'public' });
    const badge = await fetch(`${ctx.server.url}/api/shared/badge-test/badge.svg`, {
      headers: { origin: 'https://wiki.example', 'sec-fetch-site': 'cross-site' },
    });
    expect(badge.status).toBe(200);
    expect(badge.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
  });
});

describe('CI groups', () => {
  it('lists the run groups a pipeline started with the key, in the suite only', async () => {
    const orgs = await call<Organization[]>('GET', '/auth/get-user-organizations');
    const key = orgs.body.find((org) => org.org_id === ctx.orgId)!.service_account_key!;
    const collection = await call<Collection>('POST', '/test-suites/collection', {
      name: 'Nightly',
      test_suite_id: ctx.suiteId,
      linked_test_ids: [testId],
    });
    // One group by a person, one by the pipeline: only the pipeline's is listed.
    await call('POST', `/test-suites/collection/${collection.body._id}/run-all`, {});
    const started = await fetch(
      `${ctx.server.url}/api/test-suites/collection/${collection.body._id}/run-all`,
      {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: '{}',
      },
    );
    const group = (await started.json()) as RunAllResult;
    await waitForRun(ctx, group.run_ids[0]);
    const listed = await call<CiRunGroup[]>('GET', `/test-suites/${ctx.suiteId}/ci-runs`);
    expect(listed.status).toBe(200);
    expect(listed.body).toHaveLength(1);
    expect(listed.body[0]).toMatchObject({
      collection_id: collection.body._id,
      collection_name: 'Nightly',
      created_at: group.created_at,
      total: 1,
    });
    expect(listed.body[0].counts.passed).toBe(1);
    expect(listed.body[0].finished_at).not.toBeNull();
    expect((await call('GET', `/test-suites/${ctx.suiteId}/ci-runs`, undefined, stranger.token)).status).toBe(
      404,
    );
  });
});
