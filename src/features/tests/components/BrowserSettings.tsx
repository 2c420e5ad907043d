import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useFormik } from 'formik';
import { useId } from 'react';
import { describeError } from '../../../api/apiError';
import { t } from '../../../config/locale';
import { notify } from '../../../lib/notify';
import { serverFieldErrors } from '../fieldErrors';
import { browserSettingsSchema } from '../schemas';
import type { TestCase, TestCaseChanges } from '../types';

const IPHONE_USER_AGENT =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

/** Common screens; only the phone changes the user agent (a narrow window alone does not make a site mobile). */
const PRESETS = [
  { id: 'desktop', label: 'Desktop', width: 1280, height: 720, userAgent: '' },
  { id: 'laptop', label: 'Laptop', width: 1440, height: 900, userAgent: '' },
  { id: 'full-hd', label: 'Full HD', width: 1920, height: 1080, userAgent: '' },
  { id: 'tablet', label: 'Tablet', width: 768, height: 1024, userAgent: '' },
  { id: 'mobile', label: 'Mobile', width: 375, height: 667, userAgent: IPHONE_USER_AGENT },
] as const;

interface BrowserSettingsValues {
  viewportWidth: number | string;
  viewportHeight: number | string;
  userAgent: string;
}

const FIELDS = ['viewport_width', 'viewport_height', 'user_agent'] as const;
const FORM_FIELD = {
  viewport_width: 'viewportWidth',
  viewport_height: 'viewportHeight',
  user_agent: 'userAgent',
} as const;

function presetOf({ viewportWidth, viewportHeight, userAgent }: BrowserSettingsValues) {
  return PRESETS.find(
    (preset) =>
      preset.width === Number(viewportWidth) &&
      preset.height === Number(viewportHeight) &&
      preset.userAgent === userAgent.trim(),
  );
}

const summaryOf = (values: BrowserSettingsValues) =>
  `${values.viewportWidth} × ${values.viewportHeight} · ${presetOf(values)?.label ?? 'Custom'}`;

export interface BrowserSettingsProps {
  test: TestCase;
  /** Saves the changes with the test; resolves the error, or null once saved. */
  onSave: (changes: TestCaseChanges, success: string) => Promise<unknown>;
  /** Open at first (the page keeps it closed). */
  defaultExpanded?: boolean;
  /** Why the settings cannot be changed (issue 27: a viewer; the page says it), or null: shown read-only. */
  locked?: string | null;
}

/**
 * The window the test's browser opens with (viewport and user agent), for generation, runs and
 * exports alike. Collapsed by default: most tests keep the desktop default.
 */
export function BrowserSettings({
  test,
  onSave,
  defaultExpanded = false,
  locked = null,
}: BrowserSettingsProps) {
  const id = useId();
  const initialValues: BrowserSettingsValues = {
    viewportWidth: test.viewportWidth,
    viewportHeight: test.viewportHeight,
    userAgent: test.userAgent ?? '',
  };
  const formik = useFormik<BrowserSettingsValues>({
    initialValues,
    enableReinitialize: true,
    validationSchema: browserSettingsSchema,
    onSubmit: async (values, helpers) => {
      const saved = browserSettingsSchema.cast(values);
      const error = await onSave(
        {
          viewportWidth: saved.viewportWidth,
          viewportHeight: saved.viewportHeight,
          userAgent: saved.userAgent || null,
        },
        'Browser settings saved',
      );
      if (!error) return;
      const fields = serverFieldErrors(error, FIELDS);
      const first = FIELDS.find((field) => fields[field]);
      if (first) helpers.setFieldError(FORM_FIELD[first], fields[first]);
      else notify.error(describeError(error, t.tests.updateFailed));
    },
  });
  const preset = presetOf(formik.values);
  const off = formik.isSubmitting || locked !== null;
  const error = (field: keyof BrowserSettingsValues) =>
    formik.touched[field] || formik.submitCount > 0 ? formik.errors[field] : undefined;

  return (
    <Accordion
      defaultExpanded={defaultExpanded}
      variant="outlined"
      disableGutters
      component="section"
      aria-label="Browser settings"
      slotProps={{ heading: { component: 'h2' } }}
    >
      <AccordionSummary expandIcon={<ExpandMoreIcon />} aria-controls={`${id}-details`} id={`${id}-summary`}>
        <Box>
          <Typography variant="h6" component="span">
            Browser settings
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {summaryOf(initialValues)}
            {test.userAgent && !presetOf(initialValues) ? ' · own user agent' : ''}
          </Typography>
        </Box>
      </AccordionSummary>
      <AccordionDetails id={`${id}-details`}>
        <Box component="form" noValidate onSubmit={formik.handleSubmit} aria-label="Browser settings form">
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            The window size and user agent the browser uses when this test is generated, run and exported.
          </Typography>
          <Stack spacing={2}>
            <TextField
              select
              label="Preset"
              value={preset?.id ?? 'custom'}
              onChange={(event) => {
                const chosen = PRESETS.find((p) => p.id === event.target.value);
                if (!chosen) return;
                void formik.setValues(
                  { viewportWidth: chosen.width, viewportHeight: chosen.height, userAgent: chosen.userAgent },
                  true,
                );
              }}
              disabled={off}
              sx={{ maxWidth: 320 }}
            >
              {PRESETS.map((p) => (
                <MenuItem key={p.id} value={p.id}>
                  {p.label} ({p.width}×{p.height})
                </MenuItem>
              ))}
              <MenuItem value="custom" disabled>
                Custom
              </MenuItem>
            </TextField>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <TextField
                label="Viewport width"
                name="viewportWidth"
                type="number"
                value={formik.values.viewportWidth}
                onChange={formik.handleChange}
                onBlur={formik.handleBlur}
                error={Boolean(error('viewportWidth'))}
                helperText={error('viewportWidth') ?? 'Pixels'}
                disabled={off}
                slotProps={{ htmlInput: { inputMode: 'numeric', min: 100, step: 1 } }}
              />
              <TextField
                label="Viewport height"
                name="viewportHeight"
                type="number"
                value={formik.values.viewportHeight}
                onChange={formik.handleChange}
                onBlur={formik.handleBlur}
                error={Boolean(error('viewportHeight'))}
                helperText={error('viewportHeight') ?? 'Pixels'}
                disabled={off}
                slotProps={{ htmlInput: { inputMode: 'numeric', min: 100, step: 1 } }}
              />
            </Stack>
            <TextField
              label="User agent"
              name="userAgent"
              value={formik.values.userAgent}
              onChange={formik.handleChange}
              onBlur={formik.handleBlur}
              error={Boolean(error('userAgent'))}
              helperText={error('userAgent') ?? "Leave blank for the browser's own"}
              disabled={off}
              fullWidth
              multiline
              maxRows={3}
              slotProps={{ htmlInput: { spellCheck: false } }}
            />
          </Stack>
          <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end', mt: 2 }}>
            <Button onClick={() => formik.resetForm()} disabled={!formik.dirty || formik.isSubmitting}>
              Discard changes
            </Button>
            <Button type="submit" variant="contained" disabled={!formik.dirty || off}>
              {formik.isSubmitting ? 'Saving…' : 'Save browser settings'}
            </Button>
          </Stack>
        </Box>
      </AccordionDetails>
    </Accordion>
  );
}
