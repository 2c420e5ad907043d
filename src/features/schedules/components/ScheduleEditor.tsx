import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useFormik } from 'formik';
import { useEffect, useId, useMemo, useState } from 'react';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { isApiError } from '../../../api/apiError';
import { useGetSchedulePreviewQuery, type PreviewArgs } from '../api';
import { cronOf, formValuesOf, timeZones } from '../cron';
import { messages } from '../messages';
import { scheduleSchema } from '../schemas';
import { SCHEDULE_PRESETS, WEEKDAYS, type ScheduleFormValues, type SchedulePreset } from '../types';
import { ScheduleEnvironmentField } from './ScheduleEnvironmentField';

/** How long typing must pause before the preview asks the server. */
export const PREVIEW_DEBOUNCE_MS = 400;

function useDebounced<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

/** A run time as a person in the schedule's zone reads it: "Mon, 5 Jan 2026, 09:00 CET". */
export function formatInZone(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat(undefined, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone,
    timeZoneName: 'short',
  }).format(new Date(iso));
}

export interface ScheduleValue {
  cron: string;
  timezone: string;
  /** Issue 33: the environment its runs open, null for the tests' own websites. */
  environmentId: string | null;
}

interface ScheduleEditorProps {
  /** The saved schedule, or null when there is none. */
  cron: string | null;
  timezone: string | null;
  /** Saves; resolves true when it was saved (the caller says so or why not). */
  onSave: (value: ScheduleValue) => Promise<boolean>;
  /** Shown only while a schedule is saved. */
  onRemove?: () => void;
  removing?: boolean;
  /** Shown when the editor sits in a dialog. */
  onCancel?: () => void;
  /** Why the schedule cannot be changed (issue 27: a viewer), or null: shown read-only with the reason. */
  locked?: string | null;
  /** Issue 33: the project whose environments the schedule may choose from, and the chosen one. */
  suiteId?: string;
  environmentId?: string | null;
}

/**
 * Hourly, daily, weekly or a custom cron, in a time zone: checked here for its 5 fields, then said in
 * words with its next three times by the server while the person types, and saved as one cron.
 */
