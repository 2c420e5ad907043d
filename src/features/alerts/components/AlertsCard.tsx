import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useFormik } from 'formik';
import { useId, useState } from 'react';
import { ValidationError, type AnyObjectSchema } from 'yup';
import { describeError } from '../../../api/apiError';
import { ErrorState } from '../../../components/ErrorState';
import { notify } from '../../../lib/notify';
import { useGetCollectionAlertsQuery, useUpdateCollectionAlertsMutation } from '../api';
import { messages } from '../messages';
import { alertEmailSchema, alertWebhookSchema } from '../schemas';
import { ALERT_LIMITS, type AlertOn, type AlertSettings } from '../types';
import { DeliveriesTable } from './DeliveriesTable';
import { SigningSecretField } from './SigningSecretField';
import type { Permissions } from '../../../app/hooks';

const ALERT_ON_OPTIONS: { value: AlertOn; label: string }[] = [
  { value: 'never', label: 'Never' },
  { value: 'failure', label: 'On failure' },
  { value: 'recovery', label: 'On recovery' },
  { value: 'both', label: 'Both' },
];

interface AlertsCardProps {
  collectionId: string;
  /** The signed-in person's rights (app/hooks.ts usePermissions): alerts and the signing key are the admins'. */
  permissions: Permissions;
}

/** A collection's alerts (who hears of a failure or a recovery) and its retry, with recent deliveries. */
export function AlertsCard({ collectionId, permissions }: AlertsCardProps) {
  const { data, isLoading, isError, isFetching, refetch } = useGetCollectionAlertsQuery(collectionId);
  if (isLoading) return <Skeleton variant="rounded" height={160} aria-label="Loading alerts" />;
  if (isError || !data)
    return <ErrorState message={messages.fetchFailed} onRetry={() => void refetch()} retrying={isFetching} />;
  return (
    <Stack spacing={3}>
      <AlertSettingsForm
        collectionId={collectionId}
        settings={data.settings}
        locked={permissions.reason('manageAlerts')}
      />
      <SigningSecretField
        collectionId={collectionId}
        hasSecret={data.has_signing_secret ?? false}
        locked={permissions.reason('rotateSigningKey')}
      />
      <section aria-label="Recent alerts">
        <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
          Recent alerts
        </Typography>
        <DeliveriesTable deliveries={data.deliveries} />
      </section>
    </Stack>
  );
}

interface AlertSettingsFormProps {
  collectionId: string;
  settings: AlertSettings;
  /** Why the settings cannot be changed (issue 27: they are the admins'), or null. */
  locked: string | null;
}

/**
 * Who hears of failures and recoveries, and the retry. Locked, the settings are shown as they are,
 * with why, and no way to add, remove or save (issue 27: where alerts go is the admins').
 */
function AlertSettingsForm({ collectionId, settings, locked }: AlertSettingsFormProps) {
  const [updateAlerts] = useUpdateCollectionAlertsMutation();
  const alertOnId = useId();
  const formik = useFormik<AlertSettings>({
    initialValues: settings,
    enableReinitialize: true,
    onSubmit: async (values) => {
      const result = await updateAlerts({ collectionId, settings: values });
      if ('error' in result) notify.error(describeError(result.error, messages.saveFailed));
      else notify.success(messages.saved);
    },
  });
  const { values } = formik;
  const noRecipients = values.alert_on !== 'never' && values.emails.length + values.webhooks.length === 0;

  return (
    <Box component="form" aria-label="Alerts and retries" noValidate onSubmit={formik.handleSubmit}>
      <Stack spacing={2.5}>
        {locked && (
          <Typography variant="body2" color="text.secondary">
            {locked}
          </Typography>
        )}
        <FormControlLabel
          control={
            <Switch
              name="retry_on_failure"
              checked={values.retry_on_failure}
              disabled={locked !== null}
              onChange={formik.handleChange}
            />
          }
          label="Retry once on failure"
        />
        <Typography variant="body2" color="text.secondary" sx={{ mt: '0 !important' }}>
          A failed test runs once more; if it passes then, it counts as flaky, not passed.
        </Typography>

        <FormControl disabled={locked !== null}>
          <FormLabel id={alertOnId}>Send alerts</FormLabel>
          <RadioGroup
            row
            aria-labelledby={alertOnId}
            name="alert_on"
            value={values.alert_on}
            onChange={formik.handleChange}
          >
            {ALERT_ON_OPTIONS.map(({ value, label }) => (
              <FormControlLabel key={value} value={value} control={<Radio />} label={label} />
            ))}
          </RadioGroup>
        </FormControl>

        <RecipientList
          title="E-mail recipients"
          itemLabel="E-mail address"
          addLabel="Add recipient"
          field="email"
          type="email"
          schema={alertEmailSchema}
          items={values.emails}
          max={ALERT_LIMITS.emails}
          tooMany={messages.tooManyEmails}
          duplicate={messages.emailDuplicate}
          normalize={(value) => value.trim().toLowerCase()}
          readOnly={locked !== null}
          onChange={(emails) => void formik.setFieldValue('emails', emails)}
        />
        <RecipientList
          title="Webhooks"
          itemLabel="Webhook URL"
          addLabel="Add webhook"
          field="url"
          type="url"
          schema={alertWebhookSchema}
          items={values.webhooks}
          max={ALERT_LIMITS.webhooks}
          tooMany={messages.tooManyWebhooks}
          duplicate={messages.webhookDuplicate}
          normalize={(value) => value.trim()}
          readOnly={locked !== null}
          onChange={(webhooks) => void formik.setFieldValue('webhooks', webhooks)}
        />

        {noRecipients && !locked && (
          <Typography variant="body2" color="warning.main">
            Add an e-mail address or a webhook, or no one will hear of it.
          </Typography>
        )}

        {!locked && (
          <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
            <Button onClick={() => formik.resetForm()} disabled={!formik.dirty || formik.isSubmitting}>
              Discard changes
            </Button>
            <Button type="submit" variant="contained" disabled={!formik.dirty || formik.isSubmitting}>
              {formik.isSubmitting ? 'Saving…' : 'Save alerts'}
            </Button>
          </Stack>
        )}
      </Stack>
    </Box>
  );
}

