import { eq } from 'drizzle-orm';
import { type FastifyRequest } from 'fastify';
import { mayDo, type MemberRole } from '../../contract/permissions';
import { organizationMembers, testCases, testHealings } from '../src/db/schema';
import { type Action } from '../src/runner';
import { DEV_MAIL_TOKEN_HEADER } from '../src/routes/devMail';
import { ruleOf } from '../src/services/permissions';
import { api, startTestServer, tokenFor, type TestServer } from './helpers';
import { passedStep } from './runFixtures';

/**
 * Coverage by construction (issue 9): every operation the OpenAPI document lists under /api is
 * called without a token, with another organization's ids, and with malformed input generated from
 * its own schema. An endpoint added later is covered without a new line here; one whose path
 * parameters this suite can't fill makes it fail.
 */

jest.setTimeout(120_000);

/** Operations anyone may call, each with the reason: every other operation must answer 401 without a token. */
const PUBLIC: Record<string, string> = {
  'GET /api/health': 'load balancers and `npm start` probe it before anyone signs in',
  'GET /api/config': 'the SPA reads where the identity provider is before anyone signs in',
  'GET /api/files/{owner}/{file}':
    'artifact files are served by signed link: <img> tags and the trace viewer send no bearer',
  'GET /api/dev/mail': 'the dev mailbox, served only without SMTP on a loopback address (issue 9)',
  'GET /api/ws': 'the WebSocket upgrade: its first message carries the token (DESIGN §4)',
  'GET /api/shared/{slug}':
    "a shared test's page (issue 15): public shares for anyone; a private one answers 404 without a member's token",
  'GET /api/shared/{slug}/badge.svg': "a public share's badge, put in READMEs (issue 15)",
  'GET /api/cli/plainwright.mjs':
    'the CI command line pipelines download before they have a session (issue 15)',
  'GET /api/inbox/{address}':
    "an exported test's own inbox (issue 32): its random pw- address is the key; no run's address is served",
};

type Role = 'org' | 'suite' | 'test' | 'run' | 'sharedParameter' | 'user' | 'collection' | 'module' | 'slug';

/** Path parameters by name: which resource of the target organization fills them. */
const PATH_PARAMS: Record<string, Role | ((world: World) => string)> = {
  orgId: 'org',
  organizationId: 'org',
  suiteId: 'suite',
  testSuiteId: 'suite',
  testCaseId: 'test',
  runId: 'run',
  paramId: 'sharedParameter',
  collectionId: 'collection',
  moduleId: 'module',
  slug: 'slug',
  userId: 'user',
  owner: 'run',
  file: () => 'trace.zip',
  name: (world) => world.variable,
  email: () => 'newcomer@a.example',
  stepOrId: () => '0',
  stepIndex: () => '0',
  // No worker heals in these worlds: any well-formed id names none, but for the healing planted in one.
  healingId: (world) => world.healing ?? '0f0e0d0c-0b0a-4908-8706-050403020100',
  // Issue 28: no world saves a browser state; a well-formed id names none.
  stateId: () => '1f0e0d0c-0b0a-4908-8706-050403020100',
  // Issue 33: no world makes an environment; a well-formed id names none (server/test/environments.test.ts
  // tries another organization's real one).
  envId: () => '2f0e0d0c-0b0a-4908-8706-050403020100',
  // Issue 32: an exported test's inbox address (pw- and 32 hex digits), read without a token.
  address: () => `pw-${'0b'.repeat(16)}@inbox.plainwright.test`,
};

/** Path parameters that are not names, with why any text may be accepted there. */
const FREE_TEXT_PATH_PARAMS: Record<string, string> = {
  stepOrId: 'force-stop keeps the steps up to a step number, and every step for anything else',
};

/** `id` names the resource of the path's first segment: /test-case/{id}/…, /organizations/{id}/…. */
const ID_BY_SEGMENT: Record<string, Role> = {
  organization: 'org',
  organizations: 'org',
  'test-suites': 'suite',
  'test-case': 'test',
  'test-cases': 'test',
  // Screenshots have no id of their own until a test is generated; a test's id is as good a guess.
  images: 'test',
};

