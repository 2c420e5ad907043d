import { and, eq, inArray } from 'drizzle-orm';
import { type FastifyRequest } from 'fastify';
import { type Db } from '../db/client';
import {
  organizationMembers,
  testCases,
  testCollections,
  testHealings,
  testRuns,
  testSuites,
} from '../db/schema';
import { isUuid } from '../lib/validate';
import { type Membership, type PermissionAction } from '../../../contract/permissions';
import { type Actor } from './actor';

/** The resources a request names, by kind: whose organization decides the caller's role. */
export type ScopeKind = 'org' | 'suite' | 'test' | 'run' | 'collection' | 'healing';

interface Scope {
  kind: ScopeKind;
  /** The id (or ids) the request names; anything but a well-formed id is left to the service to refuse. */
  pick: (request: FastifyRequest) => unknown;
}

/**
 * What a route needs: an action of contract/permissions.ts, checked against the caller's role in the
 * organization of the resources `scopes` name; or, for the few calls outside any organization, why
 * anyone signed in may make them.
 */
export type RouteRule =
  | {
      action: PermissionAction | ((request: FastifyRequest) => PermissionAction);
      scopes?: Scope[];
    }
  | { signedIn: string };

type Fields = Record<string, unknown> | null | undefined;
const params = (name: string) => (request: FastifyRequest) => (request.params as Fields)?.[name];
const body = (name: string) => (request: FastifyRequest) => (request.body as Fields)?.[name];
const scope = (kind: ScopeKind, pick: Scope['pick']): Scope => ({ kind, pick });

const READ: RouteRule = { action: 'read' };
const suiteOf = (name: string) => [scope('suite', params(name))];
const testOf = (name: string) => [scope('test', params(name))];
const collectionOf = (name: string) => [scope('collection', params(name))];

/** Publishing says its visibility; a link of unsaid visibility might be the public one, so asks as much. */
function publishAction(request: FastifyRequest): PermissionAction {
  return (request.body as Fields)?.visibility === 'private' ? 'sharePrivately' : 'sharePublicly';
}

/** Anyone may leave; removing someone else is managing members. */
function removeUserAction(request: FastifyRequest): PermissionAction {
  return params('userId')(request) === request.actor?.id ? 'leaveOrganization' : 'manageMembers';
}

/**
 * Every authenticated route of the API and what it needs (docs/permissions.md is this table in words).
 * A route missing here stops the server at start-up: nothing is reachable without a line.
 * Keys are `METHOD url` as Fastify registers them; HEAD follows GET.
 */
