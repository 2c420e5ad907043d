import { t } from '../config/locale';

export type ApiErrorStatus = number | 'FETCH_ERROR' | 'TIMEOUT_ERROR' | 'VALIDATION_ERROR' | 'CUSTOM_ERROR';

/** The one error shape every endpoint rejects with: a catalogue text (SPEC §8) plus the server's own words. */
export interface ApiError {
  status: ApiErrorStatus;
  message: string;
  serverMessage?: string;
  code?: string;
  details?: unknown;
}

export function httpErrorMessage(status: number): string {
  if (status === 401) return t.http.unauthorized;
  if (status === 403) return t.http.forbidden;
  if (status === 404) return t.http.notFound;
  if (status >= 500) return t.http.server;
  return t.http.other(status);
}

export function validationError(message: string): { error: ApiError } {
  return { error: { status: 'VALIDATION_ERROR', message } };
}

export function isApiError(value: unknown): value is ApiError {
  return typeof value === 'object' && value !== null && 'status' in value && 'message' in value;
}

/**
 * SPEC §8's form for a failure with its reason: 'Failed to <action>: <reason or Unknown error>'.
 * `failure` is the catalogue text ('Failed to create test run', '… Please try again.' dropped).
 */
export function failedBecause(failure: string, reason?: string | null): string {
  const action = failure.replace(/\s*Please try again\.$/, '').replace(/\.$/, '');
  return `${action}: ${reason?.trim() || t.http.unknownError}`;
}

/**
 * A failed call in SPEC §8's 'Failed to <action>: <reason or Unknown error>' form: the reason is the
 * catalogue's text for what happened (never a server's internal words for a 5xx).
 */
export function failureWithReason(error: unknown, failure: string): string {
  if (!isApiError(error)) return failedBecause(failure, null);
  if (isUnreachable(error)) return failedBecause(failure, t.http.unreachable);
  return failedBecause(failure, describeError(error, error.message));
}

/** No answer at all: the server is down, or the network between is. */
export function isUnreachable(error: unknown): boolean {
  return isApiError(error) && (error.status === 'FETCH_ERROR' || error.status === 'TIMEOUT_ERROR');
}

/**
 * What a person should read about a failed call: the server's own sentence for a 4xx it explained
 * ('This user is already part of your organization'), a client-side validation text, that the server
 * cannot be reached when no answer came (issue 28), else the caller's text.
 */
export function describeError(error: unknown, fallback: string): string {
  if (!isApiError(error)) return fallback;
  if (error.status === 'VALIDATION_ERROR') return error.message;
  if (isUnreachable(error)) return failedBecause(fallback, t.http.unreachable);
  const explainedClientError =
    typeof error.status === 'number' && error.status >= 400 && error.status < 500 && error.status !== 401;
  return explainedClientError && error.serverMessage ? error.serverMessage : fallback;
}

/** The message an error carries, for errors already translated into locale text (identity calls). */
export function errorMessage(error: unknown, fallback: string): string {
  return isApiError(error) && error.message ? error.message : fallback;
}
