import { type FastifyInstance, type FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { UnauthorizedError } from '../errors';
import { type AccessClaims, type TokenVerifier } from '../identity/verifier';
import { type Actor, SERVICE_ACCOUNT_ACTOR_ID } from '../services/actor';
import { type UserDirectory } from '../services/users';
import { ForbiddenError } from '../errors';

/** What an organization's service account key (`pw_sak_…`) may call: run a collection and read how it went. */
export const SERVICE_ACCOUNT_ROUTES = new Set([
  'POST /api/test-suites/collection/:collectionId/run-all',
  'GET /api/test-suites/collection/:id',
  'POST /api/test-suites/collection/:id/cancel',
]);

const SERVICE_ACCOUNT_KEY_PREFIX = 'pw_sak_';

/** Finds the organization a service account key belongs to (by its hash); null for an unknown or old key. */
export interface ServiceAccountKeys {
  findByServiceAccountKey(key: string): Promise<{ id: string } | null>;
}

declare module 'fastify' {
  interface FastifyRequest {
    actor: Actor | null;
  }
  interface FastifyInstance {
    /** onRequest hook: resolves the bearer token into request.actor or answers 401. */
    authenticate(request: FastifyRequest): Promise<void>;
  }
}

export function actorFromClaims(claims: AccessClaims): Actor {
  // NOTE: roles come from app_metadata only: people can write their own user_metadata.
  const roles = (Array.isArray(claims.app_metadata?.roles) ? claims.app_metadata.roles : []).filter(
    (role): role is string => typeof role === 'string',
  );
  const signIn = claims.amr?.map((entry) => entry.timestamp).filter((t) => typeof t === 'number');
  return {
    id: claims.sub,
    email: claims.email ?? '',
    roles,
    signedInAt: signIn && signIn.length > 0 ? new Date(Math.max(...signIn) * 1000) : null,
  };
}

export const authPlugin = fp<{ verifier: TokenVerifier; users: UserDirectory; keys: ServiceAccountKeys }>(
  async (app: FastifyInstance, { verifier, users, keys }) => {
    app.decorateRequest('actor', null);
    app.decorate('authenticate', async (request: FastifyRequest) => {
      const header = request.headers.authorization;
      const token = header?.startsWith('Bearer ') ? header.slice('Bearer '.length).trim() : null;
      const apiKey = request.headers['x-api-key'];
      if (typeof apiKey === 'string' || token?.startsWith(SERVICE_ACCOUNT_KEY_PREFIX)) {
        request.actor = await serviceAccount(
          request,
          keys,
          typeof apiKey === 'string' ? apiKey.trim() : token!,
        );
        return;
      }
      if (apiKey !== undefined) throw new UnauthorizedError('Give one X-Api-Key header');
      if (!token) throw new UnauthorizedError('Sign in to continue: the request has no access token');
      const claims = await verifier.verify(token);
      if (claims.role && claims.role !== 'authenticated')
        throw new UnauthorizedError('This token is not a signed-in user');
      const actor = actorFromClaims(claims);
      await users.ensure(actor);
      request.actor = actor;
    });
  },
);

/**
 * A CI pipeline's call: the key names its organization, and the route must be one a pipeline needs.
 * The lookup is by the key's hash on every call, so a regenerated key stops working at once.
 */
async function serviceAccount(
  request: FastifyRequest,
  keys: ServiceAccountKeys,
  key: string,
): Promise<Actor> {
  const organization =
    key.startsWith(SERVICE_ACCOUNT_KEY_PREFIX) && key.length <= 200
      ? await keys.findByServiceAccountKey(key)
      : null;
  if (!organization)
    throw new UnauthorizedError(
      'This service account key is not valid: it may have been regenerated. Copy the current one from Settings.',
    );
  if (!SERVICE_ACCOUNT_ROUTES.has(`${request.method} ${request.routeOptions.url ?? ''}`))
    throw new ForbiddenError('A service account key can only run collections and read their results');
  return {
    id: SERVICE_ACCOUNT_ACTOR_ID,
    email: 'the CI service account',
    roles: [],
    signedInAt: null,
    serviceAccountOrgId: organization.id,
  };
}

/** The caller of an authenticated route. */
export function actorOf(request: FastifyRequest): Actor {
  if (!request.actor) throw new UnauthorizedError('Sign in to continue');
  return request.actor;
}
