import AjvCompiler from '@fastify/ajv-compiler';
import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';
import { type FastifyServerOptions } from 'fastify';

type CompilersFactory = Required<
  NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>
>;
type Validate = ((data: unknown) => unknown) & { errors?: unknown };
type Serialize = (doc: unknown) => string;
type Compiler<T> = (externalSchemas: unknown, options: unknown) => (route: unknown) => T;

/**
 * Fastify's own compilers (ajv for what comes in, fast-json-stringify for what goes out), each route's
 * schema compiled when the route is first called rather than all of them before the server listens:
 * building the app and making it ready took 0.71–1.29 s compiling them all, 0.27–0.34 s without, of
 * `npm start`'s time to ready. What a route accepts and answers is the same. A schema that cannot compile would fail its route's first call instead of the start, so
 * the suites compile every one (`compileAll`).
 */
export class LazySchemas {
  private readonly _pending = new Set<() => void>();

  readonly compilersFactory: CompilersFactory = {
    buildValidator: this._lazy(AjvCompiler() as unknown as Compiler<Validate>, (compiled) => {
      const validate: Validate = (data) => compiled()(data);
      // Fastify reads a failed validation's errors from the function it called.
      Object.defineProperty(validate, 'errors', { get: () => compiled.peek()?.errors ?? null });
      return validate;
    }) as unknown as CompilersFactory['buildValidator'],
    buildSerializer: this._lazy(
      SerializerSelector() as unknown as Compiler<Serialize>,
      (compiled) => (doc) => compiled()(doc),
    ) as unknown as CompilersFactory['buildSerializer'],
  };

  /** Compiles every schema not compiled yet; answers how many. Throws what the first that fails throws. */
  compileAll(): number {
    const pending = [...this._pending];
    for (const compile of pending) compile();
    return pending.length;
  }

  private _lazy<T>(build: Compiler<T>, wrap: (compiled: (() => T) & { peek(): T | null }) => T): Compiler<T> {
    return (externalSchemas, options) => {
      const compile = build(externalSchemas, options);
      return (route) => {
        let done: T | null = null;
        const force = () => {
          if (done === null) {
            done = compile(route);
            this._pending.delete(force);
          }
          return done;
        };
        this._pending.add(force);
        return wrap(Object.assign(force, { peek: () => done }));
      };
    };
  }
}
