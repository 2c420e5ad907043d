import { http, HttpResponse } from 'msw';
import { ORGANIZATION_MESSAGES } from '../../../contract/organizations';
import { deniedMessage, mayDo } from '../../../contract/permissions';
import { addMembership, db, newId, type DbMembership, type DbOrganization, type DbUser } from './db';
import { userFromRequest } from './identity';

// The API contract of issue 3 (snake_case JSON, errors as {error:{code,message}}), served from the in-memory db.
const API = '/api';

export function apiError(status: number, code: string, message: string) {
  return HttpResponse.json({ error: { code, message } }, { status });
}

const unauthorized = () => apiError(401, 'unauthorized', 'Missing or invalid access token');
const notFound = (message = 'Not found') => apiError(404, 'not_found', message);

function membershipOf(user: DbUser, orgId: string) {
  return db.memberships.find((m) => m.org_id === orgId && m.user_id === user.id && m.status === 'active');
}

function organizationJson(organization: DbOrganization, role: DbMembership['role'], expert = false) {
  return {
    ...organization,
    service_account_key: role === 'admin' ? organization.service_account_key : null,
    organization_settings: {},
    role,
    expert,
  };
}

function organizationUserJson(m: DbMembership) {
  return {
    id: m.user_id,
    email: m.email,
    role: m.status === 'invited' ? 'user' : m.role,
    expert: m.expert ?? false,
    status: m.status,
    created_at: m.created_at,
    last_sign_in_at: db.users.find(({ id }) => id === m.user_id)?.lastSignInAt ?? null,
  };
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const apiHandlers = [
  http.get(`${API}/config`, () =>
    HttpResponse.json({
      supabase_url: `${location.origin}/idp`,
      supabase_anon_key: 'anon-key',
      version: '0.2.8',
    }),
  ),

  http.get(`${API}/auth/get-user-organizations`, ({ request }) => {
    const user = userFromRequest(request);
    if (!user) return unauthorized();
    const organizations = db.memberships
      .filter((m) => m.user_id === user.id && m.status === 'active')
      .map((m) => ({ organization: db.organizations.find((o) => o.org_id === m.org_id), membership: m }))
      .filter((entry): entry is { organization: DbOrganization; membership: DbMembership } =>
        Boolean(entry.organization),
      )
      .map(({ organization, membership }) =>
        organizationJson(organization, membership.role, membership.expert),
      );
    return HttpResponse.json(organizations);
  }),

  http.post(`${API}/organizations`, async ({ request }) => {
    const user = userFromRequest(request);
    if (!user) return unauthorized();
    const { name } = (await request.json()) as { name?: string };
    if (!name?.trim()) return apiError(400, 'validation_failed', 'Organization name is required');
    const organization: DbOrganization = {
      org_id: newId('org'),
      name: name.trim(),
      created_at: new Date().toISOString(),
      cj_token: null,
      service_account_key: newId('sak'),
    };
    db.organizations.push(organization);
    addMembership(organization.org_id, user, 'admin');
    return HttpResponse.json(organizationJson(organization, 'admin'), { status: 201 });
  }),

  http.get(`${API}/test-admin-or-biz-dev`, ({ request }) =>
    userFromRequest(request) ? HttpResponse.json({ is_admin_or_biz_dev: false }) : unauthorized(),
  ),

  http.put(`${API}/organization/:id/regenerate-service-account-key`, ({ request, params }) => {
    const user = userFromRequest(request);
    if (!user) return unauthorized();
    const organization = db.organizations.find((o) => o.org_id === params.id);
    const membership = organization && membershipOf(user, organization.org_id);
    if (!organization || !membership) return notFound();
    if (membership.role !== 'admin') return apiError(403, 'forbidden', 'Only admins can regenerate the key');
    organization.service_account_key = newId('sak');
    return HttpResponse.json({ service_account_key: organization.service_account_key });
  }),

  http.get(`${API}/organizations/:id/users`, ({ request, params }) => {
    const user = userFromRequest(request);
    if (!user) return unauthorized();
    if (!membershipOf(user, String(params.id))) return notFound();
    const users = db.memberships.filter((m) => m.org_id === params.id).map(organizationUserJson);
    return HttpResponse.json(users);
  }),

  // Issue 27: admins change roles and the expert right; the last admin stays one.
  http.patch(`${API}/organizations/:id/users/:userId`, async ({ request, params }) => {
    const user = userFromRequest(request);
    if (!user) return unauthorized();
    const membership = membershipOf(user, String(params.id));
    if (!membership) return notFound();
    if (!mayDo({ role: membership.role, expert: membership.expert ?? false }, 'manageMembers'))
      return apiError(403, 'forbidden', deniedMessage('manageMembers', membership.role));
    const { role, expert } = (await request.json()) as { role?: DbMembership['role']; expert?: boolean };
    const target = db.memberships.find(
      (m) => m.org_id === params.id && m.user_id === params.userId && m.status === 'active',
    );
    if (!target) return notFound('User not found in this organization');
    if ((role ?? target.role) === 'viewer' && expert)
      return apiError(400, 'validation_failed', ORGANIZATION_MESSAGES.viewerExpert);
    const admins = db.memberships.filter((m) => m.org_id === params.id && m.role === 'admin');
    if (target.role === 'admin' && role && role !== 'admin' && admins.length <= 1)
      return apiError(409, 'conflict', ORGANIZATION_MESSAGES.lastAdmin);
    target.role = role ?? target.role;
    target.expert = target.role === 'viewer' ? false : (expert ?? target.expert ?? false);
    return HttpResponse.json(organizationUserJson(target));
  }),

  http.post(`${API}/organizations/:id/add-user/:email`, ({ request, params }) => {
    const user = userFromRequest(request);
    if (!user) return unauthorized();
    const orgId = String(params.id);
    if (!membershipOf(user, orgId)) return notFound();
    const email = decodeURIComponent(String(params.email)).toLowerCase();
    if (!EMAIL.test(email)) return apiError(400, 'invalid_email', 'Please enter a valid email address');
    if (db.memberships.some((m) => m.org_id === orgId && m.email === email)) {
      return apiError(409, 'already_member', 'This user is already part of your organization');
    }
    // Everyone joins through the invitation link, even people who already have an account (issue 9).
    const membership = addMembership(orgId, { id: newId('user'), email }, 'member', 'invited');
    return HttpResponse.json({ user_id: membership.user_id, status: membership.status });
  }),

  // The mock's one-time token is `invitation-<org id>`, accepted by the person it was sent to.
  http.post(`${API}/invitations/accept`, async ({ request }) => {
    const user = userFromRequest(request);
    if (!user) return unauthorized();
    const { token } = (await request.json()) as { token?: string };
    const orgId = token?.replace(/^invitation-/, '');
    const invitation = db.memberships.find((m) => m.org_id === orgId && m.status === 'invited');
    const organization = db.organizations.find((o) => o.org_id === orgId);
    if (!invitation || !organization)
      return notFound('This invitation link is invalid, has expired or was already used');
    if (invitation.email !== user.email)
      return apiError(
        403,
        'forbidden',
        'This invitation was sent to another e-mail address: sign in with that address to accept it',
      );
    Object.assign(invitation, { user_id: user.id, status: 'active' });
    return HttpResponse.json(organizationJson(organization, 'member'));
  }),

  http.put(`${API}/organizations/:id/remove-user/:userId`, ({ request, params }) => {
    const user = userFromRequest(request);
    if (!user) return unauthorized();
    if (!membershipOf(user, String(params.id))) return notFound();
    const before = db.memberships.length;
    db.memberships = db.memberships.filter((m) => !(m.org_id === params.id && m.user_id === params.userId));
    return before === db.memberships.length
      ? notFound('User not found')
      : HttpResponse.json({ success: true });
  }),

  http.get(`${API}/organizations/:orgId/test-suites`, ({ request, params }) => {
    const user = userFromRequest(request);
    if (!user) return unauthorized();
    if (!membershipOf(user, String(params.orgId))) return notFound();
    return HttpResponse.json(db.suites.filter((s) => s.org_id === params.orgId));
  }),

  http.post(`${API}/test-suites`, async ({ request }) => {
    const user = userFromRequest(request);
    if (!user) return unauthorized();
    const { name, org_id: orgId } = (await request.json()) as { name?: string; org_id?: string };
    if (!name?.trim() || !orgId)
      return apiError(400, 'validation_failed', 'Name and organization ID are required');
    if (!membershipOf(user, orgId)) return notFound();
    const suite = {
      test_suite_id: newId('suite'),
      name: name.trim(),
      org_id: orgId,
      created_at: new Date().toISOString(),
    };
    db.suites.push(suite);
    return HttpResponse.json({ test_suite_id: suite.test_suite_id }, { status: 201 });
  }),

  http.put(`${API}/test-suites/:id/rename`, ({ request, params }) => {
    const user = userFromRequest(request);
    if (!user) return unauthorized();
    const suite = db.suites.find((s) => s.test_suite_id === params.id);
    if (!suite || !membershipOf(user, suite.org_id)) return notFound('Test suite not found');
    const newName = new URL(request.url).searchParams.get('new_name')?.trim();
    if (!newName) return apiError(400, 'validation_failed', 'Test suite ID and new name are required');
    suite.name = newName;
    return HttpResponse.json(suite);
  }),

  http.delete(`${API}/test-suites/:id`, ({ request, params }) => {
    const user = userFromRequest(request);
    if (!user) return unauthorized();
    const suite = db.suites.find((s) => s.test_suite_id === params.id);
    if (!suite || !membershipOf(user, suite.org_id)) return notFound('Test suite not found');
    db.suites = db.suites.filter((s) => s !== suite);
    return new HttpResponse(null, { status: 204 });
  }),

  http.get(`${API}/browser-states/:suiteId`, ({ request }) =>
    userFromRequest(request) ? HttpResponse.json([]) : unauthorized(),
  ),
];