export const ROUTE_PERMISSIONS: Record<string, RouteRule> = {
  // Organizations and members.
  'GET /api/auth/get-user-organizations': READ,
  'POST /api/organizations': { signedIn: 'anyone may start an organization of their own, as its admin' },
  'GET /api/test-admin-or-biz-dev': { signedIn: "tells the caller their own platform role, nobody else's" },
  'POST /api/invitations/accept': { signedIn: 'the one-time link of the invitation decides, not a role' },
  'POST /api/agents/parse': { signedIn: 'reads sentences without a page; touches no organization' },
  'GET /api/system/browsers': { signedIn: 'which browsers this server can launch; names no organization' },
  'PUT /api/organization/:id/regenerate-service-account-key': {
    action: 'manageServiceAccount',
    scopes: [scope('org', params('id'))],
  },
  'GET /api/organizations/:id/users': READ,
  'POST /api/organizations/:id/add-user/:email': {
    action: 'manageMembers',
    scopes: [scope('org', params('id'))],
  },
  'PATCH /api/organizations/:id/users/:userId': {
    action: 'manageMembers',
    scopes: [scope('org', params('id'))],
  },
  'PUT /api/organization/:id/remove-user/:userId': {
    action: removeUserAction,
    scopes: [scope('org', params('id'))],
  },
  'PUT /api/organizations/:id/remove-user/:userId': {
    action: removeUserAction,
    scopes: [scope('org', params('id'))],
  },

  // Projects (test suites) and browser states.
  'GET /api/organizations/:orgId/test-suites': READ,
  'POST /api/test-suites': { action: 'createProject', scopes: [scope('org', body('org_id'))] },
  'PUT /api/test-suites/:id/rename': { action: 'renameProject', scopes: suiteOf('id') },
  'DELETE /api/test-suites/:id': { action: 'deleteProject', scopes: suiteOf('id') },
  'GET /api/browser-states/:suiteId': READ,
  'POST /api/test-suites/:suiteId/browser-states': {
    action: 'writeBrowserStates',
    scopes: suiteOf('suiteId'),
  },
  'POST /api/test-suites/:suiteId/browser-states/:stateId/refresh': {
    action: 'writeBrowserStates',
    scopes: suiteOf('suiteId'),
  },
  'DELETE /api/test-suites/:suiteId/browser-states/:stateId': {
    action: 'writeBrowserStates',
    scopes: suiteOf('suiteId'),
  },
  'GET /api/test-suites/:suiteId/dashboard': READ,
  // A test's newest run on its own website and on each environment (issue 33).
  'GET /api/test-case/:id/headlines': READ,
  // Quarantine (issue 33): reading is anyone's; putting a test aside or back is changing it.
  'GET /api/test-suites/:suiteId/quarantine': READ,
  'GET /api/test-case/:id/quarantine': READ,
  'PUT /api/test-case/:id/quarantine': { action: 'writeTests', scopes: testOf('id') },
  'DELETE /api/test-case/:id/quarantine': { action: 'writeTests', scopes: testOf('id') },
  'DELETE /api/test-case/:id/quarantine/candidate': { action: 'writeTests', scopes: testOf('id') },
  // A test's data table (issue 33): its rows are part of the test.
  'GET /api/test-case/:id/data': READ,
  'PUT /api/test-case/:id/data': { action: 'writeTests', scopes: testOf('id') },

  // Tests, folders and variables.
  'POST /api/test-cases/': { action: 'writeTests', scopes: [scope('suite', suitesOfNewTests)] },
  'POST /api/test-cases': { action: 'writeTests', scopes: [scope('suite', suitesOfNewTests)] },
  'GET /api/test-case/:id': READ,
  'PATCH /api/test-case/:id/edit': {
    action: 'writeTests',
    scopes: [...testOf('id'), scope('suite', body('test_suite_id'))],
  },
  'PUT /api/test-case/:id/edit': {
    action: 'writeTests',
    scopes: [...testOf('id'), scope('suite', body('test_suite_id'))],
  },
  'DELETE /api/test-case/:id': { action: 'writeTests', scopes: testOf('id') },
  'POST /api/test-case/:id/duplicate': { action: 'writeTests', scopes: testOf('id') },
  'PATCH /api/test-cases/:id/collections': { action: 'writeTests', scopes: testOf('id') },
  'POST /api/test-case/:id/variables': { action: 'writeTests', scopes: testOf('id') },
  'PUT /api/test-case/:id/variables/:name': { action: 'writeTests', scopes: testOf('id') },
  'DELETE /api/test-case/:id/variables/:name': { action: 'writeTests', scopes: testOf('id') },
  'GET /api/test-suites/:id/tree': READ,
  'POST /api/test-suites/:id/folders': { action: 'writeTests', scopes: suiteOf('id') },
  'DELETE /api/test-cases/:suiteId': { action: 'writeTests', scopes: suiteOf('suiteId') },
  'PUT /api/test-cases/:suiteId/update-test-paths': { action: 'writeTests', scopes: suiteOf('suiteId') },
  'GET /api/test-case/:id/export': READ,
  'GET /api/test-case/:id/export.zip': READ,

  // Secrets: readers see names and masked values only.
  'GET /api/test-suites/:id/shared-parameters': READ,
  'POST /api/test-suites/:id/shared-parameters': { action: 'manageSecrets', scopes: suiteOf('id') },
  'PUT /api/test-suites/:id/shared-parameters/:paramId': { action: 'manageSecrets', scopes: suiteOf('id') },
  'DELETE /api/test-suites/:id/shared-parameters/:paramId': {
    action: 'manageSecrets',
    scopes: suiteOf('id'),
  },

  // Environments (issue 33): they carry secret overrides, so who manages secrets manages them.
  'GET /api/test-suites/:suiteId/environments': READ,
  'POST /api/test-suites/:suiteId/environments': { action: 'manageSecrets', scopes: suiteOf('suiteId') },
  'PUT /api/test-suites/:suiteId/environments/:envId': {
    action: 'manageSecrets',
    scopes: suiteOf('suiteId'),
  },
  'DELETE /api/test-suites/:suiteId/environments/:envId': {
    action: 'manageSecrets',
    scopes: suiteOf('suiteId'),
  },

  // Modules.
  'GET /api/test-suites/:suiteId/test-modules': READ,
  'POST /api/test-suites/:suiteId/test-module': { action: 'writeModules', scopes: suiteOf('suiteId') },
  'PUT /api/test-suites/:suiteId/test-module/:moduleId/rename': {
    action: 'writeModules',
    scopes: suiteOf('suiteId'),
  },
  'PATCH /api/test-suites/:suiteId/test-module/:moduleId': {
    action: 'writeModules',
    scopes: suiteOf('suiteId'),
  },
  'DELETE /api/test-suites/:suiteId/test-module/:moduleId': {
    action: 'writeModules',
    scopes: suiteOf('suiteId'),
  },
  'POST /api/test-suites/:suiteId/test-module/:moduleId/approve': {
    action: 'approveModules',
    scopes: suiteOf('suiteId'),
  },

  // Generation.
  'PUT /api/test-case/:id/regenerate': { action: 'generateTests', scopes: testOf('id') },
  'DELETE /api/test-case/cancel/:id': { action: 'generateTests', scopes: testOf('id') },
  'PUT /api/test-case/:id/force-stop/:stepOrId': { action: 'generateTests', scopes: testOf('id') },
  'PUT /api/test-case/:id/user-feedback': { action: 'generateTests', scopes: testOf('id') },
  'GET /api/images/': READ,
  'GET /api/images/:id': READ,
  'GET /api/traces/:testCaseId/:stepIndex': READ,

  // Runs. A call that names no test is refused by the service (400) unless no role allows it at all.
  'POST /api/test-run': { action: 'runTests' },
  'POST /api/test-run/': { action: 'runTests' },
  'POST /api/test-run/:testCaseId': { action: 'runTests', scopes: testOf('testCaseId') },
  'GET /api/test-runs': READ,
  'GET /api/test-runs/': READ,
  'GET /api/test-runs/:testCaseId': READ,
  'GET /api/test-run/:runId': READ,
  // The run's test inbox (issue 32): read like the run; the service finds the run in the reader's organizations.
  'GET /api/test-run/:runId/inbox': READ,
  'DELETE /api/test-run/:runId': { action: 'runTests', scopes: [scope('run', params('runId'))] },
  'PUT /api/test-run/:runId/pin': { action: 'pinRuns', scopes: [scope('run', params('runId'))] },
  'DELETE /api/test-run/:runId/pin': { action: 'pinRuns', scopes: [scope('run', params('runId'))] },
  'GET /api/artifacts': READ,
  'GET /api/artifacts/': READ,
  'GET /api/artifacts/:runId': READ,

  // Healing.
  'GET /api/healing/test-case/:testCaseId': READ,
  'GET /api/healing/test-run/:runId': READ,
  'GET /api/healing/:healingId': READ,
  'POST /api/healing/test-run/:runId': { action: 'heal', scopes: [scope('run', params('runId'))] },
  'POST /api/healing/:healingId/approve': { action: 'heal', scopes: [scope('healing', params('healingId'))] },
  'POST /api/healing/:healingId/restore': { action: 'heal', scopes: [scope('healing', params('healingId'))] },
  'POST /api/healing/collection/:collectionId': { action: 'heal', scopes: collectionOf('collectionId') },
  'GET /api/healing/settings/:suiteId': READ,
  'PUT /api/healing/settings/:suiteId': { action: 'manageAutoHeal', scopes: suiteOf('suiteId') },

  // Retention (issue 34): how long runs are kept, and the disk the project uses.
  'GET /api/test-suites/:suiteId/retention': READ,
  'PUT /api/test-suites/:suiteId/retention': { action: 'manageRetention', scopes: suiteOf('suiteId') },

  // Collections, their runs, alerts and webhooks.
  'GET /api/test-suites/collections/:suiteId': READ,
  'GET /api/test-suites/collection/:id': READ,
  'POST /api/test-suites/collection': {
    action: 'writeCollections',
    scopes: [scope('suite', body('test_suite_id'))],
  },
  'PUT /api/test-suites/collection/:id': { action: 'writeCollections', scopes: collectionOf('id') },
  'DELETE /api/test-suites/collection/:id': { action: 'writeCollections', scopes: collectionOf('id') },
  'POST /api/test-suites/collection/:collectionId/run-all': {
    action: 'runTests',
    scopes: collectionOf('collectionId'),
  },
  'POST /api/test-suites/collection/:id/cancel': { action: 'runTests', scopes: collectionOf('id') },
  'GET /api/test-suites/collection/:id/export': READ,
  'GET /api/test-suites/collection/:id/export.zip': READ,
  'GET /api/test-suites/collection/:id/alerts': READ,
  'PUT /api/test-suites/collection/:id/alerts': { action: 'manageAlerts', scopes: collectionOf('id') },
  'POST /api/test-suites/collection/:id/alerts/signing-secret': {
    action: 'rotateSigningKey',
    scopes: collectionOf('id'),
  },

  // Schedules of single tests.
  'GET /api/schedules/preview': READ,
  'GET /api/test-case/:id/schedule': READ,
  'PUT /api/test-case/:id/schedule': { action: 'writeSchedules', scopes: testOf('id') },
  'DELETE /api/test-case/:id/schedule': { action: 'writeSchedules', scopes: testOf('id') },

  // Sharing.
  'GET /api/test-case/:id/share': READ,
  'PUT /api/test-case/:id/publish': { action: publishAction, scopes: testOf('id') },
  // Withdrawing a share exposes nothing: whoever may share may stop sharing.
  'DELETE /api/test-case/:id/publish': { action: 'sharePrivately', scopes: testOf('id') },
  'GET /api/test-suites/:id/ci-runs': READ,
};

