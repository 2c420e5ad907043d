export class AppError extends Error {
  override name = this.constructor.name;
  readonly statusCode: number = 500;
  readonly code: string = 'internal_error';
  constructor(
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
  }
}

export class ValidationError extends AppError {
  override readonly statusCode = 400;
  override readonly code = 'validation_failed';
}

export class UnauthorizedError extends AppError {
  override readonly statusCode = 401;
  override readonly code = 'unauthorized';
}

export class ForbiddenError extends AppError {
  override readonly statusCode = 403;
  override readonly code = 'forbidden';
}

export class NotFoundError extends AppError {
  override readonly statusCode = 404;
  override readonly code = 'not_found';
}

export class ConflictError extends AppError {
  override readonly statusCode = 409;
  override readonly code = 'conflict';
}

export class UnprocessableError extends AppError {
  override readonly statusCode = 422;
  override readonly code = 'unprocessable';
}

export class TooManyRequestsError extends AppError {
  override readonly statusCode = 429;
  override readonly code = 'too_many_requests';
}

export function serializeError(error: unknown): { name: string; message: string; stack?: string } {
  if (error instanceof Error) return { name: error.name, message: error.message, stack: error.stack };
  return { name: 'Error', message: String(error) };
}

/** Error codes of a database that cannot be reached: down, restarting, or shutting down. */
const UNREACHABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ENOENT', 'EPIPE', '57P01', '57P03']);
const UNREACHABLE_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Client was closed/;

/** Whether an error (or one it wraps, as drizzle does) says the database cannot be reached right now. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let cause = error, depth = 0; cause instanceof Error && depth < 5; depth++) {
    const code = (cause as { code?: unknown }).code;
    if (typeof code === 'string' && UNREACHABLE_CODES.has(code)) return true;
    if (UNREACHABLE_MESSAGES.test(cause.message)) return true;
    cause = cause.cause;
  }
  return false;
}

export const DATABASE_UNAVAILABLE_MESSAGE =
  'The database cannot be reached right now (it may be restarting); please try again in a moment.';