/** Body and query fields that name a resource: filled with the target organization's ids. */
const ID_FIELDS: Record<string, (world: World) => unknown> = {
  org_id: (w) => w.org,
  test_suite_id: (w) => w.suite,
  test_case_id: (w) => w.test,
  id: (w) => w.test,
  linked_test_ids: (w) => [w.test],
  shared_parameter_ids: (w) => [w.sharedParameter],
  collection_ids: (w) => [w.collection],
  path_prefix: (w) => w.folder,
  old_path_prefix: (w) => w.folder,
};

/** Values a person would type, for the fields a service requires although the schema does not. */
const SAMPLES: Record<string, unknown> = {
  // A variable's name too: letters, digits and underscores.
  name: 'sample_name',
  new_name: 'Sample name',
  website: 'https://sample.example/',
  description: 'Open the page.',
  key: 'sample_key',
  value: 'sample value',
  path: 'sample_folder',
  new_path_prefix: 'sample_moved',
  artifact_name: 'trace.zip',
  // A list of one item, filled in from the item's own schema.
  test_cases: [{}],
};

interface World {
  token: string;
  user: string;
  org: string;
  suite: string;
  test: string;
  run: string;
  sharedParameter: string;
  collection: string;
  module: string;
  /** The link name of the test's private share. */
  slug: string;
  folder: string;
  variable: string;
  /** A healing written straight to the database, where a world needs one. */
  healing?: string;
  /** Every name and value that belongs to this organization alone. */
  secrets: string[];
}

interface Schema {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  additionalProperties?: boolean | Schema;
  $ref?: string;
}

interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema?: Schema;
}

interface Operation {
  method: string;
  path: string;
  key: string;
  parameters: Parameter[];
  body: Schema | null;
}

interface Call {
  what: string;
  method: string;
  url: string;
  token?: string;
  /** Sent as it is when a string, as JSON otherwise. */
  body?: unknown;
  contentType?: string;
  /** What a correct answer is: 'nul' must be invalid_character, 'refused' any 4xx. */
  expect?: 'nul' | 'refused';
}

interface Answer {
  status: number;
  text: string;
  json: { error?: { code?: unknown; message?: unknown } } | null;
}

const NUL = 'nul\u0000here';
const MEGABYTE = 'x'.repeat(1_000_000);
// Over every maxLength, under Node's 16 KB limit on a request line.
const LONG_IN_URL = 'y'.repeat(8_000);
const TRAVERSALS = ['../../etc/passwd', '..%2F..%2Fetc%2Fpasswd'];
const PROTO_KEYS = ['__proto__', 'constructor'];

