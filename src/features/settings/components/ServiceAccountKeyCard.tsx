import AutorenewIcon from '@mui/icons-material/Autorenew';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { describeError } from '../../../api/apiError';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { t } from '../../../config/locale';
import { notify } from '../../../lib/notify';
import { useRegenerateServiceAccountKeyMutation, type Organization } from '../../organizations/api';

interface ServiceAccountKeyCardProps {
  organization: Organization;
}

/** The key CI uses instead of a person's session: copy it, or regenerate it (the old one stops working). */
export function ServiceAccountKeyCard({ organization }: ServiceAccountKeyCardProps) {
  const [regenerate, { isLoading }] = useRegenerateServiceAccountKeyMutation();
  const [visible, setVisible] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const key = organization.serviceAccountKey;

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(key ?? '');
      notify.success(t.organizations.copied);
    } catch {
      notify.error(t.organizations.copyFailed);
    }
  };

  const confirmRegenerate = async () => {
    const result = await regenerate({ organizationId: organization.id });
    setConfirming(false);
    if ('error' in result) notify.error(describeError(result.error, t.organizations.regenerateFailed));
    else notify.success(t.organizations.regenerated);
  };

  return (
    <Card variant="outlined">
      <CardHeader
        title="Service account key"
        subheader="Lets CI pipelines run this organization's collections without a personal login."
        slotProps={{ title: { component: 'h2', variant: 'h6' } }}
      />
      <CardContent>
        {key === null ? (
          <Alert severity="info">
            Only organization admins can see and regenerate the service account key.
          </Alert>
        ) : (
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'center' } }}>
            <TextField
              label="Service account key"
              value={visible ? key : '•'.repeat(Math.min(key.length, 32))}
              fullWidth
              size="small"
              slotProps={{
                htmlInput: { readOnly: true, style: { fontFamily: 'monospace' } },
                input: {
                  endAdornment: (
                    <InputAdornment position="end">
                      <IconButton
                        aria-label={visible ? 'Hide key' : 'Show key'}
                        onClick={() => setVisible((shown) => !shown)}
                        edge="end"
                        size="small"
                      >
                        {visible ? <VisibilityOff fontSize="small" /> : <Visibility fontSize="small" />}
                      </IconButton>
                    </InputAdornment>
                  ),
                },
              }}
            />
            <Button variant="outlined" startIcon={<ContentCopyIcon />} onClick={() => void copy()}>
              Copy
            </Button>
            <Button
              variant="outlined"
              color="warning"
              startIcon={<AutorenewIcon />}
              onClick={() => setConfirming(true)}
              disabled={isLoading}
              sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
            >
              {isLoading ? 'Regenerating…' : 'Regenerate'}
            </Button>
          </Stack>
        )}
      </CardContent>
      <ConfirmDialog
        open={confirming}
        title="Regenerate the service account key?"
        description="The current key stops working at once. Every pipeline that uses it will need the new key."
        confirmLabel="Regenerate"
        pendingLabel="Regenerating…"
        destructive
        pending={isLoading}
        onConfirm={() => void confirmRegenerate()}
        onClose={() => setConfirming(false)}
      />
    </Card>
  );
}
