import { object, string } from 'yup';
import { RUN_LIMITS } from '../../../contract/runs';
import { isWebsiteUrl, normalizeWebsite } from '../../../contract/testCases';
import { messages } from './messages';
import type { RunSettings } from './types';

// The server checks the same rules (server/src/services/runs.ts); these give the sentence at once,
// and running stays blocked until they hold (SPEC §5).

export interface RunSettingsValues {
  /** Empty: the test's own website. */
  website: string;
  /** Every variable of the test with the value this run uses. */
  parameters: Record<string, string>;
}

// 'localhost:3112' means 'http://localhost:3112' (issue 11): checked and sent as such.
export const websiteOverrideField = string()
  .transform((value: unknown) => (typeof value === 'string' ? normalizeWebsite(value) : value))
  .max(RUN_LIMITS.website, messages.valueTooLong(RUN_LIMITS.website))
  .test('website', messages.invalidUrl, (value) => !value || isWebsiteUrl(value));

export const overrideValueField = string().max(
  RUN_LIMITS.overrideValue,
  messages.valueTooLong(RUN_LIMITS.overrideValue),
);

export function createRunSchema(parameterNames: readonly string[]) {
  return object({
    website: websiteOverrideField,
    parameters: object(Object.fromEntries(parameterNames.map((name) => [name, overrideValueField]))),
  });
}

/** The settings body: only what differs from the test, so a run says what was overridden. */
export function toRunSettings(
  values: RunSettingsValues,
  test: { website: string; parameters: Record<string, string> },
): RunSettings {
  const website = normalizeWebsite(values.website);
  const overrides = Object.fromEntries(
    Object.entries(values.parameters).filter(
      ([name, value]) => Object.hasOwn(test.parameters, name) && value !== test.parameters[name],
    ),
  );
  return {
    ...(Object.keys(overrides).length > 0 && { parameter_overrides: overrides }),
    ...(website && website !== test.website && { website_url_override: website }),
  };
}
