import { CI_LIMITS } from './types';

// What the Integrations page says; SPEC §5/§9 give the timeout's bounds.
export const messages = {
  timeoutRange: `Timeout must be between ${CI_LIMITS.timeoutMin} and ${CI_LIMITS.timeoutMax} seconds`,
  collectionRequired: 'Choose a test suite',
  browsersRequired: 'Choose at least one browser',
  copied: 'Copied to clipboard',
  copyFailed: 'Failed to copy to clipboard',
  collectionsFailed: 'Failed to fetch test collections. Please try again.',
  ciRunsFailed: 'Failed to load the runs started from CI. Please try again.',
  fixSettings: 'Fix the settings above to see the workflow.',
} as const;
