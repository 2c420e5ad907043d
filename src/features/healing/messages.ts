import { HEALING_MESSAGES } from '../../../contract/healing';

// What the healing screens say: the server's sentences (contract/healing.ts) and SPEC §8's toasts
// ("Other … heal failures end with 'Please try again.'").
export const messages = {
  ...HEALING_MESSAGES,
  fetchFailedToast: `${HEALING_MESSAGES.fetchFailed}. Please try again.`,
  approveFailedToast: `${HEALING_MESSAGES.approveFailed}. Please try again.`,
  healFailedToast: 'Failed to heal the run. Please try again.',
  settingsFailedToast: 'Failed to save the healing setting. Please try again.',
  settingsLoadFailed: 'Failed to load the healing setting.',
  historyLoadFailed: 'Failed to load the healing history.',
  healStarted: 'Healing started',
  accepted: "Healing accepted: the test's steps were replaced",
  rejected: 'Healing rejected',
  confirmAccept:
    "Accept the healing? The test's steps are replaced; the previous ones stay in its healing history.",
  runNotFailedTooltip: 'Only a failed run can be healed.',
  inProgress: 'Healing the test: replaying it and re-targeting the steps whose elements moved…',
  bugReportTitle: 'Possible bug in the application',
  bugReportIntro:
    'A check failed because of what the page shows, not because its element moved, so nothing was healed.',
  flakyTitle: 'Nothing to heal: the test passed again',
  failedTitle: 'The healer could not propose a fix',
  autoHealLabel: 'Heal failed runs automatically',
  autoHealOn: 'Failed runs are healed automatically',
  autoHealOff: 'Failed runs are no longer healed automatically',
  /** Issue 30: why a failed run may have no automatic healing (its test's steps were healed on its site already). */
  autoHealOnce:
    'A test is healed automatically once for each version of its steps on each site: when it fails again before they change, Heal tries again.',
  noHealings: 'This test has not been healed.',
  stepsHealed: (done: number, total: number) => `${done} of ${total} steps replayed`,
  nowHealing: (number: number, description: string) => `now step ${number}: ${description}`,
  restoreFailedToast: `${HEALING_MESSAGES.restoreFailed}. Please try again.`,
  restored: "The test's previous steps are back",
  confirmRestore:
    'Restore the steps the test had before this healing? The healed steps are replaced; this healing stays in the history, marked restored.',
  restoredOn: 'Previous steps restored',
  madeOn: (site: string) => `Made on ${site}`,
  otherSite: (site: string) =>
    `This healing was made on ${site}, not on the test's own website: accepting it re-targets the test's steps for ${site}.`,
} as const;
