import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import TuneOutlinedIcon from '@mui/icons-material/TuneOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Tooltip from '@mui/material/Tooltip';
import { useState } from 'react';
import { describeError, type ApiError } from '../../../api/apiError';
import { useAppDispatch } from '../../../app/hooks';
import { notify } from '../../../lib/notify';
import { useGetEnvironmentsQuery } from '../../suites/api';
import type { TestCase } from '../../tests/api';
import { useCreateRunMutation } from '../api';
import { messages } from '../messages';
import { runBlockedReason } from '../runnable';
import { runCreated } from '../slice';
import type { RunSettings } from '../types';
import { RunSettingsDialog } from './RunSettingsDialog';

const hasFieldErrors = (error: ApiError) =>
  Object.keys((error.details as { fields?: object } | undefined)?.fields ?? {}).some(
    (field) =>
      field === 'website_url_override' ||
      field === 'environment_id' ||
      field.startsWith('parameter_overrides.'),
  );

interface RunActionsProps {
  test: TestCase;
  size?: 'small' | 'medium';
  /** Why the person may not run tests (issue 27: a viewer), or null. */
  locked?: string | null;
}

/** Run, and Run with overrides: start a run of the test; the new run becomes the selected one. */
export function RunActions({ test, size = 'medium', locked = null }: RunActionsProps) {
  const dispatch = useAppDispatch();
  const [createRun, { isLoading }] = useCreateRunMutation();
  const [dialogOpen, setDialogOpen] = useState(false);
  // The project's environments (issue 33), read when the dialog opens.
  const { data: environments } = useGetEnvironmentsQuery(test.suiteId, {
    skip: !dialogOpen || !test.suiteId,
  });
  const blocked = locked ?? runBlockedReason(test);

  const start = async (settings?: RunSettings): Promise<ApiError | null> => {
    const result = await createRun({ testCaseId: test.id, suiteId: test.suiteId, settings });
    if ('error' in result) {
      const error = result.error as ApiError;
      // Settings the server refused are shown at their fields in the dialog.
      if (!(settings && hasFieldErrors(error))) notify.error(describeError(error, messages.createFailed));
      return error;
    }
    dispatch(runCreated({ testId: test.id, runId: result.data.runId }));
    notify.success(messages.runStarted);
    return null;
  };

  const runWithSettings = async (settings: RunSettings) => {
    const error = await start(settings);
    if (!error) setDialogOpen(false);
    return error;
  };

  return (
    <>
      <Tooltip title={blocked ?? ''}>
        {/* A disabled button gets no pointer events: the wrapper carries the tooltip. */}
        <Box component="span" sx={{ display: 'inline-flex', gap: 1, flexWrap: 'wrap' }}>
          <Button
            variant="contained"
            size={size}
            startIcon={<PlayArrowIcon />}
            onClick={() => void start()}
            disabled={Boolean(blocked) || isLoading}
          >
            {isLoading && !dialogOpen ? 'Starting…' : 'Run'}
          </Button>
          <Button
            size={size}
            startIcon={<TuneOutlinedIcon />}
            onClick={() => setDialogOpen(true)}
            disabled={Boolean(blocked)}
          >
            Run with overrides
          </Button>
        </Box>
      </Tooltip>
      <RunSettingsDialog
        open={dialogOpen}
        test={test}
        onRun={runWithSettings}
        onClose={() => setDialogOpen(false)}
        environments={environments}
      />
    </>
  );
}