describe('API coverage by construction', () => {
  let server: TestServer;
  let operations: Operation[];
  let a: World;
  let b: World;
  /** An organization of its own for the permission walk, which changes what its member may change. */
  let c: World;
  let colleagues: Record<'member' | 'viewer', { token: string; userId: string }>;

  beforeAll(async () => {
    // No worker: runs and generations stay queued, so the worlds hold still while they are probed.
    server = await startTestServer({ roles: ['api'] });
    const response = await fetch(`${server.url}/api/docs/json`);
    const document = (await response.json()) as {
      paths: Record<string, Record<string, { parameters?: Parameter[]; requestBody?: unknown }>>;
      components?: { schemas?: Record<string, Schema> };
    };
    operations = Object.entries(document.paths)
      .filter(([path]) => path.startsWith('/api/'))
      .flatMap(([path, methods]) =>
        Object.entries(methods).map(([method, operation]) => {
          const body = (
            operation.requestBody as { content?: Record<string, { schema?: Schema }> } | undefined
          )?.content?.['application/json']?.schema;
          return {
            method: method.toUpperCase(),
            path,
            key: `${method.toUpperCase()} ${path}`,
            parameters: operation.parameters ?? [],
            body: body ? resolveRefs(body, document.components?.schemas ?? {}) : null,
          };
        }),
      );
    a = await world(server, 'a');
    b = await world(server, 'b');
    c = await world(server, 'c');
    const [healing] = await server.database.db
      .insert(testHealings)
      .values({
        testCaseId: c.test,
        triggeredByTestRunId: c.run,
        healerName: 'planted',
        trigger: 'manual',
        testModifiedAt: new Date(),
      })
      .returning();
    c.healing = healing.id;
    colleagues = {
      member: await colleague(server, c, 'member'),
      viewer: await colleague(server, c, 'viewer'),
    };
  });
  afterAll(async () => server?.close());

  it('finds every operation of the API in the OpenAPI document, each one exercisable', () => {
    expect(operations.length).toBeGreaterThan(40);
    const unfillable = operations.flatMap((operation) =>
      pathParams(operation)
        .filter((name) => !resolvePathParam(operation.path, name, a))
        .map((name) => `${operation.key}: no value for the path parameter "${name}" (add it to PATH_PARAMS)`),
    );
    const unreadable = operations
      .filter(
        (operation) =>
          operation.body && fieldVariants(operation.body, sampleBody(operation.body, a), a).length === 0,
      )
      .map((operation) => `${operation.key}: no fields found in its body schema`);
    expect([...unfillable, ...unreadable]).toEqual([]);
  });

  it('answers every operation without a token with 401, except the public ones', async () => {
    const answers = await runAll(
      server,
      operations.map((operation) => validCall(operation, b, 'no token', null)),
    );
    const failures = answers.flatMap(({ call, answer }, index) => {
      const leaked = b.secrets.some((secret) => answer.text.includes(secret));
      // A public operation must not ask for a token either: its entry would be a stale excuse.
      const ok = PUBLIC[operations[index].key]
        ? answer.status !== 401 && answer.status < 500
        : answer.status === 401 && hasMessage(answer);
      return ok && !leaked
        ? []
        : [`${call.method} ${call.url} → ${answer.status} ${answer.text.slice(0, 120)}`];
    });
    expect(failures).toEqual([]);
  });

  it("keeps organization B's data out of reach of a member of A on every operation", async () => {
    const calls = operations.map((operation) => validCall(operation, b, "B's ids", a.token));
    const answers = await runAll(server, calls);
    const failures = answers.flatMap(({ call, answer }, index) => {
      const operation = operations[index];
      const problems: string[] = [];
      const leaked = b.secrets.filter((secret) => answer.text.includes(secret));
      if (leaked.length > 0) problems.push(`leaks ${leaked.join(', ')}`);
      if (answer.status >= 500) problems.push('is a 5xx');
      // An operation aimed at B's resources must refuse; one that names none just must not leak.
      if (namesTarget(operation) && ![403, 404].includes(answer.status)) problems.push('is not a 403/404');
      return problems.length ? [`${call.method} ${call.url} → ${answer.status} ${problems.join('; ')}`] : [];
    });
    expect(failures).toEqual([]);
  });

  it.each(['viewer', 'member'] as const)(
    'answers a %s of the organization on every operation as the permission table says (issue 27)',
    async (role) => {
      const person = colleagues[role];
      const judged = operations
        .filter((operation) => !PUBLIC[operation.key])
        .map((operation) => {
          const call = validCall(operation, c, role, person.token);
          return {
            call,
            allowed: allowedByTable(operation, call, c, { role, expert: false }, person.userId),
          };
        });
      // Refusals first: what a member may do (delete a test, cancel a run) must not hide what they may not.
      const ordered = [...judged.filter((j) => !j.allowed), ...judged.filter((j) => j.allowed)];
      const answers = await runAll(
        server,
        ordered.map((j) => j.call),
      );
      const failures = answers.flatMap(({ call, answer }, index) => {
        const { allowed } = ordered[index];
        const message = String(answer.json?.error?.message ?? '');
        if (allowed ? answer.status === 403 : answer.status !== 403 || !message.includes('Only '))
          return [
            `${call.method} ${call.url} → ${answer.status} ${answer.text.slice(0, 140)} (table: ${allowed ? 'allowed' : 'denied'})`,
          ];
        return [];
      });
      expect(failures).toEqual([]);
      // The walk refused something, and let something through: it judged calls, not a wall of 404s.
      expect(ordered.filter((j) => !j.allowed).length).toBeGreaterThan(role === 'viewer' ? 40 : 10);
    },
  );

  it('answers malformed input on every operation with a 4xx and a sentence, never a 5xx', async () => {
    const calls = operations.flatMap((operation) => malformedCalls(operation, a));
    // A floor (about 1,000 today): a change in the document's shape that hides its fields shows here.
    expect(calls.length).toBeGreaterThan(600);
    const answers = await runAll(server, calls);
    const failures = answers.flatMap(({ call, answer }) => {
      const problem = judge(call, answer);
      return problem ? [`${call.what}: ${call.method} ${call.url.slice(0, 120)} → ${problem}`] : [];
    });
    expect(failures).toEqual([]);
  });

  it('answers U+0000 with a 400 that says where it is, on the API and the identity provider alike', async () => {
    const nulIn = async (call: Omit<Call, 'what'>) => {
      const answer = await send(server, { what: 'NUL', ...call });
      return [answer.status, answer.json?.error?.code, answer.json?.error?.message];
    };
    const sentence = (where: string) =>
      `Text may not contain the NUL character (U+0000): remove it from ${where}.`;
    const test = { test_suite_id: a.suite, name: 'Fine', website: 'https://a.example/' };
    expect(
      await nulIn({
        method: 'POST',
        url: '/api/test-cases/',
        token: a.token,
        body: { test_cases: [test, { ...test, parameters: { v: NUL } }] },
      }),
    ).toEqual([400, 'invalid_character', sentence('body.test_cases.1.parameters.v')]);
    expect(
      await nulIn({
        method: 'PUT',
        url: `/api/test-suites/${a.suite}/rename?new_name=a%00b`,
        token: a.token,
      }),
    ).toEqual([400, 'invalid_character', sentence('query.new_name')]);
    expect(
      await nulIn({ method: 'DELETE', url: `/api/test-case/${a.test}/variables/a%00b`, token: a.token }),
    ).toEqual([400, 'invalid_character', sentence('path.name')]);
    const signIn = await send(server, {
      what: 'NUL',
      method: 'POST',
      url: '/idp/auth/v1/token?grant_type=password',
      body: { email: `owner-a\u0000@a.example`, password: 'correct horse battery' },
    });
    expect([signIn.status, signIn.text]).toEqual([400, expect.stringContaining('U+0000')]);
  });

  /** A request that would succeed for the owner of `target`: its ids in the path, query and body. */
  function validCall(operation: Operation, target: World, what: string, token: string | null): Call {
    return {
      what,
      method: operation.method,
      url: urlFor(operation, target, {}),
      token: token ?? undefined,
      body: operation.body ? sampleBody(operation.body, target) : undefined,
    };
  }

  function urlFor(operation: Operation, target: World, overrides: Record<string, string | string[]>): string {
    const path = operation.path.replace(/\{(\w+)\}/g, (_match, name: string) =>
      encodeURIComponent(String(overrides[name] ?? resolvePathParam(operation.path, name, target) ?? '')),
    );
    const query = new URLSearchParams();
    for (const parameter of operation.parameters.filter((p) => p.in === 'query')) {
      const value =
        parameter.name in overrides ? overrides[parameter.name] : sampleQuery(parameter.name, target);
      for (const item of [value].flat()) if (item !== undefined) query.append(parameter.name, item);
    }
    const search = query.toString();
    return search ? `${path}?${search}` : path;
  }

  /** Missing, mistyped, over-long, NUL, traversal and prototype-key variants of one operation's input. */
  function malformedCalls(operation: Operation, owner: World): Call[] {
    const calls: Call[] = [];
    const base = { method: operation.method, token: owner.token };
    const body = operation.body ? sampleBody(operation.body, owner) : undefined;
    for (const name of pathParams(operation)) {
      // A path parameter names a resource or a file: an odd name must find nothing.
      const odd = FREE_TEXT_PATH_PARAMS[name] ? undefined : 'refused';
      const cases: [string, string, Call['expect']?][] = [
        ...TRAVERSALS.map((value): [string, string, Call['expect']] => [`traversal ${value}`, value, odd]),
        ['NUL', NUL, 'nul'],
        ['too long', LONG_IN_URL, 'refused'],
        ...PROTO_KEYS.map((value): [string, string, Call['expect']] => [value, value, odd]),
        ['blank', ' '],
      ];
      for (const [what, value, expected] of cases)
        calls.push({
          ...base,
          what: `path ${name}: ${what}`,
          url: urlFor(operation, owner, { [name]: value }),
          body,
          expect: expected,
        });
    }
    for (const parameter of operation.parameters.filter((p) => p.in === 'query')) {
      const cases: [string, string | string[], Call['expect']?][] = [
        ['NUL', NUL, 'nul'],
        ['too long', LONG_IN_URL],
        ...TRAVERSALS.map((value): [string, string] => [`traversal ${value}`, value]),
        ['given twice', ['one', 'two']],
        ['__proto__', '__proto__'],
      ];
      for (const [what, value, expected] of cases)
        calls.push({
          ...base,
          what: `query ${parameter.name}: ${what}`,
          url: urlFor(operation, owner, { [parameter.name]: value }),
          body,
          expect: expected,
        });
    }
    if (!operation.body || body === undefined) return calls;
    const url = urlFor(operation, owner, {});
    const raw = JSON.stringify(body);
    // Fastify's secure-json-parse refuses prototype keys; the others are not the object the route takes.
    const rawBodies: [string, string, string | undefined, Call['expect']][] = [
      ['not JSON', '{"name": "unfinished', undefined, 'refused'],
      ['empty', '', undefined, undefined],
      ['null', 'null', undefined, undefined],
      ['an array instead of an object', `[${raw}]`, undefined, 'refused'],
      ['a string instead of an object', '"just text"', undefined, 'refused'],
      ['a __proto__ key', withKey(raw, '"__proto__": {"polluted": true}'), undefined, 'refused'],
      [
        'a constructor.prototype key',
        withKey(raw, '"constructor": {"prototype": {"polluted": true}}'),
        undefined,
        'refused',
      ],
      ['XML', '<name>x</name>', 'application/xml', 'refused'],
    ];
    for (const [what, text, contentType, expected] of rawBodies)
      calls.push({
        ...base,
        what: `body: ${what}`,
        url,
        body: text,
        contentType: contentType ?? 'application/json',
        expect: expected,
      });
    for (const variant of fieldVariants(operation.body, body, owner))
      calls.push({ ...base, what: `body ${variant.what}`, url, body: variant.body, expect: variant.expect });
    return calls;
  }
});

