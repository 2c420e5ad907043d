import AddIcon from '@mui/icons-material/Add';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import PublicOutlinedIcon from '@mui/icons-material/PublicOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useFormik } from 'formik';
import { useId, useState } from 'react';
import { describeError, isApiError } from '../../../api/apiError';
import type { Permissions } from '../../../app/hooks';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { EmptyState } from '../../../components/EmptyState';
import { ErrorState } from '../../../components/ErrorState';
import { ListSkeleton } from '../../../components/ListSkeleton';
import { notify } from '../../../lib/notify';
import {
  useCreateEnvironmentMutation,
  useDeleteEnvironmentMutation,
  useGetEnvironmentsQuery,
  useUpdateEnvironmentMutation,
  type Environment,
  type EnvironmentInput,
} from '../api';
import { environmentMessages as messages, environmentSchema, formatLines, parseLines } from '../environments';

interface FormValues {
  name: string;
  baseUrl: string;
  variables: string;
  secrets: string;
  isDefault: boolean;
}

type Field = keyof FormValues;

/** The form field a server 400 names (details.fields), so its sentence shows where it belongs. */
function fieldOf(error: unknown): Field {
  const fields =
    (isApiError(error) && (error.details as { fields?: Record<string, string> } | undefined)?.fields) || {};
  if ('base_url' in fields) return 'baseUrl';
  if ('variables' in fields) return 'variables';
  if ('secrets' in fields) return 'secrets';
  return 'name';
}

interface EnvironmentDialogProps {
  open: boolean;
  environment: Environment | null;
  /** Resolves true when saved; a [field, sentence] the server said; false when a toast said why. */
  onSubmit: (input: EnvironmentInput) => Promise<true | false | [Field, string]>;
  onClose: () => void;
}

