import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip, { type ChipProps } from '@mui/material/Chip';
import Collapse from '@mui/material/Collapse';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { RUN_STATUS_LABELS } from '../../runs/api';
import type { CollectionRun, CollectionRunGroup } from '../types';
import { RunCountChips } from './RunCountChips';

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' });

const statusColor: Record<string, ChipProps['color']> = {
  passed: 'success',
  failed: 'error',
  flaky: 'warning',
  error: 'warning',
  running: 'info',
};

/** Where a group came from (issue 28): a lead tells a person's run from the schedule's and CI's. */
export const GROUP_ORIGIN_LABELS: Record<CollectionRunGroup['trigger'], string> = {
  manual: 'By a person',
  schedule: 'By the schedule',
  ci: 'By CI',
};

export const isGroupOpen = (group: Pick<CollectionRunGroup, 'counts'>) =>
  group.counts.pending + group.counts.running > 0;

const formatDuration = (secs: number | null) =>
  secs === null
    ? '—'
    : secs < 60
      ? `${Math.round(secs)} s`
      : `${Math.floor(secs / 60)} min ${Math.round(secs % 60)} s`;

interface RunGroupListProps {
  groups: CollectionRunGroup[];
  /** The group to open at first (the redirect's created_at). */
  initiallyExpanded?: string | null;
  cancelling?: string | null;
  /** Why the person may not cancel a group (issue 27: a viewer), or null. */
  cancelLock?: string | null;
  onCancel: (createdAt: string) => void;
  onOpenRun: (run: CollectionRun) => void;
}

/** Recent run groups, newest first; each expands to its runs, each run opens on its test's runs page. */
export function RunGroupList({
  groups,
  initiallyExpanded,
  cancelling,
  cancelLock = null,
  onCancel,
  onOpenRun,
}: RunGroupListProps) {
  const [expanded, setExpanded] = useState<string[]>(() => (initiallyExpanded ? [initiallyExpanded] : []));
  // A link to another group of the same page (a schedule's tick) opens that one too.
  const [linked, setLinked] = useState(initiallyExpanded);
  if (linked !== initiallyExpanded) {
    setLinked(initiallyExpanded);
    if (initiallyExpanded) setExpanded((current) => [...current, initiallyExpanded]);
  }
  const isExpanded = (createdAt: string) =>
    expanded.some((value) => Date.parse(value) === Date.parse(createdAt));
  const toggle = (createdAt: string) =>
    setExpanded((current) =>
      isExpanded(createdAt)
        ? current.filter((value) => Date.parse(value) !== Date.parse(createdAt))
        : [...current, createdAt],
    );
  return (
    <List aria-label="Recent runs" disablePadding>
      {groups.map((group) => {
        const label = dateFormat.format(new Date(group.created_at));
        const open = isExpanded(group.created_at);
        return (
          <ListItem
            key={group.created_at}
            divider
            disableGutters
            sx={{ display: 'block' }}
            aria-label={`Run of ${label}`}
          >
            <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', px: 2, py: 1 }}>
              <Button
                size="small"
                color="inherit"
                aria-expanded={open}
                endIcon={open ? <ExpandLessIcon /> : <ExpandMoreIcon />}
                onClick={() => toggle(group.created_at)}
              >
                {label}
              </Button>
              <Chip
                size="small"
                variant="outlined"
                label={GROUP_ORIGIN_LABELS[group.trigger]}
                data-trigger={group.trigger}
              />
              <RunCountChips counts={group.counts} />
              <Typography variant="body2" color="text.secondary">
                {group.total === 1 ? '1 run' : `${group.total} runs`} · longest{' '}
                {formatDuration(group.longest_duration_in_secs)}
              </Typography>
              <Box sx={{ flex: 1 }} />
              {isGroupOpen(group) && (
                <Tooltip title={cancelLock ?? ''}>
                  <span>
                    <Button
                      size="small"
                      color="error"
                      disabled={cancelling === group.created_at || cancelLock !== null}
                      onClick={() => onCancel(group.created_at)}
                    >
                      Cancel run
                    </Button>
                  </span>
                </Tooltip>
              )}
            </Stack>
            <Collapse in={open} unmountOnExit>
              <List dense disablePadding aria-label={`Runs of ${label}`} sx={{ pl: 4 }}>
                {group.runs.map((run) => (
                  <ListItemButton key={run._id} onClick={() => onOpenRun(run)}>
                    {/* On a phone the name and the reason go onto lines of their own rather than to a few letters. */}
                    <Stack
                      direction="row"
                      sx={{
                        alignItems: 'center',
                        minWidth: 0,
                        flexWrap: 'wrap',
                        columnGap: 1.5,
                        rowGap: 0.5,
                      }}
                    >
                      <Chip
                        size="small"
                        label={RUN_STATUS_LABELS[run.status]}
                        color={statusColor[run.status] ?? 'default'}
                        variant={statusColor[run.status] ? 'filled' : 'outlined'}
                      />
                      <Typography variant="body2" sx={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                        {run.test_name}
                      </Typography>
                      <Typography variant="body2" color="text.secondary">
                        {formatDuration(run.execution_time_in_secs)}
                      </Typography>
                      {run.error_message && (
                        <Typography
                          variant="body2"
                          color="error"
                          sx={{ minWidth: 0, overflowWrap: 'anywhere' }}
                        >
                          {run.error_message}
                        </Typography>
                      )}
                    </Stack>
                  </ListItemButton>
                ))}
              </List>
            </Collapse>
          </ListItem>
        );
      })}
    </List>
  );
}
