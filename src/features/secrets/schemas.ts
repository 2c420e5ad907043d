import { array, object, string } from 'yup';
import { isSimpleName } from '../../../contract/testCases';
import { SECRET_HOST_PATTERN, SHARED_PARAMETER_LIMITS as LIMITS } from '../../../contract/sharedParameters';
import { messages } from './messages';

const key = string()
  .trim()
  .required(messages.parameterDataRequired)
  .max(LIMITS.key, messages.keyTooLong)
  .test('simple-name', messages.secretName, (value) => !value || isSimpleName(value));

const linkedTestIds = array(string().required()).max(LIMITS.linkedTests).default([]);

const allowedHosts = array(string().required().matches(SECRET_HOST_PATTERN, messages.badHost))
  .max(LIMITS.allowedHosts)
  .default([]);

/** SPEC §5: a shared parameter needs a name and a value ('Parameter data is required'). */
export const createSecretSchema = object({
  key,
  // NOTE: not trimmed: a password may begin or end with a space.
  value: string().required(messages.parameterDataRequired).max(LIMITS.value, messages.valueTooLong),
  linkedTestIds,
  allowedHosts,
});

/** Editing: the stored value is never shown, so a blank value keeps it and a new one replaces it. */
export const editSecretSchema = object({
  key,
  value: string().default('').max(LIMITS.value, messages.valueTooLong),
  linkedTestIds,
  allowedHosts,
});
