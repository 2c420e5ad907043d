import { type FastifyInstance, type FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ForbiddenError } from '../errors';
import {
  MEMBER_ROLES,
  PERMISSIONS,
  deniedMessage,
  mayDo,
  whoMay,
  type PermissionAction,
} from '../../../contract/permissions';
import { idsOf, ruleOf, type PermissionService } from '../services/permissions';
import { actorOf } from './auth';

/**
 * Every authenticated route goes through the permission table (issue 27, docs/permissions.md):
 * a route without a line stops the server as it starts, and a call whose action the caller's role in
 * the named resources' organization lacks answers 403 with who may do it. Resources the caller can't
 * reach at all are left to the services, which answer 404 as before: a 403 would tell they exist.
 */
export const permissionsPlugin = fp<{ permissions: PermissionService }>(
  async (app: FastifyInstance, { permissions }) => {
    app.addHook('onRoute', (route) => {
      for (const method of [route.method].flat())
        if (!ruleOf(method, route.url))
          throw new Error(
            `${method} ${route.url} has no line in ROUTE_PERMISSIONS (server/src/services/permissions.ts)`,
          );
    });

    app.addHook('preHandler', async (request: FastifyRequest) => {
      const rule = ruleOf(request.method, request.routeOptions.url ?? '');
      if (!rule || 'signedIn' in rule) return;
      const actor = actorOf(request);
      // A CI key reaches SERVICE_ACCOUNT_ROUTES only (plugins/auth.ts), each one runTests or read.
      if (actor.serviceAccountOrgId) return;
      const action = typeof rule.action === 'function' ? rule.action(request) : rule.action;
      // Reads need no look-up: membership itself is the services' check.
      if (MEMBER_ROLES.every((role) => mayDo({ role, expert: false }, action))) return;

      if (!rule.scopes) {
        // A call that names nothing (a 400 from the service): refused only if no membership could do it.
        const all = await permissions.memberships(actor);
        if (all.length > 0 && !all.some((membership) => mayDo(membership, action)))
          throw refusal(action, all[0].role);
        return;
      }
      const organizations = new Set<string>();
      for (const scope of rule.scopes)
        for (const id of await permissions.organizationsOf(scope.kind, idsOf(scope, request)))
          organizations.add(id);
      const memberships = await permissions.memberships(actor, [...organizations]);
      const lacking = memberships.find((membership) => !mayDo(membership, action));
      if (lacking) throw refusal(action, lacking.role);
    });
  },
  { name: 'permissions' },
);

function refusal(action: PermissionAction, role: (typeof MEMBER_ROLES)[number]): ForbiddenError {
  const permission = PERMISSIONS[action] as { roles: readonly string[]; expert?: true };
  return new ForbiddenError(deniedMessage(action, role), {
    action,
    roles: permission.roles,
    expert: permission.expert ?? false,
    needed: whoMay(action),
  });
}
