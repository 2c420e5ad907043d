import { isApiError } from '../../api/apiError';
import type { ModuleLink, UnsafeCodeDetail } from './types';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

const isUnsafeDetail = (value: unknown): value is UnsafeCodeDetail =>
  isRecord(value) && typeof value.line === 'number' && typeof value.reason === 'string';

/** The array `details` holds, directly or under one of the keys a server may use. */
function listIn(details: unknown, keys: readonly string[]): unknown[] {
  if (Array.isArray(details)) return details;
  if (!isRecord(details)) return [];
  for (const key of keys) if (Array.isArray(details[key])) return details[key] as unknown[];
  return [];
}

/** The refused lines of a script the server called unsafe (400 with UnsafeCodeDetail[] as details). */
export function unsafeDetailsOf(error: unknown): UnsafeCodeDetail[] {
  if (!isApiError(error) || error.status !== 400) return [];
  return listIn(error.details, ['unsafe', 'errors', 'details'])
    .filter(isUnsafeDetail)
    .map((detail) => ({
      line: detail.line,
      column: typeof detail.column === 'number' ? detail.column : 0,
      code: typeof detail.code === 'string' ? detail.code : '',
      reason: detail.reason,
    }));
}

/** The tests named by a delete refused because the module is in use (409), when the server lists them. */
export function inUseTestsOf(error: unknown): Pick<ModuleLink, '_id' | 'name'>[] {
  if (!isApiError(error) || error.status !== 409) return [];
  return listIn(error.details, ['linked_test_cases', 'tests', 'test_cases'])
    .filter(
      (test): test is { _id?: unknown; id?: unknown; name: string } =>
        isRecord(test) && typeof test.name === 'string',
    )
    .map((test) => ({ _id: String(test._id ?? test.id ?? test.name), name: test.name }));
}

export const isConflict = (error: unknown) => isApiError(error) && error.status === 409;
export const isForbidden = (error: unknown) => isApiError(error) && error.status === 403;
