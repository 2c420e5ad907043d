import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { Link as RouterLink, useLocation } from 'react-router';
import { paths } from '../../../config/paths';
import { AuthCard } from '../../../features/auth/components/AuthCard';
import { SocialSignInButtons } from '../../../features/auth/components/SocialSignInButtons';
import { useDocumentTitle } from '../../../hooks/useDocumentTitle';
import { InvitationNotice } from './InvitationNotice';

export function AuthStartRoute() {
  useDocumentTitle('Welcome');
  const location = useLocation();
  return (
    <AuthCard
      title="Welcome to Plainwright"
      subtitle="Describe browser tests in plain words, let agents generate them, then run and heal them."
    >
      <InvitationNotice />
      <Stack spacing={1.5}>
        <Button
          component={RouterLink}
          to={paths.auth.login.getHref()}
          state={location.state}
          variant="contained"
          size="large"
        >
          Sign in with email
        </Button>
        <Button
          component={RouterLink}
          to={paths.auth.register.getHref()}
          state={location.state}
          variant="outlined"
          size="large"
        >
          Create an account
        </Button>
      </Stack>
      <SocialSignInButtons />
    </AuthCard>
  );
}
