import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { messages } from '../messages';
import { HEALING_TRIGGER_LABELS, type TestHealing } from '../types';
import { useTestHealings } from '../useHealing';
import { HealingRestore } from './HealingRestore';
import { HealingStatusChip } from './HealingStatusChip';
import { HealingView } from './HealingView';

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

interface HealingHistoryProps {
  testCaseId: string;
  aspectRatio?: number;
  /** Why the person may not restore (issue 27: a viewer), or null. */
  locked?: string | null;
}

/**
 * Every healing of a test, newest first; each opens to what it proposed or reported. The newest accepted
 * one can be undone (the test's previous steps restored); an older accept was overtaken by it.
 */
export function HealingHistory({ testCaseId, aspectRatio = 16 / 9, locked = null }: HealingHistoryProps) {
  const { data: healings, isLoading, isError, isFetching, refetch } = useTestHealings(testCaseId);
  if (isLoading) return <Skeleton variant="rounded" height={48} aria-label="Loading the healing history" />;
  if (isError || !healings)
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void refetch()} disabled={isFetching}>
            Retry
          </Button>
        }
      >
        {messages.historyLoadFailed}
      </Alert>
    );
  if (healings.length === 0)
    return (
      <Typography variant="body2" color="text.secondary">
        {messages.noHealings}
      </Typography>
    );
  const lastAccepted = healings.find((healing) => healing.status === 'accepted');
  return (
    <Box component="ul" aria-label="Healing history" sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {healings.map((healing) => (
        <li key={healing.test_healing_id}>
          <HistoryEntry
            healing={healing}
            aspectRatio={aspectRatio}
            restorable={healing === lastAccepted && !healing.restored_at}
            locked={locked}
          />
        </li>
      ))}
    </Box>
  );
}

interface HistoryEntryProps {
  healing: TestHealing;
  aspectRatio: number;
  restorable: boolean;
  locked: string | null;
}

function HistoryEntry({ healing, aspectRatio, restorable, locked }: HistoryEntryProps) {
  const when = dateFormat.format(new Date(healing.created_at));
  return (
    <Accordion variant="outlined" disableGutters slotProps={{ transition: { unmountOnExit: true } }}>
      <AccordionSummary
        expandIcon={<ExpandMoreIcon />}
        aria-label={`Healing of ${when}`}
        // Issue 28: the summary may shrink below its words' width, so a long message or site never widens the row.
        sx={{ '& .MuiAccordionSummary-content': { minWidth: 0 } }}
      >
        <Stack spacing={0.5} sx={{ minWidth: 0, flexGrow: 1 }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {when}
            </Typography>
            <HealingStatusChip status={healing.status} />
            <Typography variant="body2" color="text.secondary" sx={{ minWidth: 0, overflowWrap: 'anywhere' }}>
              {HEALING_TRIGGER_LABELS[healing.trigger]}
              {healing.website_override && ` · ${messages.madeOn(healing.website_override)}`}
            </Typography>
            {healing.restored_at && (
              <Typography variant="body2" color="warning.main">
                {messages.restoredOn} {dateFormat.format(new Date(healing.restored_at))}
              </Typography>
            )}
          </Stack>
          {healing.message && (
            <Typography variant="body2" color="text.secondary" noWrap>
              {healing.message}
            </Typography>
          )}
        </Stack>
      </AccordionSummary>
      <AccordionDetails>
        {restorable && (
          <Box sx={{ mb: 2 }}>
            <HealingRestore healing={healing} locked={locked} />
          </Box>
        )}
        <HealingView healing={healing} aspectRatio={aspectRatio} />
      </AccordionDetails>
    </Accordion>
  );
}
