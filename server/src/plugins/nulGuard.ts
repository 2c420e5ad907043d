import { type FastifyInstance, type FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../errors';

export class InvalidCharacterError extends AppError {
  override readonly statusCode = 400;
  override readonly code = 'invalid_character';
}

/**
 * U+0000 in any string of a request is a 400: Postgres can't store it in text or jsonb, so it would
 * otherwise reach the database and fail there as a 500. Checked once for every route, before validation.
 * NOTE: headers need no check: Node's HTTP parser already refuses a NUL in a header with a 400.
 */
export const nulGuard = fp(
  async (app: FastifyInstance) => {
    app.addHook('preValidation', async (request: FastifyRequest) => {
      const where =
        findNul(request.params, 'path') ?? findNul(request.query, 'query') ?? findNul(request.body, 'body');
      if (where)
        throw new InvalidCharacterError(
          `Text may not contain the NUL character (U+0000): remove it from ${where}.`,
          {
            fields: { [where]: 'invalid_character' },
          },
        );
    });
  },
  { name: 'nul-guard' },
);

/** The dotted path of a string or key holding U+0000, or null. */
function findNul(root: unknown, rootPath: string): string | null {
  // NOTE: a loop, not recursion: a megabyte of nested arrays must not overflow the stack. Paths are
  // joined only for containers and the culprit, not for each of a large array's items.
  const pending: [unknown, string, string | number | null][] = [[root, rootPath, null]];
  while (pending.length > 0) {
    const [value, parent, key] = pending.pop()!;
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return key === null ? parent : `${parent}.${key}`;
      continue;
    }
    const at = key === null ? parent : `${parent}.${key}`;
    if (Array.isArray(value)) {
      value.forEach((item, index) => pending.push([item, at, index]));
    } else if (isRecord(value)) {
      for (const [name, child] of Object.entries(value)) {
        if (name.includes('\u0000')) return `${at}.${name.replaceAll('\u0000', '\\u0000')}`;
        pending.push([child, at, name]);
      }
    }
  }
  return null;
}

/** Parsed JSON, query strings and path parameters; not the Buffers or streams a route may take as they are. */
function isRecord(value: unknown): value is Record<string, unknown> {
  if (!value || typeof value !== 'object') return false;
  // NOTE: the query string and path parameters come in objects of their own prototype (for speed).
  return !ArrayBuffer.isView(value) && typeof (value as { pipe?: unknown }).pipe !== 'function';
}