export function ScheduleEditor({
  cron,
  timezone,
  onSave,
  onRemove,
  removing = false,
  onCancel,
  locked = null,
  suiteId,
  environmentId = null,
}: ScheduleEditorProps) {
  const zones = useMemo(() => timeZones(), []);
  const formId = useId();
  const [confirmingRemove, setConfirmingRemove] = useState(false);
  const [environment, setEnvironment] = useState(environmentId ?? '');
  // A saved schedule's new environment (after a save or a reload) replaces the choice, like the form's fields.
  const [savedEnvironment, setSavedEnvironment] = useState(environmentId);
  if (savedEnvironment !== environmentId) {
    setSavedEnvironment(environmentId);
    setEnvironment(environmentId ?? '');
  }
  const formik = useFormik<ScheduleFormValues>({
    initialValues: formValuesOf(cron, timezone),
    enableReinitialize: true,
    validationSchema: scheduleSchema,
    onSubmit: async (values) => {
      await onSave({ cron: cronOf(values), timezone: values.timezone, environmentId: environment || null });
    },
  });
  const { values, errors, touched } = formik;

  const valid = scheduleSchema.isValidSync(values);
  const wanted = useMemo<PreviewArgs | null>(
    () => (valid ? { cron: cronOf(values), timezone: values.timezone } : null),
    [valid, values],
  );
  const settled = useDebounced(wanted, PREVIEW_DEBOUNCE_MS);
  // NOTE: compared by content: a new object of the same words must not restart the wait.
  const sameAsWanted = settled?.cron === wanted?.cron && settled?.timezone === wanted?.timezone;
  const preview = useGetSchedulePreviewQuery(settled ?? { cron: '', timezone: '' }, { skip: !settled });

  const setPreset = (preset: SchedulePreset) => void formik.setFieldValue('preset', preset);
  const toggleDay = (day: number) =>
    void formik.setFieldValue(
      'weekdays',
      values.weekdays.includes(day) ? values.weekdays.filter((d) => d !== day) : [...values.weekdays, day],
    );
  const shown = (field: keyof ScheduleFormValues) =>
    touched[field] || formik.submitCount > 0 ? (errors[field] as string | undefined) : undefined;

  // The server's reason for a cron of 5 fields it cannot read (e.g. minute 99), once it answered for these words.
  const refusal =
    settled && sameAsWanted && preview.isError
      ? isApiError(preview.error) && preview.error.status === 400 && preview.error.serverMessage
        ? preview.error.serverMessage
        : messages.previewFailed
      : null;
  // Issue 28: a custom cron says what is wrong under the field while it is typed, not only after a save.
  const cronTyped = values.cron !== formik.initialValues.cron;
  const cronProblem =
    shown('cron') ??
    (cronTyped ? (errors.cron as string | undefined) : undefined) ??
    (refusal && refusal !== messages.previewFailed ? refusal : undefined);

  const saved = cron !== null && cron !== '';
  const busy = formik.isSubmitting || removing;

  return (
    <Box component="form" aria-label="Schedule" noValidate onSubmit={formik.handleSubmit}>
      {/* NOTE: a disabled fieldset turns every field of a locked schedule off at once. */}
      <Stack
        component="fieldset"
        disabled={locked !== null}
        spacing={2.5}
        sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}
      >
        {locked && (
          <Alert severity="info" variant="outlined">
            {locked}
          </Alert>
        )}
        <FormControl disabled={locked !== null}>
          <FormLabel id={`${formId}-preset`}>How often</FormLabel>
          <RadioGroup
            row
            aria-labelledby={`${formId}-preset`}
            name="preset"
            value={values.preset}
            onChange={(event) => setPreset(event.target.value as SchedulePreset)}
          >
            {SCHEDULE_PRESETS.map(({ value, label }) => (
              <FormControlLabel key={value} value={value} control={<Radio />} label={label} />
            ))}
          </RadioGroup>
        </FormControl>

        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'flex-start' } }}>
          {values.preset === 'hourly' && (
            <TextField
              name="minute"
              label="Minute past the hour"
              type="number"
              value={values.minute}
              onChange={formik.handleChange}
              onBlur={formik.handleBlur}
              error={Boolean(shown('minute'))}
              helperText={shown('minute') ?? 'From 0 to 59'}
              slotProps={{ htmlInput: { min: 0, max: 59, step: 1 } }}
              sx={{ minWidth: 180 }}
            />
          )}
          {(values.preset === 'daily' || values.preset === 'weekly') && (
            <TextField
              name="time"
              label="Time"
              type="time"
              value={values.time}
              onChange={formik.handleChange}
              onBlur={formik.handleBlur}
              error={Boolean(shown('time'))}
              helperText={shown('time')}
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { step: 60 } }}
              sx={{ minWidth: 160 }}
            />
          )}
          {values.preset === 'custom' && (
            <TextField
              name="cron"
              label="Cron expression"
              value={values.cron}
              onChange={formik.handleChange}
              onBlur={formik.handleBlur}
              error={Boolean(cronProblem)}
              helperText={cronProblem ?? 'minute hour day month weekday, such as 0 9 * * 1-5'}
              placeholder="0 9 * * 1-5"
              slotProps={{ htmlInput: { spellCheck: false, style: { fontFamily: 'monospace' } } }}
              sx={{ flex: 1, minWidth: 0 }}
            />
          )}
          <Autocomplete
            options={zones}
            value={values.timezone}
            onChange={(_event, zone) => void formik.setFieldValue('timezone', zone ?? '')}
            onBlur={() => void formik.setFieldTouched('timezone')}
            disableClearable
            disabled={locked !== null}
            autoHighlight
            sx={{ flex: 1, minWidth: { sm: 220 } }}
            renderInput={(params) => (
              <TextField
                {...params}
                label="Time zone"
                error={Boolean(shown('timezone'))}
                helperText={shown('timezone')}
              />
            )}
          />
        </Stack>

        {values.preset === 'weekly' && (
          <FormControl component="fieldset" error={Boolean(shown('weekdays'))}>
            <FormLabel component="legend">Days</FormLabel>
            <FormGroup row>
              {WEEKDAYS.map((day) => (
                <FormControlLabel
                  key={day.value}
                  label={day.short}
                  control={
                    <Checkbox
                      checked={values.weekdays.includes(day.value)}
                      onChange={() => toggleDay(day.value)}
                      slotProps={{ input: { 'aria-label': day.long } }}
                    />
                  }
                />
              ))}
            </FormGroup>
            {shown('weekdays') && <FormHelperText>{shown('weekdays')}</FormHelperText>}
          </FormControl>
        )}

        {suiteId && (
          <ScheduleEnvironmentField
            suiteId={suiteId}
            value={environment}
            onChange={setEnvironment}
            disabled={locked !== null || formik.isSubmitting}
          />
        )}

        <SchedulePreviewBox
          waiting={Boolean(wanted) && (!sameAsWanted || preview.isFetching)}
          invalid={!wanted}
          timezone={settled?.timezone ?? values.timezone}
          preview={preview.data}
          error={settled && preview.isError ? (refusal ?? messages.previewFailed) : null}
        />

        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end', flexWrap: 'wrap' }}>
          {saved && onRemove && (
            <Tooltip title={locked ?? ''}>
              <span>
                <Button
                  color="error"
                  onClick={() => setConfirmingRemove(true)}
                  disabled={busy || locked !== null}
                >
                  {removing ? 'Removing…' : 'Remove schedule'}
                </Button>
              </span>
            </Tooltip>
          )}
          {onRemove && (
            <ConfirmDialog
              open={confirmingRemove}
              title="Remove this schedule?"
              description="It stops running by itself; its past runs stay."
              confirmLabel="Remove schedule"
              destructive
              onConfirm={() => {
                setConfirmingRemove(false);
                onRemove();
              }}
              onClose={() => setConfirmingRemove(false)}
            />
          )}
          {onCancel && (
            <Button onClick={onCancel} disabled={busy}>
              Cancel
            </Button>
          )}
          <Tooltip title={locked ?? ''}>
            <span>
              <Button type="submit" variant="contained" disabled={busy || locked !== null}>
                {formik.isSubmitting ? 'Saving…' : 'Save schedule'}
              </Button>
            </span>
          </Tooltip>
        </Stack>
      </Stack>
    </Box>
  );
}

