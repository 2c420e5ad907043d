import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import { errorMessage } from '../../../api/apiError';
import { t } from '../../../config/locale';
import { useSignInWithProviderMutation } from '../api';
import type { OAuthProvider } from '../types';

const providers: { id: OAuthProvider; label: string; failure: string }[] = [
  { id: 'google', label: 'Continue with Google', failure: t.auth.googleFailed },
  { id: 'azure', label: 'Continue with Microsoft', failure: t.auth.microsoftFailed },
];

export function SocialSignInButtons() {
  const [signInWithProvider, { isLoading, error, originalArgs }] = useSignInWithProviderMutation();
  const failed = providers.find((provider) => provider.id === originalArgs);
  return (
    <Stack spacing={1.5} sx={{ mt: 2 }}>
      <Divider>or</Divider>
      {providers.map((provider) => (
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
