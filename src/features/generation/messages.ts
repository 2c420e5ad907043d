import { GENERATION_MESSAGES } from '../../../contract/generation';

// What the generation screens say; SPEC §5 and §8 name most of these sentences.
export const messages = {
  ...GENERATION_MESSAGES,
  generateFailed: 'Failed to start generation. Please try again.',
  exportFailed: 'Failed to export the Playwright project:',
  regenerateFailed: 'Failed to regenerate test case. Please try again.',
  cancelFailed: 'Failed to cancel generation',
  markCompleteFailed: 'Failed to mark as completed',
  feedbackFailed: 'Failed to submit feedback',
  traceFailed: 'Failed to get signed url for trace',
  imageFailed: 'Failed to fetch image',
  generationStarted: 'Generation started',
  regenerationStarted: 'Regeneration started',
  cancelled: 'Generation cancelled',
  markedComplete: 'Marked as completed',
  feedbackSent: 'Feedback sent: regenerating from this step',
  copied: 'Copied to clipboard',
  copyFailed: 'Failed to copy to clipboard',
  instructionRequired: 'Describe what this step should do',
} as const;