/** A person who joins `target`'s organization with `role`. */
async function colleague(
  server: TestServer,
  target: World,
  role: MemberRole,
): Promise<{ token: string; userId: string }> {
  const person = await tokenFor(server, { email: `${role}-of-${target.org.slice(0, 8)}@c.example` });
  // The first call records the person, whom the membership then names.
  await api(server, 'GET', '/auth/get-user-organizations', { token: person.token });
  await server.database.db
    .insert(organizationMembers)
    .values({ orgId: target.org, userId: person.userId, role });
  return person;
}

/**
 * Whether the permission table lets `membership` make `call`: the route's line
 * (server/src/services/permissions.ts) and the action's roles (contract/permissions.ts).
 */
function allowedByTable(
  operation: Operation,
  call: Call,
  target: World,
  membership: { role: MemberRole; expert: boolean },
  userId: string,
): boolean {
  const url = operation.path.replace(/\{(\w+)\}/g, ':$1');
  const rule = ruleOf(operation.method, url);
  if (!rule) throw new Error(`${operation.key} has no line in the permission table`);
  if ('signedIn' in rule) return true;
  const params = Object.fromEntries(
    pathParams(operation).map((name) => [name, resolvePathParam(operation.path, name, target)]),
  );
  const request = { params, body: call.body, actor: { id: userId } } as unknown as FastifyRequest;
  return mayDo(membership, typeof rule.action === 'function' ? rule.action(request) : rule.action);
}

