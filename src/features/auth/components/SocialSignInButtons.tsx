import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import { errorMessage } from '../../../api/apiError';
import { t } from '../../../config/locale';
import { useGetOAuthProvidersQuery, useSignInWithProviderMutation } from '../api';
import type { OAuthProvider } from '../types';

const providers: { id: OAuthProvider; label: string; failure: string }[] = [
  { id: 'google', label: 'Continue with Google', failure: t.auth.googleFailed },
  { id: 'azure', label: 'Continue with Microsoft', failure: t.auth.microsoftFailed },
];

/** The social sign-ins the identity provider has turned on; nothing at all when none is. */
export function SocialSignInButtons() {
  const { data: enabled = [] } = useGetOAuthProvidersQuery();
  const [signInWithProvider, { isLoading, error, originalArgs }] = useSignInWithProviderMutation();
  const shown = providers.filter((provider) => enabled.includes(provider.id));
  const failed = providers.find((provider) => provider.id === originalArgs);
  if (shown.length === 0) return null;
  return (
    <Stack spacing={1.5} sx={{ mt: 2 }}>
      <Divider>or</Divider>
      {shown.map((provider) => (
        <Button
          key={provider.id}
          variant="outlined"
          fullWidth
          disabled={isLoading}
          onClick={() => void signInWithProvider(provider.id)}
        >
          {provider.label}
        </Button>
      ))}
      {error && failed && <Alert severity="error">{errorMessage(error, failed.failure)}</Alert>}
    </Stack>
  );
}
