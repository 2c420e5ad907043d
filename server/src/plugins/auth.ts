import { type FastifyInstance, type FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { UnauthorizedError } from '../errors';
import { type AccessClaims, type TokenVerifier } from '../identity/verifier';
import { type Actor } from '../services/actor';
import { type UserDirectory } from '../services/users';

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

export const authPlugin = fp<{ verifier: TokenVerifier; users: UserDirectory }>(
  async (app: FastifyInstance, { verifier, users }) => {
    app.decorateRequest('actor', null);
    app.decorate('authenticate', async (request: FastifyRequest) => {
      const header = request.headers.authorization;
      const token = header?.startsWith('Bearer ') ? header.slice('Bearer '.length).trim() : null;
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

/** The caller of an authenticated route. */
export function actorOf(request: FastifyRequest): Actor {
  if (!request.actor) throw new UnauthorizedError('Sign in to continue');
  return request.actor;
}