/** Creates a person with an organization holding a suite, a test with a variable in a folder, a secret and a run. */
async function world(server: TestServer, label: string): Promise<World> {
  const upper = label.toUpperCase();
  const email = `owner-${label}@${label}.example`;
  const { token, userId } = await tokenFor(server, { email });
  const must = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const response = await api<T>(server, method, path, { token, body });
    if (response.status >= 300) throw new Error(`${method} ${path}: ${JSON.stringify(response.body)}`);
    return response.body;
  };
  const org = await must<{ org_id: string; service_account_key: string }>('POST', '/organizations', {
    name: `Secret Org ${upper}`,
  });
  const suite = await must<{ test_suite_id: string }>('POST', '/test-suites', {
    name: `Secret suite ${upper}`,
    org_id: org.org_id,
  });
  const variable = `${label}_variable`;
  const folder = `${label}_hidden_folder`;
  const [test] = await must<{ _id: string }[]>('POST', '/test-cases/', {
    test_cases: [
      {
        test_suite_id: suite.test_suite_id,
        name: `Secret test of ${upper}`,
        website: `https://${label}.example/private`,
        description: `Confidential steps of ${upper}`,
        path: folder,
        parameters: { [variable]: `${label}-variable-value` },
      },
    ],
  });
  await must('POST', `/test-suites/${suite.test_suite_id}/folders`, { path: `${label}_empty_folder` });
  const secret = await must<{ _id: string }>(
    'POST',
    `/test-suites/${suite.test_suite_id}/shared-parameters`,
    {
      key: `${label}_api_key`,
      value: `${label}-secret-value`,
    },
  );
  // A generation that "passed", written straight to the database: no browser is needed to run it.
  const action: Action = { kind: 'goto', url: `https://${label}.example/private` };
  await server.database.db
    .update(testCases)
    .set({
      state: 'passed',
      testGenerationSteps: [passedStep(action, 0)],
    })
    .where(eq(testCases.id, test._id));
  const run = await must<{ runId: string }>('POST', `/test-run/${test._id}`, {});
  const collection = await must<{ _id: string }>('POST', '/test-suites/collection', {
    name: `Secret collection ${upper}`,
    test_suite_id: suite.test_suite_id,
    linked_test_ids: [test._id],
  });
  const module = await must<{ module_id: string }>(
    'POST',
    `/test-suites/${suite.test_suite_id}/test-module`,
    {
      name: `Secret module of ${upper}`,
      test_case_id: test._id,
    },
  );
  // Shared privately: only members may open it (issue 15).
  const slug = `secret-share-${label.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
  await must('PUT', `/test-case/${test._id}/publish`, { slug, visibility: 'private' });
  const ids = [
    org.org_id,
    suite.test_suite_id,
    test._id,
    secret._id,
    run.runId,
    userId,
    collection._id,
    module.module_id,
  ];
  return {
    token,
    user: userId,
    org: org.org_id,
    suite: suite.test_suite_id,
    test: test._id,
    run: run.runId,
    sharedParameter: secret._id,
    collection: collection._id,
    module: module.module_id,
    slug,
    folder,
    variable,
    secrets: [
      ...ids,
      email,
      org.service_account_key,
      `Secret Org ${upper}`,
      `Secret suite ${upper}`,
      `Secret test of ${upper}`,
      `Secret collection ${upper}`,
      `Secret module of ${upper}`,
      `https://${label}.example/private`,
      `Confidential steps of ${upper}`,
      folder,
      `${label}_empty_folder`,
      variable,
      `${label}-variable-value`,
      `${label}_api_key`,
      `${label}-secret-value`,
    ],
  };
}

