import { PassThrough } from 'node:stream';
import { serveFixtureSites, type FixtureSites } from '../../fixtures/sites/serve';
import { type Collection, type RunAllResult } from '../../contract/collections';
import { type Organization } from '../../contract/organizations';
import { type Action } from '../src/runner';
import { api, tokenFor } from './helpers';
import { setUpGeneration, type GenerationContext } from './generationFixtures';
import { createGeneratedTest, getRun, waitForRun } from './runFixtures';

// Issue 15: an organization's service account key authenticates a CI pipeline's calls — for its own
// organization only, on the calls a pipeline needs only, revoked at once by regeneration, never logged.

jest.setTimeout(180_000);

type ErrorBody = { error: { code: string; message: string } };

let sites: FixtureSites;
let ctx: GenerationContext;
let key: string;
let collectionId: string;
let log = '';

const todoActions = (text: string): Action[] => [
  { kind: 'goto', url: sites.url('todo') },
  { kind: 'fill', target: { locator: { by: 'placeholder', text: 'What needs to be done?' } }, value: text },
  { kind: 'press', key: 'Enter', target: { locator: { by: 'placeholder', text: 'What needs to be done?' } } },
  { kind: 'expect', assert: { type: 'visible', target: { locator: { by: 'text', text: '1 item left' } } } },
];