interface SchedulePreviewBoxProps {
  waiting: boolean;
  invalid: boolean;
  timezone: string;
  preview: { description: string; next_runs: string[] } | undefined;
  error: string | null;
}

/** The schedule in words and its next times, or why there are none. */
function SchedulePreviewBox({ waiting, invalid, timezone, preview, error }: SchedulePreviewBoxProps) {
  return (
    <Box
      role="status"
      aria-label="Schedule preview"
      aria-busy={waiting}
      sx={{ bgcolor: 'action.hover', borderRadius: 1, px: 2, py: 1.5, minHeight: 64 }}
    >
      {invalid ? (
        <Typography variant="body2" color="text.secondary">
          Complete the schedule to see when it runs.
        </Typography>
      ) : error && !waiting ? (
        <Alert severity="warning" sx={{ bgcolor: 'transparent', p: 0 }}>
          {error}
        </Alert>
      ) : preview ? (
        <Box sx={{ opacity: waiting ? 0.6 : 1 }}>
          <Typography variant="subtitle2" component="p">
            {preview.description}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
            Next runs:
          </Typography>
          <Box component="ol" aria-label="Next runs" sx={{ m: 0, pl: 3 }}>
            {preview.next_runs.map((time) => (
              <Typography key={time} component="li" variant="body2">
                {formatInZone(time, timezone)}
              </Typography>
            ))}
          </Box>
        </Box>
      ) : (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <CircularProgress size={16} aria-hidden />
          <Typography variant="body2" color="text.secondary">
            Working out the next runs…
          </Typography>
        </Stack>
      )}
    </Box>
  );
}
