import { type FastifyPluginAsyncTypebox } from '../lib/typeProvider';
import { Type } from '@sinclair/typebox';
import { IdParams, Success } from '../../../contract/common';
import {
  AcceptInvitationBody,
  AddUserParams,
  AddUserResult,
  AdminCheck,
  CreateOrganizationBody,
  Organization,
  OrganizationUser,
  RemoveUserParams,
  ServiceAccountKey,
  UpdateUserBody,
} from '../../../contract/organizations';
import { actorOf } from '../plugins/auth';
import { type Services } from '../services';

export const organizationRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (
  app,
  { services },
) => {
  const { organizations } = services;

  app.get(
    '/auth/get-user-organizations',
    { schema: { response: { 200: Type.Array(Organization) } } },
    async (request) => organizations.listForUser(actorOf(request)),
  );

  app.post(
    '/organizations',
    { schema: { body: CreateOrganizationBody, response: { 201: Organization } } },
    async (request, reply) => {
      const organization = await organizations.create(actorOf(request), request.body);
      return reply.status(201).send(organization);
    },
  );

  app.get('/test-admin-or-biz-dev', { schema: { response: { 200: AdminCheck } } }, async (request) => ({
    is_admin_or_biz_dev: organizations.isAdminOrBizDev(actorOf(request)),
  }));

  app.put(
    '/organization/:id/regenerate-service-account-key',
    { schema: { params: IdParams, response: { 200: ServiceAccountKey } } },
    async (request) => ({
      service_account_key: await organizations.regenerateServiceAccountKey(
        actorOf(request),
        request.params.id,
      ),
    }),
  );

  app.get(
    '/organizations/:id/users',
    { schema: { params: IdParams, response: { 200: Type.Array(OrganizationUser) } } },
    async (request) => organizations.listUsers(actorOf(request), request.params.id),
  );

  app.post(
    '/organizations/:id/add-user/:email',
    { schema: { params: AddUserParams, response: { 201: AddUserResult } } },
    async (request, reply) => {
      const result = await organizations.addUser(actorOf(request), request.params.id, request.params.email);
      return reply.status(201).send(result);
    },
  );

  app.post(
    '/invitations/accept',
    { schema: { body: AcceptInvitationBody, response: { 200: Organization } } },
    async (request) => organizations.acceptInvitation(actorOf(request), request.body.token),
  );

  app.patch(
    '/organizations/:id/users/:userId',
    {
      schema: {
        summary: "Change a member's role or expert right (admins; the last admin stays admin)",
        params: RemoveUserParams,
        body: UpdateUserBody,
        response: { 200: OrganizationUser },
      },
    },
    async (request) =>
      organizations.updateUser(actorOf(request), request.params.id, request.params.userId, request.body),
  );

  // SPEC §7 gives both spellings of this path.
  for (const path of ['/organization/:id/remove-user/:userId', '/organizations/:id/remove-user/:userId']) {
    app.put(path, { schema: { params: RemoveUserParams, response: { 200: Success } } }, async (request) => {
      await organizations.removeUser(actorOf(request), request.params.id, request.params.userId);
      return { success: true };
    });
  }
};
