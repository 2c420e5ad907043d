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
  loopbackServer: (server: string) =>
    `CI runners cannot reach ${server}: it is an address of this machine only (loopback). Start the server with PUBLIC_URL set to an address the runners can reach (and HOST=0.0.0.0 so it listens there), then open Plainwright at that address to copy the workflow.`,
} as const;