interface RecipientListProps {
  title: string;
  itemLabel: string;
  addLabel: string;
  field: 'email' | 'url';
  type: 'email' | 'url';
  schema: AnyObjectSchema;
  items: string[];
  max: number;
  tooMany: string;
  duplicate: string;
  normalize: (value: string) => string;
  onChange: (items: string[]) => void;
  /** Shown only: no field to add, no button to remove. */
  readOnly: boolean;
}

/** A list of addresses with a field to add one (checked on Add) and a button to remove each. */
function RecipientList({
  title,
  itemLabel,
  addLabel,
  field,
  type,
  schema,
  items,
  max,
  tooMany,
  duplicate,
  normalize,
  onChange,
  readOnly,
}: RecipientListProps) {
  const [draft, setDraft] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const headingId = useId();

  const add = () => {
    try {
      schema.validateSync({ [field]: draft });
    } catch (error) {
      if (error instanceof ValidationError) return setProblem(error.message);
      throw error;
    }
    const value = normalize(draft);
    if (items.some((item) => normalize(item) === value)) return setProblem(duplicate);
    if (items.length >= max) return setProblem(tooMany);
    onChange([...items, value]);
    setDraft('');
    setProblem(null);
  };

  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography id={headingId} variant="subtitle2" component="h3">
        {title}
      </Typography>
      {items.length === 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ my: 1 }}>
          None yet.
        </Typography>
      ) : (
        <List dense disablePadding aria-label={title}>
          {items.map((item) => (
            <ListItem
              key={item}
              divider
              disableGutters
              secondaryAction={
                !readOnly && (
                  <IconButton
                    edge="end"
                    aria-label={`Remove ${item}`}
                    onClick={() => onChange(items.filter((other) => other !== item))}
                  >
                    <CloseIcon fontSize="small" />
                  </IconButton>
                )
              }
            >
              <ListItemText primary={item} sx={{ pr: 4, overflowWrap: 'anywhere' }} />
            </ListItem>
          ))}
        </List>
      )}
      {!readOnly && (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start', mt: 1 }}>
          <TextField
            size="small"
            fullWidth
            type={type}
            label={itemLabel}
            value={draft}
            onChange={(event) => {
              setDraft(event.target.value);
              setProblem(null);
            }}
            onKeyDown={(event) => {
              // Enter adds to the list instead of saving the whole form.
              if (event.key === 'Enter') {
                event.preventDefault();
                add();
              }
            }}
            error={Boolean(problem)}
            helperText={problem ?? undefined}
            slotProps={{ htmlInput: { spellCheck: false } }}
          />
          <Button variant="outlined" onClick={add} sx={{ flexShrink: 0 }}>
            {addLabel}
          </Button>
        </Stack>
      )}
    </Box>
  );
}
