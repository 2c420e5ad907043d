import LinkOffIcon from '@mui/icons-material/LinkOff';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { Form, Formik, useField, type FormikHelpers } from 'formik';
import { useId, useState } from 'react';
import { isApiError } from '../../../api/apiError';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { ErrorState } from '../../../components/ErrorState';
import { FormTextField } from '../../../components/FormTextField';
import { notify } from '../../../lib/notify';
import {
  shareLinks,
  useGetShareQuery,
  usePublishTestMutation,
  useUnpublishTestMutation,
  type ShareState,
} from '../api';
import { messages } from '../messages';
import { shareSchema, suggestSlug, type ShareValues } from '../schemas';
import { CopyField } from './CopyField';
import type { Permissions } from '../../../app/hooks';

interface ShareDialogProps {
  open: boolean;
  testCaseId: string;
  testName: string;
  onClose: () => void;
  /** The signed-in person's rights (app/hooks.ts usePermissions): publishing publicly is the admins'. */
  permissions: Permissions;
}

/** Share a test under a link name, publicly or with the organization; change or withdraw the link. */
export function ShareDialog({ open, testCaseId, testName, onClose, permissions }: ShareDialogProps) {
  const titleId = useId();
  const {
    data: share,
    isLoading,
    isError,
    refetch,
    isFetching,
  } = useGetShareQuery(testCaseId, {
    skip: !open,
  });
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>Share “{testName}”</DialogTitle>
      {isLoading ? (
        <DialogContent>
          <Box sx={{ display: 'grid', placeItems: 'center', py: 4 }}>
            <CircularProgress aria-label="Loading how the test is shared" />
          </Box>
        </DialogContent>
      ) : isError ? (
        <>
          <DialogContent>
            <ErrorState message={messages.loadFailed} onRetry={() => void refetch()} retrying={isFetching} />
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>Close</Button>
          </DialogActions>
        </>
      ) : (
        <ShareForm
          testCaseId={testCaseId}
          testName={testName}
          share={share ?? null}
          onClose={onClose}
          publicLock={permissions.reason('sharePublicly')}
          readOnly={permissions.reason('sharePrivately')}
        />
      )}
    </Dialog>
  );
}

const fallbackMessages = { slug: messages.slugInvalid, visibility: messages.visibilityInvalid } as const;

/** The field a refused publish is about: a taken slug (409) or a 400 naming its field. */
function fieldOf(error: unknown): keyof typeof fallbackMessages | null {
  if (!isApiError(error)) return null;
  if (error.status === 409) return 'slug';
  if (error.status !== 400) return null;
  const fields = (error.details as { fields?: Record<string, unknown> } | undefined)?.fields ?? {};
  if ('visibility' in fields) return 'visibility';
  return 'slug' in fields ? 'slug' : null;
}

interface ShareFormProps {
  testCaseId: string;
  testName: string;
  share: ShareState | null;
  onClose: () => void;
  /** Why the link cannot be public (issue 27: publishing publicly is the admins'), or null. */
  publicLock: string | null;
  /** Why sharing cannot be changed at all (a viewer), or null: the link is shown, nothing else. */
  readOnly: string | null;
}

