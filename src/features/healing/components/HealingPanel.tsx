import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import type { RunStatus } from '../../../../contract/runs';
import { messages } from '../messages';
import { HEALING_TRIGGER_LABELS, healingPhase, type TestHealing } from '../types';
import { currentHealing, useRecentlyAccepted, useRunHealing, useTestHealings } from '../useHealing';
import { HealButton } from './HealButton';
import { HealingDecision } from './HealingDecision';
import { HealingStatusChip } from './HealingStatusChip';
import { HealingView } from './HealingView';

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

interface HealingPanelProps {
  testCaseId: string;
  /** On a run: that run's healing, or Heal when it has none. Without: the test's current healing. */
  run?: { id: string; status: RunStatus };
  /** Width / height of the test's viewport, for the screenshots. */
  aspectRatio?: number;
  /** Why the person may not heal, accept or reject (issue 27: a viewer), or null: those are off with it. */
  locked?: string | null;
}

/** A test's (or a run's) current healing: live progress, the proposal to accept or reject, or the bug report. */
export function HealingPanel({ testCaseId, run, aspectRatio = 16 / 9, locked = null }: HealingPanelProps) {
  return run ? (
    <CurrentRunHealing testCaseId={testCaseId} run={run} aspectRatio={aspectRatio} locked={locked} />
  ) : (
    <CurrentTestHealing testCaseId={testCaseId} aspectRatio={aspectRatio} locked={locked} />
  );
}

function CurrentTestHealing({
  testCaseId,
  aspectRatio,
  locked,
}: {
  testCaseId: string;
  aspectRatio: number;
  locked: string | null;
}) {
  const { data, isLoading, isError, isFetching, refetch } = useTestHealings(testCaseId);
  const [accepted, setAccepted] = useRecentlyAccepted();
  // The accepted one stays in view, marked, for the indicator's time; then it is no longer current.
  const healing = accepted ?? currentHealing(data);
  if (isLoading) return null;
  if (isError && !data)
    return (
      <Frame>
        <FetchFailed onRetry={() => void refetch()} retrying={isFetching} />
      </Frame>
    );
  if (!healing) return null;
  return (
    <Frame healing={healing}>
      <DecidableHealing
        healing={healing}
        accepted={accepted !== null}
        onAccepted={setAccepted}
        aspectRatio={aspectRatio}
        locked={locked}
      />
    </Frame>
  );
}

interface CurrentRunHealingProps {
  testCaseId: string;
  run: { id: string; status: RunStatus };
  aspectRatio: number;
  locked: string | null;
}

function CurrentRunHealing({ testCaseId, run, aspectRatio, locked }: CurrentRunHealingProps) {
  const { data: healing, isLoading, isError, isFetching, refetch } = useRunHealing(run.id, testCaseId);
  const [accepted, setAccepted] = useRecentlyAccepted();
  const shown = accepted ?? healing;
  if (isLoading)
    return (
      <Frame>
        <Skeleton variant="rounded" height={36} width={120} aria-label="Loading the run's healing" />
      </Frame>
    );
  if (isError)
    return (
      <Frame>
        <FetchFailed onRetry={() => void refetch()} retrying={isFetching} />
      </Frame>
    );
  if (!shown)
    return (
      <Frame>
        <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
          <HealButton runId={run.id} testCaseId={testCaseId} runStatus={run.status} locked={locked} />
          {run.status === 'failed' && (
            <Typography variant="body2" color="text.secondary">
              {messages.autoHealOnce}
            </Typography>
          )}
        </Stack>
      </Frame>
    );
  return (
    <Frame healing={shown}>
      <DecidableHealing
        healing={shown}
        accepted={accepted !== null}
        onAccepted={setAccepted}
        aspectRatio={aspectRatio}
        locked={locked}
      />
    </Frame>
  );
}

interface DecidableHealingProps {
  healing: TestHealing;
  /** Just accepted: the indicator is on. */
  accepted: boolean;
  onAccepted: (healing: TestHealing) => void;
  aspectRatio: number;
  locked: string | null;
}

function DecidableHealing({ healing, accepted, onAccepted, aspectRatio, locked }: DecidableHealingProps) {
  const decidable = !accepted && healingPhase(healing.status) === 'proposed';
  return (
    <Stack spacing={2}>
      {accepted && (
        <Alert severity="success" role="status" aria-label="Recently accepted">
          {messages.accepted}
        </Alert>
      )}
      <HealingView
        healing={healing}
        aspectRatio={aspectRatio}
        actions={decidable && <HealingDecision healing={healing} onAccepted={onAccepted} locked={locked} />}
      />
    </Stack>
  );
}

function FetchFailed({ onRetry, retrying }: { onRetry: () => void; retrying: boolean }) {
  return (
    <Alert
      severity="error"
      action={
        <Button color="inherit" size="small" onClick={onRetry} disabled={retrying}>
          Retry
        </Button>
      }
    >
      {messages.fetchFailedToast}
    </Alert>
  );
}

function Frame({ healing, children }: { healing?: TestHealing; children: ReactNode }) {
  return (
    <Card variant="outlined" component="section" aria-label="Healing">
      <CardContent>
        <Stack spacing={2}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
            <Typography variant="h6" component="h3">
              Healing
            </Typography>
            {healing && <HealingStatusChip status={healing.status} />}
            {healing && (
              <Typography variant="body2" color="text.secondary">
                {HEALING_TRIGGER_LABELS[healing.trigger]} · {dateFormat.format(new Date(healing.created_at))}{' '}
                · {healing.healer_name}
                {healing.website_override && ` · ${messages.madeOn(healing.website_override)}`}
              </Typography>
            )}
          </Stack>
          {children}
        </Stack>
      </CardContent>
    </Card>
  );
}
