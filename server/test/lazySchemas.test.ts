import { type AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import { createTokenVerifier } from '../src/identity/verifier';
import { LazySchemas } from '../src/lib/lazySchemas';
import { startTestServer, type TestServer } from './helpers';

const AJV = { customOptions: { coerceTypes: false, removeAdditional: false, allErrors: true } };

/** One route with a body and a response schema, on Fastify's own compilers or on the lazy ones. */
async function appWith(schemas: LazySchemas | null, bodySchema: object): Promise<FastifyInstance> {
  const app = Fastify({
    ajv: AJV,
    ...(schemas && { schemaController: { compilersFactory: schemas.compilersFactory } }),
  });
  app.post(
    '/things',
    {
      schema: {
        body: bodySchema,
        response: {
          200: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
        },
      },
    },
    async (request) => ({ name: (request.body as { name: string }).name, secret: 'not declared' }),
  );
  await app.listen({ port: 0, host: '127.0.0.1' });
  return app;
}

/** POSTs a thing over HTTP (Fastify's inject cannot load under jest). */
async function post(app: FastifyInstance, payload: unknown): Promise<{ status: number; body: unknown }> {
  const { port } = app.server.address() as AddressInfo;
  const response = await fetch(`http://127.0.0.1:${port}/things`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(payload),
  });
  return { status: response.status, body: await response.json() };
}

const THING = {
  type: 'object',
  properties: { name: { type: 'string', minLength: 1 }, count: { type: 'integer' } },
  required: ['name'],
  additionalProperties: false,
};

describe('route schemas compiled at a route’s first call', () => {
  it('accepts, refuses and answers exactly as Fastify’s own compilers do', async () => {
    const eager = await appWith(null, THING);
    const lazy = await appWith(new LazySchemas(), THING);
    try {
      const bodies = [
        { name: 'Ada' },
        { name: '' },
        { name: 'Ada', count: '3' },
        { name: 'Ada', extra: true },
        { count: 1.5 },
      ];
      for (const payload of bodies) {
        const [a, b] = await Promise.all([eager, lazy].map((app) => post(app, payload)));
        expect({ payload, ...b }).toEqual({ payload, ...a });
      }
      // The undeclared field is left out, and a refusal names what is wrong.
      expect(await post(lazy, { name: 'Ada' })).toEqual({ status: 200, body: { name: 'Ada' } });
      const refused = await post(lazy, { name: '' });
      expect(refused.status).toBe(400);
      expect((refused.body as { message: string }).message).toMatch(
        /name must NOT have fewer than 1 characters/,
      );
    } finally {
      await eager.close();
      await lazy.close();
    }
  });

  it('compiles nothing before the first call, then only once', async () => {
    const schemas = new LazySchemas();
    // A schema ajv refuses: the start does not fail, the route's first call does; compileAll says so.
    const app = await appWith(schemas, { type: 'object', properties: { name: { type: 'no such type' } } });
    try {
      expect(() => schemas.compileAll()).toThrow(/no such type|type must be/i);
      expect((await post(app, { name: 'Ada' })).status).toBe(500);
    } finally {
      await app.close();
    }
    const fine = new LazySchemas();
    const other = await appWith(fine, THING);
    try {
      expect((await post(other, { name: 'Ada' })).status).toBe(200);
      // Both of the route's schemas were compiled by its call: none is left.
      expect(fine.compileAll()).toBe(0);
    } finally {
      await other.close();
    }
  });

  describe('the product’s routes', () => {
    let server: TestServer;
    beforeAll(async () => {
      server = await startTestServer({ roles: ['api'] });
    });
    afterAll(async () => {
      await server.close();
    });

    it('every schema compiles', async () => {
      const schemas = new LazySchemas();
      const app = await buildApp({
        config: server.config,
        database: server.database,
        services: server.services,
        verifier: createTokenVerifier(server.config, server.database.db),
        logger: false,
        schemas,
      });
      try {
        await app.ready();
        // Well over a hundred: the bodies, queries, params and responses of every route.
        expect(schemas.compileAll()).toBeGreaterThan(100);
        expect(schemas.compileAll()).toBe(0);
      } finally {
        await app.close();
      }
    });
  });
});