/** The suites of POST /test-cases' `test_cases[].test_suite_id`. */
function suitesOfNewTests(request: FastifyRequest): unknown {
  const tests = (request.body as Fields)?.test_cases;
  return Array.isArray(tests) ? tests.map((test) => (test as Fields)?.test_suite_id) : [];
}

/** The rule of a route, by its method and url; HEAD is GET's. */
export function ruleOf(method: string, url: string): RouteRule | undefined {
  return ROUTE_PERMISSIONS[`${method === 'HEAD' ? 'GET' : method} ${url}`];
}

/** The ids a scope names in a request: well-formed ids only (others find nothing, as the services say). */
export function idsOf(scope: Scope, request: FastifyRequest): string[] {
  const picked = scope.pick(request);
  return [picked].flat().filter((id): id is string => typeof id === 'string' && isUuid(id));
}

/** Reads roles: the organizations resources belong to, and one's membership in them. */
export class PermissionService {
  constructor(private readonly _db: Db) {}

  /** The organizations of the named resources (those that exist). */
  async organizationsOf(kind: ScopeKind, ids: string[]): Promise<string[]> {
    if (ids.length === 0) return [];
    const rows = await this._organizationQuery(kind, ids);
    return [...new Set(rows.map((row) => row.orgId))];
  }