/** Adds or edits an environment: a name, a base URL, variables and secret overrides (written, never read back). */
function EnvironmentDialog({ open, environment, onSubmit, onClose }: EnvironmentDialogProps) {
  const titleId = useId();
  // Stored secrets are listed by name; one struck off here is removed on save.
  const [removed, setRemoved] = useState<string[]>([]);
  const formik = useFormik<FormValues>({
    initialValues: {
      name: environment?.name ?? '',
      baseUrl: environment?.base_url ?? '',
      variables: formatLines(environment?.variables ?? {}),
      secrets: '',
      isDefault: environment?.is_default ?? false,
    },
    enableReinitialize: true,
    validationSchema: environmentSchema,
    onSubmit: async (values, helpers) => {
      const secrets: Record<string, string | null> = {
        ...Object.fromEntries(removed.map((name) => [name, null])),
        ...parseLines(values.secrets),
      };
      const outcome = await onSubmit({
        name: values.name.trim(),
        base_url: values.baseUrl.trim(),
        variables: parseLines(values.variables) ?? {},
        secrets,
        ...(values.isDefault && { is_default: true }),
      });
      if (Array.isArray(outcome)) helpers.setFieldError(outcome[0], outcome[1]);
      else if (outcome) {
        helpers.resetForm();
        setRemoved([]);
        onClose();
      }
    },
  });
  const close = () => {
    if (formik.isSubmitting) return;
    formik.resetForm();
    setRemoved([]);
    onClose();
  };
  const shown = (field: Field) =>
    (formik.touched[field] || formik.submitCount > 0) && formik.errors[field]
      ? (formik.errors[field] as string)
      : undefined;
  const stored = Object.keys(environment?.secrets ?? {}).filter((name) => !removed.includes(name));
  return (
    <Dialog open={open} onClose={close} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <form onSubmit={formik.handleSubmit} noValidate>
        <DialogTitle id={titleId}>{environment ? 'Edit environment' : 'Add environment'}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ mt: 1 }}>
            <TextField
              label="Name"
              {...formik.getFieldProps('name')}
              error={Boolean(shown('name'))}
              helperText={shown('name')}
              required
              autoFocus
            />
            <TextField
              label="Base URL"
              placeholder="https://staging.shop.example"
              {...formik.getFieldProps('baseUrl')}
              error={Boolean(shown('baseUrl'))}
              helperText={
                shown('baseUrl') ?? "Tests keep their path and query and open on this URL's origin."
              }
              required
            />
            <TextField
              label="Variables"
              multiline
              minRows={2}
              {...formik.getFieldProps('variables')}
              error={Boolean(shown('variables'))}
              helperText={shown('variables') ?? messages.variablesHelp}
            />
            {stored.length > 0 && (
              <Box>
                <Typography variant="body2" color="text.secondary" gutterBottom>
                  Stored secrets
                </Typography>
                <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
                  {stored.map((name) => (
                    <Chip
                      key={name}
                      label={`${name} ••••••••`}
                      onDelete={() => setRemoved((names) => [...names, name])}
                      slotProps={{ root: { 'aria-label': `Secret ${name}` } }}
                    />
                  ))}
                </Stack>
              </Box>
            )}
            <TextField
              label="Secrets"
              multiline
              minRows={2}
              {...formik.getFieldProps('secrets')}
              error={Boolean(shown('secrets'))}
              helperText={shown('secrets') ?? messages.secretsHelp}
            />
            <FormControlLabel
              control={<Checkbox {...formik.getFieldProps({ name: 'isDefault', type: 'checkbox' })} />}
              label="Default environment"
              disabled={environment?.is_default}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={close} disabled={formik.isSubmitting}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" loading={formik.isSubmitting}>
            {environment ? 'Save' : 'Add'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

interface EnvironmentsSectionProps {
  suiteId: string;
  /** Adding, editing and deleting are for who manages the project's secrets (environments carry some). */
  permissions: Permissions;
}

/** The project's named environments (issue 33): a run, run-all or schedule may choose one. */
export function EnvironmentsSection({ suiteId, permissions }: EnvironmentsSectionProps) {
  const denied = permissions.reason('manageSecrets');
  const { data, isLoading, isError, isFetching, refetch } = useGetEnvironmentsQuery(suiteId);
  const [createEnvironment] = useCreateEnvironmentMutation();
  const [updateEnvironment] = useUpdateEnvironmentMutation();
  const [deleteEnvironment, { isLoading: deleting }] = useDeleteEnvironmentMutation();
  const [dialog, setDialog] = useState<{ environment: Environment | null } | null>(null);
  const [confirming, setConfirming] = useState<Environment | null>(null);

  const save = async (input: EnvironmentInput): Promise<true | false | [Field, string]> => {
    const editing = dialog?.environment;
    try {
      if (editing) await updateEnvironment({ ...input, suiteId, id: editing._id }).unwrap();
      else await createEnvironment({ ...input, suiteId }).unwrap();
      notify.success(editing ? messages.updated : messages.created);
      return true;
    } catch (error) {
      if (isApiError(error) && error.status === 400 && error.serverMessage)
        return [fieldOf(error), error.serverMessage];
      notify.error(describeError(error, messages.saveFailed));
      return false;
    }
  };
  const remove = async () => {
    if (!confirming) return;
    try {
      await deleteEnvironment({ suiteId, id: confirming._id }).unwrap();
      notify.success(messages.deleted);
    } catch (error) {
      notify.error(describeError(error, messages.deleteFailed));
    }
    setConfirming(null);
  };

  const addButton = (
    <Tooltip title={denied ?? ''}>
      <span>
        <Button
          variant="outlined"
          startIcon={<AddIcon />}
          disabled={denied !== null}
          onClick={() => setDialog({ environment: null })}
        >
          Add environment
        </Button>
      </span>
    </Tooltip>
  );

  let body;
  if (isLoading) body = <ListSkeleton label="Loading environments" />;
  else if (isError)
    body = <ErrorState message={messages.fetchFailed} onRetry={refetch} retrying={isFetching} />;
  else if (!data || data.length === 0)
    body = (
      <EmptyState
        icon={<PublicOutlinedIcon />}
        title="No environments yet"
        description="Add staging, preview or production to run the same tests on each."
        action={addButton}
      />
    );
  else
    body = (
      <>
        <List aria-label="Environments">
          {data.map((environment) => (
            <ListItem
              key={environment._id}
              divider
              secondaryAction={
                <Tooltip title={denied ?? ''}>
                  <span>
                    <IconButton
                      aria-label={`Edit ${environment.name}`}
                      disabled={denied !== null}
                      onClick={() => setDialog({ environment })}
                    >
                      <EditOutlinedIcon />
                    </IconButton>
                    <IconButton
                      aria-label={`Delete ${environment.name}`}
                      disabled={denied !== null}
                      onClick={() => setConfirming(environment)}
                    >
                      <DeleteOutlinedIcon />
                    </IconButton>
                  </span>
                </Tooltip>
              }
            >
              <ListItemText
                primary={
                  <>
                    {environment.name}
                    {environment.is_default && <Chip size="small" label="Default" sx={{ ml: 1 }} />}
                  </>
                }
                secondary={`${environment.base_url} · ${Object.keys(environment.variables).length} variables · ${Object.keys(environment.secrets).length} secrets`}
              />
            </ListItem>
          ))}
        </List>
        <Box sx={{ mt: 2 }}>{addButton}</Box>
      </>
    );

  return (
    <>
      {body}
      <EnvironmentDialog
        open={dialog !== null}
        environment={dialog?.environment ?? null}
        onSubmit={save}
        onClose={() => setDialog(null)}
      />
      <ConfirmDialog
        open={confirming !== null}
        title="Delete environment?"
        description={
          confirming
            ? `“${confirming.name}” and its variables and secrets will be deleted. Runs made on it keep their results.`
            : ''
        }
        confirmLabel="Delete"
        pendingLabel="Deleting…"
        destructive
        pending={deleting}
        onConfirm={() => void remove()}
        onClose={() => setConfirming(null)}
      />
    </>
  );
}
