import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import KeyOutlinedIcon from '@mui/icons-material/KeyOutlined';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { describeError } from '../../../api/apiError';
import { t } from '../../../config/locale';
import { paths } from '../../../config/paths';
import { notify } from '../../../lib/notify';
import { secretMessages, useGetSharedParametersQuery, type SharedParameter } from '../../secrets/api';
import type { TestCase, TestCaseChanges } from '../types';

export interface TestSecretsProps {
  test: TestCase;
  /** Saves the changes with the test; resolves the error, or null once saved. */
  onSave: (changes: TestCaseChanges, success: string) => Promise<unknown>;
  /** Why the choice cannot be changed (issue 27: a viewer), or null. */
  locked?: string | null;
}

/**
 * Whether the test's instructions or steps name the secret as `{{KEY}}`: a run types every secret of
 * the suite it names, chosen or not (issue 28: "This test uses no secrets" on a test typing one).
 */
function mentions(test: TestCase, key: string): boolean {
  const escaped = key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const name = new RegExp(`\\{\\{\\s*${escaped}\\s*\\}\\}`);
  return name.test(test.description) || name.test(JSON.stringify(test.testGenerationSteps ?? []));
}

const secretsHref = (key: string) => `${paths.sharedParameters.getHref()}?search=${encodeURIComponent(key)}`;

/** The suite's secrets this test uses (its shared_parameter_ids), by name, each a link to the secrets page. */
export function TestSecrets({ test, onSave, locked = null }: TestSecretsProps) {
  const { data: secrets, isLoading, isError } = useGetSharedParametersQuery(test.suiteId);
  const [editing, setEditing] = useState(false);
  const [chosen, setChosen] = useState<SharedParameter[]>([]);
  const [saving, setSaving] = useState(false);
  const byId = new Map((secrets ?? []).map((secret) => [secret._id, secret]));
  const chosenIds = new Set(test.sharedParameterIds);
  const used = [
    ...test.sharedParameterIds
      .map((id) => byId.get(id))
      .filter((secret): secret is SharedParameter => secret !== undefined),
    ...(secrets ?? []).filter((secret) => !chosenIds.has(secret._id) && mentions(test, secret.key)),
  ];

  const startEditing = () => {
    setChosen(used);
    setEditing(true);
  };
  const save = async () => {
    setSaving(true);
    const error = await onSave({ sharedParameterIds: chosen.map(({ _id }) => _id) }, 'Secrets saved');
    setSaving(false);
    if (error) notify.error(describeError(error, t.tests.updateFailed));
    else setEditing(false);
  };

  if (isLoading)
    return (
      <Typography variant="body2" color="text.secondary">
        Loading secrets…
      </Typography>
    );
  if (isError)
    return (
      <Typography variant="body2" color="error">
        {secretMessages.fetchFailed}
      </Typography>
    );

  if (editing)
    return (
      <Stack spacing={1.5}>
        <Autocomplete
          multiple
          options={secrets ?? []}
          value={chosen}
          onChange={(_event, value) => setChosen(value)}
          getOptionLabel={(secret) => secret.key}
          isOptionEqualToValue={(option, value) => option._id === value._id}
          disabled={saving}
          renderInput={(params) => (
            <TextField {...params} label="Secrets this test uses" size="small" autoFocus />
          )}
        />
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
          <Button onClick={() => setEditing(false)} disabled={saving}>
            Cancel
          </Button>
          <Button variant="contained" onClick={() => void save()} disabled={saving}>
            {saving ? 'Saving…' : 'Save secrets'}
          </Button>
        </Stack>
      </Stack>
    );

  return (
    <Box>
      {used.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          This test uses no secrets.{' '}
          {(secrets ?? []).length === 0 && (
            <Link component={RouterLink} to={paths.sharedParameters.getHref()}>
              Create one on the Secrets page
            </Link>
          )}
        </Typography>
      ) : (
        <Stack
          direction="row"
          component="ul"
          aria-label="Secrets used"
          sx={{ flexWrap: 'wrap', gap: 1, p: 0, m: 0 }}
        >
          {used.map((secret) => (
            <Box component="li" key={secret._id} sx={{ listStyle: 'none' }}>
              <Chip
                icon={<KeyOutlinedIcon />}
                label={secret.key}
                component={RouterLink}
                to={secretsHref(secret.key)}
                clickable
                variant="outlined"
                sx={{ fontFamily: 'monospace' }}
              />
            </Box>
          ))}
        </Stack>
      )}
      {(secrets ?? []).length > 0 && (
        <Stack direction="row" sx={{ justifyContent: 'flex-end', mt: 1 }}>
          <Tooltip title={locked ?? ''}>
            <span>
              <Button
                size="small"
                startIcon={<EditOutlinedIcon />}
                disabled={locked !== null}
                onClick={startEditing}
              >
                Choose secrets
              </Button>
            </span>
          </Tooltip>
        </Stack>
      )}
    </Box>
  );
}
