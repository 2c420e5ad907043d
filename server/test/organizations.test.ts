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

    it('adds a known person at once, and refuses to add them twice', async () => {
      const added = await api<{ user_id: string; status: string }>(
        server,
        'POST',
        `/organizations/${adaOrg.org_id}/add-user/BOB@example.com`,
        { token: ada.token },
      );
      expect(added).toEqual({ status: 201, body: { user_id: bob.userId, status: 'active' } });
      const again = await api<ErrorBody>(
        server,
        'POST',
        `/organizations/${adaOrg.org_id}/add-user/bob@example.com`,
        { token: ada.token },
      );
      expect(again.status).toBe(409);
      expect(again.body.error.message).toBe('This user is already part of your organization');
      const bobsOrgs = await api<Org[]>(server, 'GET', '/auth/get-user-organizations', { token: bob.token });
      expect(bobsOrgs.body).toEqual([
        expect.objectContaining({ org_id: adaOrg.org_id, role: 'member', service_account_key: null }),
      ]);
      const mails = await server.services.mail.list('bob@example.com');
      expect(mails[0]).toMatchObject({
        kind: 'invitation',
        subject: expect.stringContaining('Analytical Engines'),
      });
    });

    it('invites an unknown e-mail, shows them as an invited user, and makes them a member when they sign in', async () => {
      const invited = await api<{ user_id: string; status: string }>(
        server,
        'POST',
        `/organizations/${adaOrg.org_id}/add-user/dora@example.com`,
        { token: ada.token },
      );
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
      const mail = (await server.services.mail.list('dora@example.com'))[0];
      expect(mail.text).toContain(`${server.url}/auth/register?email=dora%40example.com`);
      const dora = await tokenFor(server, { email: 'dora@example.com' });
      const orgs = await api<Org[]>(server, 'GET', '/auth/get-user-organizations', { token: dora.token });
      expect(orgs.body.map((o) => o.org_id)).toEqual([adaOrg.org_id]);
    });

    it('lets only an admin remove others, never the last admin, and lets a member leave', async () => {
      const eve = await tokenFor(server, { email: 'eve@example.com' });
      await api(server, 'GET', '/auth/get-user-organizations', { token: eve.token });
      await api(server, 'POST', `/organizations/${adaOrg.org_id}/add-user/eve@example.com`, {
        token: ada.token,
      });

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
