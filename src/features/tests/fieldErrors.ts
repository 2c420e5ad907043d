import { isApiError } from '../../api/apiError';

/**
 * The server names failing fields in details.fields (e.g. 'test_cases.0.website'); its message is
 * the first one's sentence. Returns that sentence keyed by the form's own field names.
 */
export function serverFieldErrors<Field extends string>(
  error: unknown,
  formFields: readonly Field[],
): Partial<Record<Field, string>> {
  if (!isApiError(error) || !error.serverMessage || typeof error.status !== 'number') return {};
  if (error.status !== 400 && error.status !== 409) return {};
  const fields = (error.details as { fields?: Record<string, string> } | undefined)?.fields ?? {};
  const first = Object.keys(fields)
    .map((key) => key.split('.').pop() ?? key)
    .find((key): key is Field => (formFields as readonly string[]).includes(key));
  return first ? ({ [first]: error.serverMessage } as Partial<Record<Field, string>>) : {};
}