/** The JSON object `raw` with one more member first. */
function withKey(raw: string, member: string): string {
  return raw === '{}' ? `{${member}}` : `{${member}, ${raw.slice(1)}`;
}

/** The schema with `#/components/schemas/…` references replaced by what they name. */
function resolveRefs(schema: Schema, components: Record<string, Schema>, depth = 0): Schema {
  if (depth > 20) throw new Error('The OpenAPI schema nests deeper than this suite follows');
  const named = schema.$ref ? components[schema.$ref.replace('#/components/schemas/', '')] : schema;
  if (!named) throw new Error(`The OpenAPI document has no schema ${schema.$ref}`);
  const resolve = (child: Schema) => resolveRefs(child, components, depth + 1);
  return {
    ...named,
    ...(named.properties
      ? {
          properties: Object.fromEntries(
            Object.entries(named.properties).map(([name, child]) => [name, resolve(child)]),
          ),
        }
      : {}),
    ...(named.items ? { items: resolve(named.items) } : {}),
    ...(typeof named.additionalProperties === 'object'
      ? { additionalProperties: resolve(named.additionalProperties) }
      : {}),
  };
}

function pathParams(operation: Operation): string[] {
  return [...operation.path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]);
}

function resolvePathParam(path: string, name: string, target: World): string | null {
  let source: Role | ((world: World) => string) | undefined = PATH_PARAMS[name];
  if (name === 'id')
    source = path.startsWith('/api/test-suites/collection/')
      ? 'collection'
      : ID_BY_SEGMENT[path.split('/')[2] ?? ''];
  if (!source) return null;
  return typeof source === 'function' ? source(target) : target[source];
}

