import type { TestCase } from '../../../contract/testCases';

// An in-memory backend for MSW handlers: identity users and sessions plus the API's organizations,
// suites, tests, folders and secrets.

export interface DbUser {
  id: string;
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  confirmed: boolean;
  createdAt: string;
  lastSignInAt: string | null;
}

export interface DbOrganization {
  org_id: string;
  name: string;
  created_at: string;
  cj_token: string | null;
  service_account_key: string;
}

export interface DbMembership {
  org_id: string;
  user_id: string;
  email: string;
  role: 'admin' | 'member' | 'viewer';
  /** The expert right (issue 27); absent means none. */
  expert?: boolean;
  status: 'active' | 'invited';
  created_at: string;
}

export interface DbSuite {
  test_suite_id: string;
  name: string;
  org_id: string;
  created_at: string;
}

/** A test as the server sends it (contract/testCases.ts). */
export type DbTestCase = TestCase;

export interface DbFolder {
  test_suite_id: string;
  path: string;
  created_at: string;
}

export interface DbSharedParameter {
  _id: string;
  test_suite_id: string;
  key: string;
  value: string;
  allowed_hosts?: string[];
}

interface Db {
  users: DbUser[];
  organizations: DbOrganization[];
  memberships: DbMembership[];
  suites: DbSuite[];
  testCases: DbTestCase[];
  folders: DbFolder[];
  sharedParameters: DbSharedParameter[];
  /** access or refresh token → user id */
  tokens: Map<string, string>;
  /** Whether sign-up returns a session at once (true) or asks for e-mail confirmation (false). */
  autoconfirm: boolean;
  /** The social sign-ins the identity provider's settings say are on. */
  oauthProviders: string[];
}

let sequence = 0;
const nextId = (prefix: string) => `${prefix}-${++sequence}`;
const timestamp = (offsetMinutes = 0) => new Date(Date.UTC(2026, 0, 1, 12, offsetMinutes)).toISOString();

export const db: Db = {
  users: [],
  organizations: [],
  memberships: [],
  suites: [],
  testCases: [],
  folders: [],
  sharedParameters: [],
  tokens: new Map(),
  autoconfirm: true,
  oauthProviders: ['google', 'azure'],
};

export function resetDb() {
  db.users = [];
  db.organizations = [];
  db.memberships = [];
  db.suites = [];
  db.testCases = [];
  db.folders = [];
  db.sharedParameters = [];
  db.tokens = new Map();
  db.autoconfirm = true;
  db.oauthProviders = ['google', 'azure'];
  sequence = 0;
}

export function seedUser(overrides: Partial<DbUser> = {}): DbUser {
  const id = overrides.id ?? nextId('user');
  const user: DbUser = {
    id,
    email: `${id}@example.com`,
    password: 'correct-horse',
    firstName: 'Ada',
    lastName: 'Lovelace',
    confirmed: true,
    createdAt: timestamp(),
    lastSignInAt: null,
    ...overrides,
  };
  db.users.push(user);
  return user;
}

export function seedOrganization(
  name: string,
  members: { user: DbUser; role?: DbMembership['role']; status?: DbMembership['status'] }[] = [],
): DbOrganization {
  const organization: DbOrganization = {
    org_id: nextId('org'),
    name,
    created_at: timestamp(sequence),
    cj_token: null,
    service_account_key: `sak_${name.toLowerCase().replace(/\W+/g, '_')}_1`,
  };
  db.organizations.push(organization);
  for (const { user, role = 'admin', status = 'active' } of members) {
    addMembership(organization.org_id, user, role, status);
  }
  return organization;
}

export function addMembership(
  orgId: string,
  user: Pick<DbUser, 'id' | 'email'>,
  role: DbMembership['role'] = 'member',
  status: DbMembership['status'] = 'active',
): DbMembership {
  const membership = {
    org_id: orgId,
    user_id: user.id,
    email: user.email,
    role,
    status,
    created_at: timestamp(sequence),
  };
  db.memberships.push(membership);
  return membership;
}

export function seedSuite(orgId: string, name: string): DbSuite {
  const suite = { test_suite_id: nextId('suite'), name, org_id: orgId, created_at: timestamp(sequence) };
  db.suites.push(suite);
  return suite;
}

export function newId(prefix: string) {
  return nextId(prefix);
}

/** Adds the folder rows of `path` and its ancestors that are missing, as the server keeps them. */
export function ensureFolders(suiteId: string, path: string) {
  const segments = path ? path.split('/') : [];
  segments.forEach((_, index) => {
    const folderPath = segments.slice(0, index + 1).join('/');
    if (!db.folders.some((f) => f.test_suite_id === suiteId && f.path === folderPath))
      db.folders.push({ test_suite_id: suiteId, path: folderPath, created_at: timestamp(sequence) });
  });
}

export function seedFolder(suiteId: string, path: string) {
  ensureFolders(suiteId, path);
}

export function seedTestCase(
  suite: Pick<DbSuite, 'test_suite_id' | 'org_id'>,
  overrides: Partial<DbTestCase> = {},
): DbTestCase {
  const id = overrides._id ?? nextId('test');
  const name = overrides.name ?? `Test ${id}`;
  const created = timestamp(sequence);
  const test: DbTestCase = {
    _id: id,
    name,
    title: name,
    website: 'https://shop.example',
    description: '',
    test_suite_id: suite.test_suite_id,
    org_id: suite.org_id,
    customer_id: null,
    path: '',
    credentials: {},
    parameters: {},
    shared_parameter_ids: [],
    collection_ids: [],
    programming_language: 'typescript',
    viewport_width: 1280,
    viewport_height: 720,
    user_agent: null,
    browser_state_id: null,
    test_module_id_for_setup: null,
    enable_proxies: false,
    state: 'created',
    final_message: null,
    final_script: null,
    final_script_py: null,
    test_generation_steps: [],
    generation_plan_length: null,
    instructions_without_steps: [],
    latest_run_status: null,
    latest_run_time: null,
    steps_out_of_date: false,
    generation_requested_at: null,
    created_at: created,
    last_modified_at: created,
    ...overrides,
  };
  test.title = test.name;
  ensureFolders(suite.test_suite_id, test.path);
  db.testCases.push(test);
  return test;
}

export function seedSharedParameter(suiteId: string, key: string, value = 'secret'): DbSharedParameter {
  const parameter = { _id: nextId('secret'), test_suite_id: suiteId, key, value };
  db.sharedParameters.push(parameter);
  return parameter;
}
