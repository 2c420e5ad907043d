import { sql } from 'drizzle-orm';
import { ORGANIZATION_MESSAGES } from '../../contract/organizations';
import { deniedMessage } from '../../contract/permissions';
import { api, startTestServer, tokenFor, type TestServer } from './helpers';

interface Org {
  org_id: string;
  name: string;
  role: string;
  service_account_key: string | null;
  cj_token: string;
}
interface ErrorBody {
  error: { code: string; message: string; details?: unknown };
}

describe('organizations and team', () => {
  let server: TestServer;
  let ada: { token: string; userId: string };
  let bob: { token: string; userId: string };
  let adaOrg: Org;

  beforeAll(async () => {
    server = await startTestServer();
    ada = await tokenFor(server, { email: 'ada@example.com' });
    bob = await tokenFor(server, { email: 'bob@example.com' });
    const created = await api<Org>(server, 'POST', '/organizations', {
      token: ada.token,
      body: { name: '  Analytical Engines  ' },
    });
    expect(created.status).toBe(201);
    adaOrg = created.body;
  });
  afterAll(async () => server.close());

  it('answers 401 without a token and with a tampered one', async () => {
    expect((await api(server, 'GET', '/auth/get-user-organizations')).status).toBe(401);
    const tampered = `${ada.token.slice(0, -4)}AAAA`;
    const response = await api<ErrorBody>(server, 'GET', '/auth/get-user-organizations', { token: tampered });
    expect(response.status).toBe(401);
    expect(response.body.error.code).toBe('unauthorized');
  });

  it('rejects an expired token', async () => {
    const expired = await tokenFor(server, { email: 'old@example.com', expiresIn: -10 });
    const response = await api<ErrorBody>(server, 'GET', '/auth/get-user-organizations', {
      token: expired.token,
    });
    expect(response.status).toBe(401);
    expect(response.body.error.message).toMatch(/expired/i);
  });

  it('makes the creator the admin of a new organization with a trimmed name and a service account key', async () => {
    expect(adaOrg).toMatchObject({ name: 'Analytical Engines', role: 'admin' });
    expect(adaOrg.service_account_key).toMatch(/^pw_sak_/);
    const list = await api<Org[]>(server, 'GET', '/auth/get-user-organizations', { token: ada.token });
    expect(list.body.map((o) => o.org_id)).toEqual([adaOrg.org_id]);
  });

  it('lists no organization for a person who belongs to none', async () => {
    const list = await api<Org[]>(server, 'GET', '/auth/get-user-organizations', { token: bob.token });
    expect(list).toEqual({ status: 200, body: [] });
  });

  it('refuses a blank, missing, wrongly typed or too long organization name', async () => {
    for (const body of [{ name: '   ' }, {}, { name: 42 }, { name: 'x'.repeat(201) }]) {
      const response = await api<ErrorBody>(server, 'POST', '/organizations', { token: bob.token, body });
      expect(response.status).toBe(400);
      expect(response.body.error.message.length).toBeGreaterThan(0);
    }
  });

  it('regenerates the key for an admin only, and the old key stops matching', async () => {
    const response = await api<{ service_account_key: string }>(
      server,
      'PUT',
      `/organization/${adaOrg.org_id}/regenerate-service-account-key`,
      { token: ada.token },
    );
    expect(response.status).toBe(200);
    expect(response.body.service_account_key).not.toBe(adaOrg.service_account_key);
    expect(
      await server.services.organizations.findByServiceAccountKey(adaOrg.service_account_key!),
    ).toBeNull();
    expect(
      (await server.services.organizations.findByServiceAccountKey(response.body.service_account_key))?.id,
    ).toBe(adaOrg.org_id);
  });

  it('answers whether the caller is an admin or business developer from their roles', async () => {
    const plain = await api(server, 'GET', '/test-admin-or-biz-dev', { token: ada.token });
    expect(plain.body).toEqual({ is_admin_or_biz_dev: false });
    const bizDev = await tokenFor(server, { email: 'carol@example.com', roles: ['business_development'] });
    const privileged = await api(server, 'GET', '/test-admin-or-biz-dev', { token: bizDev.token });
    expect(privileged.body).toEqual({ is_admin_or_biz_dev: true });
  });

  describe('team', () => {
    it("validates the invitee's e-mail with SPEC's messages", async () => {
      const invalid = await api<ErrorBody>(
        server,
        'POST',
        `/organizations/${adaOrg.org_id}/add-user/not-an-email`,
        { token: ada.token },
      );
      expect(invalid.status).toBe(400);
      expect(invalid.body.error.message).toBe('Please enter a valid email address');
      const blank = await api<ErrorBody>(server, 'POST', `/organizations/${adaOrg.org_id}/add-user/%20`, {
        token: ada.token,
      });
      expect(blank.status).toBe(400);
      expect(blank.body.error.message).toBe('Email is required');
    });

    /** The one-time token of the newest invitation e-mail sent to `email`. */
    const invitationToken = async (email: string) => {
      const mail = (await server.services.mail.list(email)).find((m) => m.kind === 'invitation');
      const token = /\/invitations\/accept\?token=([A-Za-z0-9_-]+)/.exec(mail?.text ?? '')?.[1];
      if (!token) throw new Error(`No invitation link was sent to ${email}`);
      return token;
    };
    const invite = (email: string, token = ada.token) =>
      api<{ user_id: string; status: string } & ErrorBody>(
        server,
        'POST',
        `/organizations/${adaOrg.org_id}/add-user/${encodeURIComponent(email)}`,
        { token },
      );
    const accept = (invitation: string, token: string) =>
      api<Org & ErrorBody>(server, 'POST', '/invitations/accept', { token, body: { token: invitation } });

    it('invites even a known person by a one-time link, and refuses a member twice', async () => {
      const invited = await invite('BOB@example.com');
      expect(invited.status).toBe(201);
      expect(invited.body.status).toBe('invited');
      // Not a member until Bob opens the link.
      const before = await api<Org[]>(server, 'GET', '/auth/get-user-organizations', { token: bob.token });
      expect(before.body).toEqual([]);
      const mails = await server.services.mail.list('bob@example.com');
      expect(mails[0]).toMatchObject({
        kind: 'invitation',
        subject: expect.stringContaining('Analytical Engines'),
      });

      const joined = await accept(await invitationToken('bob@example.com'), bob.token);
      expect(joined.status).toBe(200);
      expect(joined.body).toMatchObject({ org_id: adaOrg.org_id, role: 'member', service_account_key: null });
      const again = await invite('bob@example.com');
      expect(again.status).toBe(409);
      expect(again.body.error.message).toBe('This user is already part of your organization');
    });

    it('lets only an admin invite', async () => {
      const byMember = await invite('gina@example.com', bob.token);
      expect(byMember.status).toBe(403);
      expect(byMember.body.error.message).toBe(deniedMessage('manageMembers', 'member'));
      expect(await server.services.mail.list('gina@example.com')).toEqual([]);
    });

    it('never makes the first person to sign up with an invited address a member by itself (issue 9)', async () => {
      const invited = await invite('dora@example.com');
      expect(invited.body.status).toBe('invited');
      const users = await api<{ email: string; role: string; status: string }[]>(
        server,
        'GET',
        `/organizations/${adaOrg.org_id}/users`,
        { token: ada.token },
      );
      expect(users.body).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ email: 'ada@example.com', role: 'admin', status: 'active' }),
          expect.objectContaining({ email: 'dora@example.com', role: 'user', status: 'invited' }),
        ]),
      );
      // Someone who signs up with the address but never saw the e-mail gets nothing.
      const squatter = await tokenFor(server, { email: 'dora@example.com' });
      const orgs = await api<Org[]>(server, 'GET', '/auth/get-user-organizations', { token: squatter.token });
      expect(orgs.body).toEqual([]);
      const team = await api(server, 'GET', `/organizations/${adaOrg.org_id}/users`, {
        token: squatter.token,
      });
      expect(team.status).toBe(404);
    });

    it('accepts a link once, only for the address it was sent to, and voids it when re-sent', async () => {
      await invite('hal@example.com');
      const first = await invitationToken('hal@example.com');
      await invite('hal@example.com');
      const second = await invitationToken('hal@example.com');
      expect(second).not.toBe(first);
      const hal = await tokenFor(server, { email: 'Hal@Example.com' });

      const stale = await accept(first, hal.token);
      expect(stale.status).toBe(404);
      expect(stale.body.error.message).toBe(
        'This invitation link is invalid, has expired or was already used',
      );
      const otherPerson = await accept(second, bob.token);
      expect(otherPerson.status).toBe(403);
      expect(otherPerson.body.error.message).toContain('sent to another e-mail address');
      const bobsOrgs = await api<Org[]>(server, 'GET', '/auth/get-user-organizations', { token: bob.token });
      expect(bobsOrgs.body.map((o) => o.org_id)).toEqual([adaOrg.org_id]);

      expect((await accept(second, hal.token)).status).toBe(200);
      expect((await accept(second, hal.token)).status).toBe(404);
      for (const bad of ['', 'x', '../../etc/passwd', 'a'.repeat(201)]) {
        const refused = await accept(bad, hal.token);
        expect(refused.status).toBeGreaterThanOrEqual(400);
        expect(refused.status).toBeLessThan(500);
      }
    });

    it('refuses an expired link', async () => {
      await invite('ivy@example.com');
      const link = await invitationToken('ivy@example.com');
      await server.database.db.execute(
        sql`update organization_invitations set expires_at = now() - interval '1 minute' where email = 'ivy@example.com'`,
      );
      const ivy = await tokenFor(server, { email: 'ivy@example.com' });
      expect((await accept(link, ivy.token)).status).toBe(404);
    });

    it('lets only an admin remove others, never the last admin, and lets a member leave', async () => {
      const eve = await tokenFor(server, { email: 'eve@example.com' });
      await invite('eve@example.com');
      expect((await accept(await invitationToken('eve@example.com'), eve.token)).status).toBe(200);

      const byMember = await api<ErrorBody>(
        server,
        'PUT',
        `/organizations/${adaOrg.org_id}/remove-user/${eve.userId}`,
        { token: bob.token },
      );
      expect(byMember.status).toBe(403);
      const lastAdmin = await api<ErrorBody>(
        server,
        'PUT',
        `/organization/${adaOrg.org_id}/remove-user/${ada.userId}`,
        { token: ada.token },
      );
      expect(lastAdmin.status).toBe(409);
      const removed = await api(server, 'PUT', `/organization/${adaOrg.org_id}/remove-user/${eve.userId}`, {
        token: ada.token,
      });
      expect(removed).toEqual({ status: 200, body: { success: true } });
      const eveOrgs = await api<Org[]>(server, 'GET', '/auth/get-user-organizations', { token: eve.token });
      expect(eveOrgs.body).toEqual([]);
      const unknown = await api<ErrorBody>(
        server,
        'PUT',
        `/organizations/${adaOrg.org_id}/remove-user/${eve.userId}`,
        { token: ada.token },
      );
      expect(unknown.status).toBe(404);
    });

    it("lets an admin change a member's role and expert right, never leaving the organization without an admin", async () => {
      const gus = await tokenFor(server, { email: 'gus@example.com' });
      await invite('gus@example.com');
      expect((await accept(await invitationToken('gus@example.com'), gus.token)).status).toBe(200);
      const change = (userId: string, body: unknown, token = ada.token) =>
        api<ErrorBody & { role: string; expert: boolean }>(
          server,
          'PATCH',
          `/organizations/${adaOrg.org_id}/users/${userId}`,
          { token, body },
        );

      const byMember = await change(gus.userId, { role: 'admin' }, gus.token);
      expect([byMember.status, byMember.body.error.message]).toEqual([
        403,
        deniedMessage('manageMembers', 'member'),
      ]);
      const expert = await change(gus.userId, { expert: true });
      expect([expert.status, expert.body.role, expert.body.expert]).toEqual([200, 'member', true]);
      const viewerExpert = await change(gus.userId, { role: 'viewer', expert: true });
      expect([viewerExpert.status, viewerExpert.body.error.message]).toEqual([
        400,
        ORGANIZATION_MESSAGES.viewerExpert,
      ]);
      // A viewer changes nothing, approvals included: the right goes with the role.
      const viewer = await change(gus.userId, { role: 'viewer' });
      expect([viewer.status, viewer.body.role, viewer.body.expert]).toEqual([200, 'viewer', false]);
      const gusOrgs = await api<Org[]>(server, 'GET', '/auth/get-user-organizations', { token: gus.token });
      expect(gusOrgs.body).toEqual([expect.objectContaining({ role: 'viewer', expert: false })]);
      expect((await change(gus.userId, {})).status).toBe(400);

      const lastAdmin = await change(ada.userId, { role: 'member' });
      expect([lastAdmin.status, lastAdmin.body.error.message]).toEqual([
        409,
        ORGANIZATION_MESSAGES.lastAdmin,
      ]);
      expect((await change(gus.userId, { role: 'admin' })).body.role).toBe('admin');
      const stepDown = await change(ada.userId, { role: 'member' });
      expect([stepDown.status, stepDown.body.role]).toEqual([200, 'member']);
      const users = await api<{ email: string; role: string; expert: boolean }[]>(
        server,
        'GET',
        `/organizations/${adaOrg.org_id}/users`,
        { token: ada.token },
      );
      expect(users.body.filter((u) => u.role === 'admin').map((u) => u.email)).toEqual(['gus@example.com']);
      expect((await change(ada.userId, { role: 'admin' }, gus.token)).body.role).toBe('admin');
      const unknown = await change(crypto.randomUUID(), { role: 'member' });
      expect(unknown.status).toBe(404);
    });

    it('removes a pending invitation by its id', async () => {
      const invited = await api<{ user_id: string }>(
        server,
        'POST',
        `/organizations/${adaOrg.org_id}/add-user/fred@example.com`,
        { token: ada.token },
      );
      const removed = await api(
        server,
        'PUT',
        `/organizations/${adaOrg.org_id}/remove-user/${invited.body.user_id}`,
        { token: ada.token },
      );
      expect(removed.status).toBe(200);
      const users = await api<{ email: string }[]>(server, 'GET', `/organizations/${adaOrg.org_id}/users`, {
        token: ada.token,
      });
      expect(users.body.map((u) => u.email)).not.toContain('fred@example.com');
    });
  });
});