function sampleQuery(name: string, target: World): string | undefined {
  const value = ID_FIELDS[name]?.(target) ?? SAMPLES[name];
  return typeof value === 'string' ? value : undefined;
}

/** Whether a call built by validCall names one of the target's resources. */
/** Path parameters that name nothing of an organization, with why. */
const ORGLESS_PATH_PARAMS: Record<string, string> = {
  address: "an exported test's inbox address (issue 32) is its own random key, of no organization",
};

function namesTarget(operation: Operation): boolean {
  if (pathParams(operation).some((name) => !ORGLESS_PATH_PARAMS[name])) return true;
  if (operation.parameters.some((p) => p.in === 'query' && ID_FIELDS[p.name])) return true;
  return operation.body ? schemaNames(operation.body).some((name) => ID_FIELDS[name]) : false;
}

function schemaNames(schema: Schema): string[] {
  return Object.entries(schema.properties ?? {}).flatMap(([name, child]) => [
    name,
    ...schemaNames(child),
    ...(child.items ? schemaNames(child.items) : []),
  ]);
}

function typeOf(schema: Schema): string | undefined {
  return Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
}

/** The smallest body the service would accept: required fields, resource ids and what SAMPLES knows. */
function sampleBody(schema: Schema, target: World): unknown {
  const type = typeOf(schema);
  if (type === 'array') return schema.items ? [sampleBody(schema.items, target)] : [];
  if (type !== 'object' && !schema.properties) return sampleValue(schema);
  const body: Record<string, unknown> = {};
  for (const [name, child] of Object.entries(schema.properties ?? {})) {
    const fromWorld = ID_FIELDS[name]?.(target);
    if (fromWorld !== undefined) body[name] = fromWorld;
    else if (name in SAMPLES && typeOf(child) === 'array' && child.items)
      body[name] = [sampleBody(child.items, target)];
    else if (name in SAMPLES) body[name] = SAMPLES[name];
    else if (schema.required?.includes(name)) body[name] = sampleBody(child, target);
  }
  return body;
}

function sampleValue(schema: Schema): unknown {
  switch (typeOf(schema)) {
    case 'integer':
    case 'number':
      return 1;
    case 'boolean':
      return false;
    case 'array':
      return [];
    case 'object':
      return {};
    default:
      return 'sample';
  }
}

function wrongTypeFor(schema: Schema): unknown {
  switch (typeOf(schema)) {
    case 'string':
      return 42;
    case 'integer':
    case 'number':
      return '42';
    case 'boolean':
      return 'yes';
    case 'array':
      return 'not a list';
    case 'object':
      return ['not', 'an', 'object'];
    default:
      return { unexpected: true };
  }
}

interface Variant {
  what: string;
  body: unknown;
  expect?: Call['expect'];
}

