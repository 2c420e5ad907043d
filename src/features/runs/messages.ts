import { RUN_MESSAGES } from '../../../contract/runs';

// What the run screens say; SPEC §5 and §8 name most of these sentences.
export const messages = {
  ...RUN_MESSAGES,
  createFailed: 'Failed to create test run',
  listFailed: 'Failed to get test runs',
  runFailed: 'Failed to get test run. Please try again.',
  artifactFailed: 'Failed to fetch artifact',
  cancelFailed: 'Failed to cancel test run. Please try again.',
  logFailed: 'Failed to fetch artifact',
  imageFailed: 'Failed to fetch image',
  runStarted: 'Test run started',
  runCancelled: 'Test run cancelled',
  pinFailed: 'Failed to pin the test run. Please try again.',
  unpinFailed: 'Failed to unpin the test run. Please try again.',
  runPinned: "Run pinned: it is kept past the project's retention",
  runUnpinned: "Run unpinned: it goes with the project's retention",
  pinHint: "Keep this run past the project's retention",
  unpinHint: "Let this run go with the project's retention",
  empty: 'No runs yet — run the test to see its results here',
  valueTooLong: (max: number) => `Must be at most ${max} characters`,
} as const;
