import BugReportOutlinedIcon from '@mui/icons-material/BugReportOutlined';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { messages } from '../messages';
import {
  expectedAndSeen,
  HEALING_STATUS_LABELS,
  healingPhase,
  healingSite,
  type TestHealing,
} from '../types';
import { HealingChecklist } from './HealingChecklist';
import { HealingDiff } from './HealingDiff';

interface HealingViewProps {
  healing: TestHealing;
  aspectRatio: number;
  /** Accept / Reject, for a proposal a person may still decide. */
  actions?: ReactNode;
}

/** What one healing says: its progress, its proposal, why it proposes nothing, or how it was decided. */
export function HealingView({ healing, aspectRatio, actions }: HealingViewProps) {
  const site = healingSite(healing);
  if (!site) return <HealingPhaseView healing={healing} aspectRatio={aspectRatio} actions={actions} />;
  return (
    <Stack spacing={2}>
      <Alert severity="warning" aria-label="Made on another website">
        {messages.otherSite(site)}
      </Alert>
      <HealingPhaseView healing={healing} aspectRatio={aspectRatio} actions={actions} />
    </Stack>
  );
}

function HealingPhaseView({ healing, aspectRatio, actions }: HealingViewProps) {
  switch (healingPhase(healing.status)) {
    case 'in_progress':
      return <HealingProgress healing={healing} />;
    case 'not_proposed':
      return <NothingProposed healing={healing} />;
    default:
      return (
        <Stack spacing={2}>
          {healing.message && <Typography variant="body2">{healing.message}</Typography>}
          <HealingChecklist healing={healing} />
          <HealingDiff steps={healing.steps} aspectRatio={aspectRatio} />
          {actions}
        </Stack>
      );
  }
}

/** Live: how far the healer got (from its stored steps, read again after each), and what it re-targeted so far. */
function HealingProgress({ healing }: { healing: TestHealing }) {
  const steps = [...healing.steps].sort((a, b) => a.step_index - b.step_index);
  const done = steps.filter((step) => step.outcome !== 'not_run').length;
  const next = steps.find((step) => step.outcome === 'not_run');
  const moved = steps.filter((step) => step.outcome === 'retargeted');
  return (
    <Box role="status" aria-label="Healing progress">
      <Typography variant="body2" sx={{ mb: 1 }}>
        {HEALING_STATUS_LABELS[healing.status]}: {messages.inProgress}
      </Typography>
      {done > 0 ? (
        <>
          <LinearProgress
            variant="determinate"
            value={(done / steps.length) * 100}
            aria-label="Healing in progress"
            aria-valuetext={messages.stepsHealed(done, steps.length)}
          />
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1, overflowWrap: 'anywhere' }}>
            {messages.stepsHealed(done, steps.length)}
            {next && ` — ${messages.nowHealing(next.step_index + 1, next.step_description)}`}
          </Typography>
          {moved.length > 0 && (
            <Box component="ul" aria-label="Re-targeted so far" sx={{ m: 0, mt: 1, pl: 3 }}>
              {moved.map((step) => (
                <Typography
                  component="li"
                  variant="body2"
                  key={step.step_index}
                  sx={{ overflowWrap: 'anywhere' }}
                >
                  Step {step.step_index + 1}: {step.note ?? step.step_description}
                </Typography>
              ))}
            </Box>
          )}
        </>
      ) : (
        <LinearProgress aria-label="Healing in progress" />
      )}
    </Box>
  );
}

/** failed / flaky / unchanged: the healer's sentence; for unchanged it is a bug report, shown as one. */
function NothingProposed({ healing }: { healing: TestHealing }) {
  if (healing.status === 'unchanged') return <BugReport message={healing.message} />;
  return (
    <Alert severity="info">
      <AlertTitle>{healing.status === 'flaky' ? messages.flakyTitle : messages.failedTitle}</AlertTitle>
      {healing.message}
    </Alert>
  );
}

function BugReport({ message }: { message: string | null }) {
  const found = expectedAndSeen(message);
  return (
    <Alert severity="warning" icon={<BugReportOutlinedIcon />} aria-label={messages.bugReportTitle}>
      <AlertTitle>{messages.bugReportTitle}</AlertTitle>
      <Typography variant="body1" sx={{ fontWeight: 600, mb: 1, overflowWrap: 'anywhere' }}>
        {message}
      </Typography>
      {found && (
        <Box
          component="dl"
          sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, m: 0, mb: 1 }}
        >
          <Box component="dt">Expected</Box>
          <Box component="dd" sx={{ m: 0, fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
            {found.expected}
          </Box>
          <Box component="dt">The page shows</Box>
          <Box component="dd" sx={{ m: 0, fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
            {found.seen}
          </Box>
        </Box>
      )}
      <Typography variant="body2">{messages.bugReportIntro}</Typography>
    </Alert>
  );
}
