import AutorenewIcon from '@mui/icons-material/Autorenew';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { describeError } from '../../../api/apiError';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { SecretField } from '../../../components/SecretField';
import { t } from '../../../config/locale';
import { notify } from '../../../lib/notify';
import { useRegenerateServiceAccountKeyMutation, type Organization } from '../../organizations/api';

interface ServiceAccountKeyCardProps {
  organization: Organization;
}

/** The key CI uses instead of a person's session: copy it, or regenerate it (the old one stops working). */
export function ServiceAccountKeyCard({ organization }: ServiceAccountKeyCardProps) {
  const [regenerate, { isLoading }] = useRegenerateServiceAccountKeyMutation();
  const [confirming, setConfirming] = useState(false);
  const key = organization.serviceAccountKey;

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
            <SecretField
              key={key}
              label="Service account key"
              value={key}
              noun="key"
              copied={t.organizations.copied}
              copyFailed={t.organizations.copyFailed}
            />
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
