import {
  type FastifyPluginAsync,
  type FastifyTypeProvider,
  type RawServerDefault,
  type FastifyPluginOptions,
} from 'fastify';
import { type Static, type TSchema } from '@sinclair/typebox';

/**
 * Fastify's type provider for the contract's schemas, read with the TypeBox the contract is written in.
 * NOTE: @fastify/type-provider-typebox (no longer a dependency) read them with `typebox` 1.x, whose Static is a deep
 * conditional type: relating it to the handlers' results took the typecheck about 12 s more.
 */
export interface TypeBoxTypeProvider extends FastifyTypeProvider {
  validator: this['schema'] extends TSchema ? Static<this['schema']> : unknown;
  serializer: this['schema'] extends TSchema ? Static<this['schema']> : unknown;
}

/** A route plugin typed by its schemas. */
export type FastifyPluginAsyncTypebox<Options extends FastifyPluginOptions = Record<never, never>> =
  FastifyPluginAsync<Options, RawServerDefault, TypeBoxTypeProvider>;
