import { number, object, string } from 'yup';
import {
  isSimpleName,
  isWebsiteUrl,
  MESSAGES,
  normalizeWebsite,
  TEST_CASE_LIMITS,
} from '../../../contract/testCases';
import { t } from '../../config/locale';

// The server checks the same rules (contract/testCases.ts); these give the sentence before a round trip.

export const testNameField = string()
  .trim()
  .required(t.tests.nameRequired)
  .max(TEST_CASE_LIMITS.name, t.validation.maxLength(TEST_CASE_LIMITS.name));

// NOTE: the transform makes validation and cast() see the URL that will be saved ('localhost:3112' → 'http://…').
export const websiteField = string()
  .transform((value: unknown) => (typeof value === 'string' ? normalizeWebsite(value) : value))
  .required(t.tests.websiteRequired)
  .test('website', MESSAGES.invalidUrl, (value) => !value || isWebsiteUrl(value));

export const folderNameField = string()
  .trim()
  .required(t.tests.folderNameRequired)
  .max(TEST_CASE_LIMITS.folderName, t.validation.maxLength(TEST_CASE_LIMITS.folderName))
  .test('folder-name', MESSAGES.folderName, (value) => !value || isSimpleName(value));

export const variableNameField = string()
  .trim()
  .required(t.tests.variableNameRequired)
  .max(TEST_CASE_LIMITS.variableName, t.validation.maxLength(TEST_CASE_LIMITS.variableName))
  .test('variable-name', MESSAGES.variableName, (value) => !value || isSimpleName(value));

export const variableValueField = string().max(
  TEST_CASE_LIMITS.variableValue,
  t.validation.maxLength(TEST_CASE_LIMITS.variableValue),
);

export const createTestSchema = object({
  name: testNameField,
  website: websiteField,
  description: string().max(
    TEST_CASE_LIMITS.description,
    t.validation.maxLength(TEST_CASE_LIMITS.description),
  ),
});

export const folderNameSchema = object({ name: folderNameField });
export const testNameSchema = object({ name: testNameField });
export const websiteSchema = object({ website: websiteField });
export const variableSchema = object({ name: variableNameField, value: variableValueField });
export const variableValueSchema = object({ value: variableValueField });

/** "Will be saved as http://localhost:3112" while what was typed differs from what will be saved. */
export function websiteHint(value: string): string | undefined {
  const normalized = normalizeWebsite(value);
  return normalized !== value.trim() ? t.tests.websiteSavedAs(normalized) : undefined;
}

/** A viewport side as the server checks it: whole pixels within LIMITS, same sentence. */
function viewportSide(label: string, max: number) {
  const sentence = `${label} must be between ${TEST_CASE_LIMITS.viewportMin} and ${max} pixels`;
  return number()
    .typeError(sentence)
    .required(sentence)
    .integer(sentence)
    .min(TEST_CASE_LIMITS.viewportMin, sentence)
    .max(max, sentence);
}

/** Per-test browser settings: viewport and user agent (blank: the browser's own). */
export const browserSettingsSchema = object({
  viewportWidth: viewportSide('Viewport width', TEST_CASE_LIMITS.viewportWidthMax),
  viewportHeight: viewportSide('Viewport height', TEST_CASE_LIMITS.viewportHeightMax),
  userAgent: string()
    .trim()
    .max(TEST_CASE_LIMITS.userAgent, `User agents must be at most ${TEST_CASE_LIMITS.userAgent} characters`),
});
