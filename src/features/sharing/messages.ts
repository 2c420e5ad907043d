import { SHARE_MESSAGES } from '../../../contract/sharing';

// What the sharing screens say: the server's sentences (contract/sharing.ts) and SPEC §8's toasts.
export const messages = {
  ...SHARE_MESSAGES,
  shareFailedToast: `${SHARE_MESSAGES.shareFailed}. Please try again.`,
  unshareFailedToast: `${SHARE_MESSAGES.unshareFailed}. Please try again.`,
  slugRequired: 'Enter a link name',
  copied: 'Copied to clipboard',
  copyFailed: 'Failed to copy to clipboard',
  loadFailed: 'Failed to load how this test is shared. Please try again.',
  sharedLoadFailed: 'Failed to load the shared test. Please try again.',
  signInToOpen: 'This test is shared with the members of its organization. Sign in to open it.',
  signInIfPrivate: 'If it was shared with the members of your organization, sign in to open it.',
} as const;