/** Each field of `body` (at any depth) missing, mistyped, a megabyte long, with NUL; maps with odd keys. */
function fieldVariants(schema: Schema, body: unknown, owner: World, at: string[] = []): Variant[] {
  const type = typeOf(schema);
  const variants: Variant[] = [];
  if (type === 'array' && schema.items) {
    const item = Array.isArray(body) && body.length > 0 ? body[0] : sampleBody(schema.items, owner);
    return fieldVariants(schema.items, item, owner, [...at, '0']).map((v) => ({ ...v, body: [v.body] }));
  }
  if (type !== 'object' && !schema.properties) return variants;
  const current = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  const here = at.join('.') || 'body';
  if (schema.additionalProperties && typeof schema.additionalProperties === 'object') {
    variants.push(
      { what: `${here}: a key with NUL`, body: { [`k${NUL}`]: 'v' }, expect: 'nul' },
      { what: `${here}: a value with NUL`, body: { key: NUL }, expect: 'nul' },
      { what: `${here}: a constructor key`, body: { constructor: 'x', toString: 'y' } },
      {
        what: `${here}: a value of the wrong type`,
        body: { key: wrongTypeFor(schema.additionalProperties) },
      },
    );
  }
  for (const [name, child] of Object.entries(schema.properties ?? {})) {
    const field = [...at, name].join('.');
    const without = { ...current };
    delete without[name];
    const fieldCases: Variant[] = [];
    if (name in current) fieldCases.push({ what: `${field} missing`, body: without });
    fieldCases.push({
      what: `${field} of the wrong type`,
      body: { ...current, [name]: wrongTypeFor(child) },
    });
    const childType = typeOf(child);
    // An untyped field (`{}`) is a string to the service that checks it.
    if (childType === 'string' || childType === undefined) {
      fieldCases.push(
        { what: `${field} a megabyte long`, body: { ...current, [name]: MEGABYTE } },
        { what: `${field} with NUL`, body: { ...current, [name]: NUL }, expect: 'nul' },
        { what: `${field} a path traversal`, body: { ...current, [name]: TRAVERSALS[0] } },
      );
    } else if (childType === 'array' && typeOf(child.items ?? {}) === 'string') {
      fieldCases.push({
        what: `${field} with NUL in an item`,
        body: { ...current, [name]: [NUL] },
        expect: 'nul',
      });
    }
    if (childType === 'object' || childType === 'array') {
      const nested = fieldVariants(child, current[name], owner, [...at, name]);
      fieldCases.push(...nested.map((v) => ({ ...v, body: { ...current, [name]: v.body } })));
    }
    variants.push(...fieldCases);
  }
  return variants;
}

function hasMessage(answer: Answer): boolean {
  const message = answer.json?.error?.message;
  return typeof message === 'string' && /[a-z]{2}/i.test(message);
}

/** What is wrong with an answer to a malformed call, or null. */
function judge(call: Call, answer: Answer): string | null {
  const summary = `${answer.status} ${answer.text.slice(0, 160)}`;
  if (answer.status >= 500) return `a 5xx: ${summary}`;
  if (answer.status >= 400 && !hasMessage(answer)) return `a 4xx without a message: ${summary}`;
  if (call.expect === 'nul' && (answer.status !== 400 || answer.json?.error?.code !== 'invalid_character'))
    return `not invalid_character: ${summary}`;
  if (call.expect === 'refused' && (answer.status < 400 || answer.status >= 500))
    return `not refused: ${summary}`;
  return null;
}

async function send(server: TestServer, call: Call): Promise<Answer> {
  const body =
    call.body === undefined
      ? undefined
      : typeof call.body === 'string'
        ? call.body
        : JSON.stringify(call.body);
  const response = await fetch(`${server.url}${call.url}`, {
    method: call.method,
    headers: {
      ...(call.token ? { authorization: `Bearer ${call.token}` } : {}),
      // The dev mailbox opens only with the start log's token (issue 27): the probe is the person who started it.
      ...(call.url.startsWith('/api/dev/mail')
        ? { [DEV_MAIL_TOKEN_HEADER]: server.config.devMailToken }
        : {}),
      ...(body !== undefined ? { 'content-type': call.contentType ?? 'application/json' } : {}),
    },
    body,
  });
  const text = await response.text();
  let json: Answer['json'] = null;
  try {
    json = JSON.parse(text) as Answer['json'];
  } catch {
    json = null;
  }
  return { status: response.status, text, json };
}

/** Sends the calls four at a time (the server shares two cores with the rest of the suite). */
async function runAll(server: TestServer, calls: Call[]): Promise<{ call: Call; answer: Answer }[]> {
  const results: { call: Call; answer: Answer }[] = new Array(calls.length);
  let next = 0;
  const workers = Array.from({ length: 4 }, async () => {
    while (next < calls.length) {
      const index = next++;
      results[index] = { call: calls[index], answer: await send(server, calls[index]) };
    }
  });
  await Promise.all(workers);
  return results;
}
