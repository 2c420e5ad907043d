import { type FastifyError, type FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError, DATABASE_UNAVAILABLE_MESSAGE, isDatabaseUnavailable } from '../errors';
import { redactUrl } from '../lib/logRedaction';

interface ErrorReply {
  error: { code: string; message: string; details?: unknown };
}

/** One mapping of errors to DESIGN §4's error body; 5xx never leak internals. */
export const errorHandler = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError | AppError | Error, request, reply) => {
    let status = 500;
    let body: ErrorReply = {
      error: { code: 'internal_error', message: 'Something went wrong on our side. Please try again later.' },
    };
    if (error instanceof AppError) {
      status = error.statusCode;
      body = {
        error: {
          code: error.code,
          message: error.message,
          ...(error.details ? { details: error.details } : {}),
        },
      };
    } else if (isDatabaseUnavailable(error)) {
      status = 503;
      body = { error: { code: 'database_unavailable', message: DATABASE_UNAVAILABLE_MESSAGE } };
    } else if ('validation' in error && error.validation) {
      status = 400;
      const fields = error.validation.map((v) => ({
        field: (
          v.instancePath ||
          (v.params as { missingProperty?: string })?.missingProperty ||
          error.validationContext ||
          ''
        )
          .replace(/^\//, '')
          .replace(/\//g, '.'),
        message: v.message ?? 'is invalid',
      }));
      body = {
        error: {
          code: 'validation_failed',
          message: `Invalid request: ${fields.map((f) => `${f.field || error.validationContext} ${f.message}`).join('; ')}`,
          details: { fields },
        },
      };
    } else if (
      'statusCode' in error &&
      typeof error.statusCode === 'number' &&
      error.statusCode >= 400 &&
      error.statusCode < 500
    ) {
      status = error.statusCode;
      body = { error: { code: (error.code ?? 'bad_request').toLowerCase(), message: error.message } };
    }
    if (status >= 500) {
      request.log.error(
        { err: error, method: request.method, url: redactUrl(request.url), params: request.params },
        'request failed',
      );
    }
    void reply.status(status).send(body);
  });

  app.setNotFoundHandler((request, reply) => {
    void reply.status(404).send({
      error: { code: 'not_found', message: `No route for ${request.method} ${request.url.split('?')[0]}` },
    });
  });
});
