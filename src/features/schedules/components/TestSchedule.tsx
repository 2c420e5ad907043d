import EventRepeatOutlinedIcon from '@mui/icons-material/EventRepeatOutlined';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { describeError } from '../../../api/apiError';
import { ErrorState } from '../../../components/ErrorState';
import { paths } from '../../../config/paths';
import { notify } from '../../../lib/notify';
import type { TestCase } from '../../tests/api';
import { useDeleteTestScheduleMutation, useGetTestScheduleQuery, useSaveTestScheduleMutation } from '../api';
import { messages } from '../messages';
import { formatInZone, ScheduleEditor, type ScheduleValue } from './ScheduleEditor';
import { ScheduleTicks } from './ScheduleTicks';

interface TestScheduleProps {
  /** With its project (issue 33), the schedule may choose one of the project's environments. */
  test: Pick<TestCase, 'id'> & Partial<Pick<TestCase, 'suiteId'>>;
  /** Why the schedule cannot be changed (issue 27: a viewer), or null; it is shown either way. */
  locked?: string | null;
}

/** A single test's schedule (SPEC §2): what it is, when it runs next, and a dialog to change it. */
export function TestSchedule({ test, locked = null }: TestScheduleProps) {
  const { data, isLoading, isError, isFetching, refetch } = useGetTestScheduleQuery(test.id);
  const [saveSchedule] = useSaveTestScheduleMutation();
  const [deleteSchedule, { isLoading: removing }] = useDeleteTestScheduleMutation();
  const [editing, setEditing] = useState(false);

  if (isLoading) return <Skeleton variant="rounded" height={56} aria-label="Loading schedule" />;
  if (isError || !data)
    return <ErrorState message={messages.fetchFailed} onRetry={() => void refetch()} retrying={isFetching} />;

  const schedule = data.schedule;

  const save = async ({ cron, timezone, environmentId }: ScheduleValue) => {
    const result = await saveSchedule({ testCaseId: test.id, cron, timezone, environment_id: environmentId });
    if ('error' in result) {
      notify.error(describeError(result.error, messages.saveFailed));
      return false;
    }
    notify.success(messages.saved);
    setEditing(false);
    return true;
  };

  const remove = async () => {
    const result = await deleteSchedule(test.id);
    if ('error' in result) notify.error(describeError(result.error, messages.deleteFailed));
    else {
      notify.success(messages.removed);
      setEditing(false);
    }
  };

  return (
    <Stack spacing={2}>
      <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1.5 }}>
        <Stack sx={{ flex: '1 1 240px', minWidth: 0 }}>
          <Typography variant="subtitle1" component="p">
            {schedule ? schedule.description : messages.notScheduled}
            {schedule?.environment_name ? ` · on ${schedule.environment_name}` : ''}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {schedule
              ? schedule.next_runs[0]
                ? `Next run ${formatInZone(schedule.next_runs[0], schedule.timezone)}`
                : 'No upcoming run'
              : 'Run this test by itself every hour, day or week, or on a cron.'}
          </Typography>
        </Stack>
        <Tooltip title={locked ?? ''}>
          <span>
            <Button
              variant="outlined"
              startIcon={<EventRepeatOutlinedIcon />}
              disabled={locked !== null}
              onClick={() => setEditing(true)}
            >
              {schedule ? 'Change schedule' : 'Set schedule'}
            </Button>
          </span>
        </Tooltip>
      </Stack>
      {schedule && (
        <ScheduleTicks
          ticks={schedule.recent_ticks}
          hrefOf={(tick) => (tick.run_id ? paths.testCaseRuns.getHref(test.id) : null)}
        />
      )}
      <Dialog
        open={editing}
        onClose={() => setEditing(false)}
        fullWidth
        maxWidth="sm"
        aria-labelledby="test-schedule-title"
      >
        <DialogTitle id="test-schedule-title">Schedule</DialogTitle>
        <DialogContent>
          <Stack sx={{ pt: 1 }}>
            <ScheduleEditor
              cron={schedule?.cron ?? null}
              timezone={schedule?.timezone ?? null}
              suiteId={test.suiteId}
              environmentId={schedule?.environment_id ?? null}
              onSave={save}
              onRemove={() => void remove()}
              removing={removing}
              onCancel={() => setEditing(false)}
            />
          </Stack>
        </DialogContent>
      </Dialog>
    </Stack>
  );
}