function ShareForm({ testCaseId, testName, share, onClose, publicLock, readOnly }: ShareFormProps) {
  const [publish] = usePublishTestMutation();
  const [unpublish, { isLoading: stopping }] = useUnpublishTestMutation();
  const [confirmingStop, setConfirmingStop] = useState(false);
  const links = share ? shareLinks(share) : null;
  const initialValues: ShareValues = {
    slug: share?.slug ?? suggestSlug(testName),
    // Public is the default for those who may publish; others start from what they may do.
    visibility: share?.visibility ?? (publicLock ? 'private' : 'public'),
  };

  const submit = async (values: ShareValues, helpers: FormikHelpers<ShareValues>) => {
    const result = await publish({ testCaseId, slug: values.slug.trim(), visibility: values.visibility });
    if (!('error' in result)) {
      notify.success(messages.published);
      return;
    }
    // The server's sentence goes under the field it is about; anything else is SPEC §8's toast.
    const field = fieldOf(result.error);
    if (field && isApiError(result.error)) {
      helpers.setFieldTouched(field, true, false);
      helpers.setFieldError(
        field,
        result.error.serverMessage ??
          (result.error.status === 409 ? messages.slugTaken : fallbackMessages[field]),
      );
    } else {
      notify.error(messages.shareFailedToast);
    }
  };

  const stopSharing = async () => {
    const result = await unpublish(testCaseId);
    setConfirmingStop(false);
    if ('error' in result) notify.error(messages.unshareFailedToast);
    else notify.success(messages.unpublished);
  };

  return (
    <Formik initialValues={initialValues} validationSchema={shareSchema} onSubmit={submit} enableReinitialize>
      {({ isSubmitting, dirty, values }) => (
        <Form noValidate aria-label="Share settings">
          <DialogContent sx={{ pt: 0 }}>
            {readOnly && (
              <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                {readOnly}
              </Typography>
            )}
            <FormTextField
              name="slug"
              label="Link name"
              disabled={readOnly !== null}
              autoFocus={!share && !readOnly}
              helperText="Lowercase letters, digits and hyphens: 3 to 64 characters"
              slotProps={{
                input: {
                  startAdornment: (
                    <InputAdornment position="start" sx={{ mr: 0 }}>
                      {`${window.location.host}/shared/`}
                    </InputAdornment>
                  ),
                },
              }}
            />
            <VisibilityField publicLock={readOnly ? null : publicLock} disabled={readOnly !== null} />
            {share && links && (
              <>
                <Divider sx={{ my: 2 }} />
                <Stack spacing={2} aria-label="Shared link">
                  <Alert severity="success" icon={false}>
                    {share.visibility === 'public'
                      ? 'Shared publicly: anyone with the link can open it.'
                      : 'Shared privately: members of your organization can open it once signed in.'}
                  </Alert>
                  <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                    <Box sx={{ flex: 1, minWidth: 0 }}>
                      <CopyField label="Link" value={links.page} copyLabel="Copy link" />
                    </Box>
                    <Tooltip title="Open the shared page">
                      <IconButton
                        component="a"
                        href={links.page}
                        target="_blank"
                        rel="noopener"
                        aria-label="Open the shared page"
                      >
                        <OpenInNewIcon />
                      </IconButton>
                    </Tooltip>
                  </Stack>
                  {links.markdown && (
                    <Box>
                      <CopyField
                        label="Status badge (Markdown)"
                        value={links.markdown}
                        copyLabel="Copy Markdown"
                      />
                      <Typography variant="caption" color="text.secondary">
                        Put it in a README: it shows whether the test passes, fails or is running.
                      </Typography>
                    </Box>
                  )}
                </Stack>
              </>
            )}
          </DialogContent>
          <DialogActions>
            {share && !readOnly && (
              <Button
                color="error"
                startIcon={<LinkOffIcon />}
                onClick={() => setConfirmingStop(true)}
                sx={{ mr: 'auto' }}
              >
                Stop sharing
              </Button>
            )}
            <Button onClick={onClose}>Close</Button>
            {!readOnly && (
              <SubmitButton
                label={
                  isSubmitting
                    ? 'Sharing…'
                    : share
                      ? 'Save changes'
                      : values.visibility === 'public'
                        ? 'Share publicly'
                        : 'Share privately'
                }
                // A public link kept as it is is publishing publicly again: only those who may.
                locked={values.visibility === 'public' ? publicLock : null}
                disabled={isSubmitting || (Boolean(share) && !dirty)}
              />
            )}
          </DialogActions>
          <ConfirmDialog
            open={confirmingStop}
            title="Stop sharing this test?"
            description={
              links
                ? `The link ${links.page} stops working at once${links.badge ? ', and so does its badge' : ''}.`
                : ''
            }
            confirmLabel="Stop sharing"
            pendingLabel="Stopping…"
            destructive
            pending={stopping}
            onConfirm={() => void stopSharing()}
            onClose={() => setConfirmingStop(false)}
          />
        </Form>
      )}
    </Formik>
  );
}

/** The form's submit button; locked, it is disabled with the reason as its tooltip. */
function SubmitButton({
  label,
  locked,
  disabled,
}: {
  label: string;
  locked: string | null;
  disabled: boolean;
}) {
  return (
    <Tooltip title={locked ?? ''}>
      <span>
        <Button type="submit" variant="contained" disabled={disabled || locked !== null}>
          {label}
        </Button>
      </span>
    </Tooltip>
  );
}

const VISIBILITIES = [
  { value: 'public', label: 'Public', description: 'Anyone with the link' },
  { value: 'private', label: 'Private', description: 'Members of your organization' },
] as const;

interface VisibilityFieldProps {
  /** Why Public cannot be chosen, said under the choices; null when it can. */
  publicLock: string | null;
  disabled: boolean;
}

function VisibilityField({ publicLock, disabled }: VisibilityFieldProps) {
  const [field, meta] = useField<string>('visibility');
  const labelId = useId();
  return (
    <FormControl component="fieldset" margin="normal" error={Boolean(meta.error)} disabled={disabled}>
      <FormLabel id={labelId} component="legend">
        Who can open the link
      </FormLabel>
      <RadioGroup {...field} aria-labelledby={labelId}>
        {VISIBILITIES.map(({ value, label, description }) => (
          <FormControlLabel
            key={value}
            value={value}
            control={<Radio />}
            disabled={disabled || (value === 'public' && publicLock !== null)}
            label={
              <span>
                {label}
                <Typography component="span" variant="body2" color="text.secondary">
                  {` — ${description}`}
                </Typography>
              </span>
            }
          />
        ))}
      </RadioGroup>
      {publicLock && (
        <Typography variant="caption" color="text.secondary">
          {publicLock}
        </Typography>
      )}
      {meta.error && (
        <Typography variant="caption" color="error">
          {meta.error}
        </Typography>
      )}
    </FormControl>
  );
}