/** A call with the key, as a pipeline makes it: as a bearer token, or in X-Api-Key. */
async function withKey<T>(
  method: string,
  path: string,
  options: { key?: string; header?: 'bearer' | 'x-api-key'; body?: unknown } = {},
): Promise<{ status: number; body: T }> {
  const value = options.key ?? key;
  const response = await fetch(`${ctx.server.url}/api${path}`, {
    method,
    headers: {
      ...(options.header === 'x-api-key' ? { 'x-api-key': value } : { authorization: `Bearer ${value}` }),
      ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    body: options.body !== undefined ? JSON.stringify(options.body) : undefined,
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : null) as T };
}

beforeAll(async () => {
  sites = await serveFixtureSites();
  const stream = new PassThrough();
  stream.on('data', (chunk: Buffer) => (log += chunk.toString()));
  ctx = await setUpGeneration({ sites, env: { LOG_LEVEL: 'info' }, logStream: stream });
  const orgs = await api<Organization[]>(ctx.server, 'GET', '/auth/get-user-organizations', {
    token: ctx.token,
  });
  key = orgs.body.find((org) => org.org_id === ctx.orgId)!.service_account_key!;
  expect(key).toMatch(/^pw_sak_/);
  const testId = await createGeneratedTest(ctx, 'Add a todo', sites.url('todo'), todoActions('Ship it'));
  const created = await api<Collection>(ctx.server, 'POST', '/test-suites/collection', {
    token: ctx.token,
    body: { name: 'Release checks', test_suite_id: ctx.suiteId, linked_test_ids: [testId] },
  });
  expect(created.status).toBe(201);
  collectionId = created.body._id;
});

afterAll(async () => {
  await ctx?.close();
  await sites?.close();
});

describe('a service account key', () => {
  it('runs its organization’s collection and reads the group, as a bearer token or in X-Api-Key', async () => {
    const started = await withKey<RunAllResult>('POST', `/test-suites/collection/${collectionId}/run-all`, {
      body: {},
    });
    expect(started.status).toBe(201);
    expect(started.body.run_ids).toHaveLength(1);
    await waitForRun(ctx, started.body.run_ids[0]);
    const run = await getRun(ctx, started.body.run_ids[0]);
    expect(run.status).toBe('passed');
    expect(run.trigger).toBe('ci');

    const read = await withKey<Collection>(
      'GET',
      `/test-suites/collection/${collectionId}?linked_runs_created_at=${encodeURIComponent(started.body.created_at)}`,
      { header: 'x-api-key' },
    );
    expect(read.status).toBe(200);
    expect(read.body.linked_runs[0].created_at).toBe(started.body.created_at);
    expect(read.body.linked_runs[0].counts.passed).toBe(1);
    // The group says a pipeline started it (issue 28).
    expect(read.body.linked_runs[0].trigger).toBe('ci');
    expect(read.body.last_run?.trigger).toBe('ci');
  });

  it('cancels a group it started, and the runs say a pipeline cancelled them', async () => {
    const started = await withKey<RunAllResult>('POST', `/test-suites/collection/${collectionId}/run-all`, {
      body: {},
    });
    const cancelled = await withKey<{ cancelled: number }>(
      'POST',
      `/test-suites/collection/${collectionId}/cancel?created_at=${encodeURIComponent(started.body.created_at)}`,
    );
    expect(cancelled.status).toBe(200);
    await waitForRun(ctx, started.body.run_ids[0]);
    const run = await getRun(ctx, started.body.run_ids[0]);
    // It may have passed before the cancel reached it; a cancelled one names who did it.
    if (run.status === 'cancelled') expect(run.error_message).toContain('CI service account');
    else expect(run.status).toBe('passed');
  });

  it('can call nothing else: not the tests, not the organization, not a collection list', async () => {
    for (const [method, path] of [
      ['GET', `/auth/get-user-organizations`],
      ['GET', `/test-suites/${ctx.suiteId}/tree`],
      ['GET', `/test-suites/collections/${ctx.suiteId}`],
      ['DELETE', `/test-suites/collection/${collectionId}`],
      ['PUT', `/organization/${ctx.orgId}/regenerate-service-account-key`],
    ] as const) {
      const response = await withKey<ErrorBody>(method, path);
      expect({ method, path, status: response.status }).toEqual({ method, path, status: 403 });
      expect(response.body.error.message).toBe(
        'A service account key can only run collections and read their results',
      );
    }
  });

  it('reaches no other organization’s collection, and names nothing of it', async () => {
    const other = await tokenFor(ctx.server, { email: 'boris@b.example' });
    const org = await api<{ org_id: string }>(ctx.server, 'POST', '/organizations', {
      token: other.token,
      body: { name: 'Org B' },
    });
    const suite = await api<{ test_suite_id: string }>(ctx.server, 'POST', '/test-suites', {
      token: other.token,
      body: { name: 'B suite', org_id: org.body.org_id },
    });
    const theirs = await api<Collection>(ctx.server, 'POST', '/test-suites/collection', {
      token: other.token,
      body: { name: 'Secret B checks', test_suite_id: suite.body.test_suite_id },
    });
    expect(theirs.status).toBe(201);
    for (const [method, path] of [
      ['GET', `/test-suites/collection/${theirs.body._id}`],
      ['POST', `/test-suites/collection/${theirs.body._id}/run-all`],
    ] as const) {
      const response = await withKey<ErrorBody>(method, path, { body: method === 'POST' ? {} : undefined });
      expect(response.status).toBe(404);
      expect(JSON.stringify(response.body)).not.toContain('Secret B checks');
    }
  });

  it('is refused when unknown, malformed or given twice', async () => {
    for (const bad of ['pw_sak_not-a-real-key', `pw_sak_${'x'.repeat(500)}`]) {
      const response = await withKey<ErrorBody>('GET', `/test-suites/collection/${collectionId}`, {
        key: bad,
      });
      expect(response.status).toBe(401);
      expect(response.body.error.message).toContain('not valid');
    }
    const twice = await fetch(`${ctx.server.url}/api/test-suites/collection/${collectionId}`, {
      headers: [
        ['x-api-key', key],
        ['x-api-key', key],
      ],
    });
    expect(twice.status).toBe(401);
  });

  it('stops working the moment it is regenerated; the new one works', async () => {
    const regenerated = await api<{ service_account_key: string }>(
      ctx.server,
      'PUT',
      `/organization/${ctx.orgId}/regenerate-service-account-key`,
      { token: ctx.token },
    );
    expect(regenerated.status).toBe(200);
    const old = await withKey<ErrorBody>('GET', `/test-suites/collection/${collectionId}`);
    expect(old.status).toBe(401);
    expect(old.body.error.message).toContain('regenerated');
    key = regenerated.body.service_account_key;
    const fresh = await withKey<Collection>('GET', `/test-suites/collection/${collectionId}`);
    expect(fresh.status).toBe(200);
  });

  it('never appears in the server’s log', async () => {
    // Every call above wrote request lines; the log reads them all at info level.
    expect(log).toContain('/test-suites/collection/');
    expect(log).not.toContain('pw_sak_');
  });
});