  /** The caller's memberships in these organizations (none where they are not a member). */
  async memberships(actor: Actor, orgIds?: string[]): Promise<Membership[]> {
    if (orgIds?.length === 0) return [];
    const mine = eq(organizationMembers.userId, actor.id);
    return this._db
      .select({ role: organizationMembers.role, expert: organizationMembers.expert })
      .from(organizationMembers)
      .where(orgIds ? and(mine, inArray(organizationMembers.orgId, orgIds)) : mine);
  }

  private _organizationQuery(kind: ScopeKind, ids: string[]): Promise<{ orgId: string }[]> {
    const orgId = { orgId: testSuites.orgId };
    switch (kind) {
      case 'org':
        return Promise.resolve(ids.map((id) => ({ orgId: id })));
      case 'suite':
        return this._db.select(orgId).from(testSuites).where(inArray(testSuites.id, ids));
      case 'test':
        return this._db
          .select(orgId)
          .from(testCases)
          .innerJoin(testSuites, eq(testSuites.id, testCases.testSuiteId))
          .where(inArray(testCases.id, ids));
      case 'run':
        return this._db
          .select(orgId)
          .from(testRuns)
          .innerJoin(testCases, eq(testCases.id, testRuns.testCaseId))
          .innerJoin(testSuites, eq(testSuites.id, testCases.testSuiteId))
          .where(inArray(testRuns.id, ids));
      case 'collection':
        return this._db
          .select(orgId)
          .from(testCollections)
          .innerJoin(testSuites, eq(testSuites.id, testCollections.testSuiteId))
          .where(inArray(testCollections.id, ids));
      case 'healing':
        return this._db
          .select(orgId)
          .from(testHealings)
          .innerJoin(testCases, eq(testCases.id, testHealings.testCaseId))
          .innerJoin(testSuites, eq(testSuites.id, testCases.testSuiteId))
          .where(inArray(testHealings.id, ids));
    }
  }
}
