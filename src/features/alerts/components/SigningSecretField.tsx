import AutorenewIcon from '@mui/icons-material/Autorenew';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { describeError } from '../../../api/apiError';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { SecretField } from '../../../components/SecretField';
import { notify } from '../../../lib/notify';
import { useRotateSigningSecretMutation } from '../api';
import { messages } from '../messages';
import { WEBHOOK_HEADERS } from '../types';

interface SigningSecretFieldProps {
  collectionId: string;
  /** Whether webhooks are signed already: making a new secret then stops the old one. */
  hasSecret: boolean;
  /** Why the key cannot be made or rotated (issue 27: it is the admins'), or null. */
  locked: string | null;
}

/**
 * The key webhooks are signed with. The server keeps it and never sends it back, so it shows only
 * right after it is made or rotated: hidden until revealed, with a copy button.
 */
export function SigningSecretField({ collectionId, hasSecret, locked }: SigningSecretFieldProps) {
  const [rotate, { isLoading }] = useRotateSigningSecretMutation();
  const [secret, setSecret] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const signed = hasSecret || secret !== null;

  const make = async () => {
    const result = await rotate(collectionId);
    setConfirming(false);
    if ('error' in result) return notify.error(describeError(result.error, messages.secretFailed));
    setSecret(result.data.signing_secret);
    notify.success(messages.secretMade);
  };

  return (
    <Box component="section" aria-label="Webhook signing secret">
      <Typography variant="subtitle2" component="h3">
        Webhook signing secret
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        To check a webhook came from us, compute the hex HMAC-SHA256 of{' '}
        <code>{`<${WEBHOOK_HEADERS.timestamp}>.<raw body>`}</code> with this secret and compare it with{' '}
        <code>{WEBHOOK_HEADERS.signature}</code> (after <code>sha256=</code>).
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'center' } }}>
        {secret !== null && (
          <>
            <SecretField
              key={secret}
              label="Signing secret"
              value={secret}
              noun="secret"
              copied={messages.copied}
              copyFailed={messages.copyFailed}
            />
          </>
        )}
        <Tooltip title={locked ?? ''}>
          <Box component="span" sx={{ flexShrink: 0, alignSelf: { xs: 'flex-start', sm: 'auto' } }}>
            <Button
              variant="outlined"
              color={signed ? 'warning' : 'primary'}
              startIcon={<AutorenewIcon />}
              disabled={isLoading || locked !== null}
              onClick={() => (signed ? setConfirming(true) : void make())}
              sx={{ whiteSpace: 'nowrap' }}
            >
              {signed ? 'Rotate secret' : 'Create secret'}
            </Button>
          </Box>
        </Tooltip>
      </Stack>
      <ConfirmDialog
        open={confirming}
        title="Rotate the signing secret?"
        description="Webhooks are signed with the new secret from now on: receivers that check the old one will refuse them until they have the new one."
        confirmLabel="Rotate"
        pendingLabel="Rotating…"
        destructive
        pending={isLoading}
        onConfirm={() => void make()}
        onClose={() => setConfirming(false)}
      />
    </Box>
  );
}
