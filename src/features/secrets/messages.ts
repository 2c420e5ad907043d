import { MESSAGES } from '../../../contract/testCases';
import { SHARED_PARAMETER_LIMITS } from '../../../contract/sharedParameters';

// What the secrets screens say (SPEC §5 and §8); the server shares the validation sentences.
export const messages = {
  parameterDataRequired: MESSAGES.parameterDataRequired,
  secretName: MESSAGES.secretName,
  secretClash: MESSAGES.secretClash,
  keyTooLong: `Secret names must be at most ${SHARED_PARAMETER_LIMITS.key} characters`,
  valueTooLong: `Secret values must be at most ${SHARED_PARAMETER_LIMITS.value} characters`,
  fetchFailed: 'Failed to fetch shared parameter. Please try again.',
  createFailed: 'Failed to create shared parameter. Please try again.',
  updateFailed: 'Failed to update shared parameter. Please try again.',
  deleteFailed: 'Failed to delete shared parameter. Please try again.',
  created: 'Secret created',
  updated: 'Secret updated',
  deleted: 'Secret deleted',
  keepValue: 'Leave blank to keep the current value',
  allowedHosts:
    "Runs type it only into pages on these hosts (shop.example, 127.0.0.1:4100, *.shop.example). None: the hosts of this project's tests' websites.",
  badHost: 'Write each host as shop.example, 127.0.0.1:4100 or *.shop.example',
} as const;
