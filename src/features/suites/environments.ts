import { boolean, object, string } from 'yup';
import { ENVIRONMENT_LIMITS as LIMITS, environmentOrigin } from '../../../contract/environments';
import { isSimpleName } from '../../../contract/testCases';

// What the environments section says (issue 33); the server's 400s say the same of the same fields.
export const environmentMessages = {
  nameRequired: 'Enter a name for the environment',
  nameTooLong: `Environment names must be at most ${LIMITS.name} characters`,
  nameTaken: 'An environment with this name already exists in this project',
  baseUrlRequired: 'Enter the base URL of the environment',
  baseUrlInvalid: 'The base URL must be an http:// or https:// address',
  baseUrlTooLong: `Base URLs must be at most ${LIMITS.baseUrl} characters`,
  linesInvalid: `Write one NAME=value a line; names are letters, numbers or underscores (at most ${LIMITS.entries} lines)`,
  fetchFailed: 'Failed to fetch environments. Please try again.',
  saveFailed: 'Failed to save the environment. Please try again.',
  deleteFailed: 'Failed to delete the environment. Please try again.',
  created: 'Environment created',
  updated: 'Environment updated',
  deleted: 'Environment deleted',
  secretsHelp:
    'NAME=value a line: replaces the secret of that name for runs on this environment. Stored values are never shown.',
  variablesHelp: "NAME=value a line: runs on this environment use these before the test's own values.",
} as const;

/** `NAME=value` lines as a record, or null when a line is not one (or there are too many). */
export function parseLines(text: string): Record<string, string> | null {
  const lines = text.split('\n').filter((line) => line.trim());
  if (lines.length > LIMITS.entries) return null;
  const entries: [string, string][] = [];
  for (const line of lines) {
    const at = line.indexOf('=');
    if (at < 0) return null;
    const name = line.slice(0, at).trim();
    const value = line.slice(at + 1);
    if (!isSimpleName(name) || name.length > LIMITS.key || value.length > LIMITS.value) return null;
    entries.push([name, value]);
  }
  return Object.fromEntries(entries);
}

export const formatLines = (values: Record<string, string>) =>
  Object.entries(values)
    .map(([name, value]) => `${name}=${value}`)
    .join('\n');

export const environmentSchema = object({
  name: string()
    .trim()
    .required(environmentMessages.nameRequired)
    .max(LIMITS.name, environmentMessages.nameTooLong),
  baseUrl: string()
    .trim()
    .required(environmentMessages.baseUrlRequired)
    .max(LIMITS.baseUrl, environmentMessages.baseUrlTooLong)
    .test('http', environmentMessages.baseUrlInvalid, (value) => !value || environmentOrigin(value) !== null),
  variables: string()
    .default('')
    .test('lines', environmentMessages.linesInvalid, (value) => parseLines(value ?? '') !== null),
  secrets: string()
    .default('')
    .test('lines', environmentMessages.linesInvalid, (value) => {
      const parsed = parseLines(value ?? '');
      return parsed !== null && Object.values(parsed).every(Boolean);
    }),
  isDefault: boolean().default(false),
});
