import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useLocation } from 'react-router';
import { paths } from '../../../config/paths';
import { AuthCard } from '../../../features/auth/components/AuthCard';
import { LoginForm } from '../../../features/auth/components/LoginForm';
import { SocialSignInButtons } from '../../../features/auth/components/SocialSignInButtons';
import { useDocumentTitle } from '../../../hooks/useDocumentTitle';
import { InvitationNotice } from './InvitationNotice';

export function LoginRoute() {
  useDocumentTitle('Sign in');
  const location = useLocation();
  return (
    <AuthCard
      title="Sign in"
      footer={
        <Typography variant="body2">
          New to Plainwright?{' '}
          <Link component={RouterLink} to={paths.auth.register.getHref()} state={location.state}>
            Create an account
          </Link>
        </Typography>
      }
    >
      <InvitationNotice />
      <LoginForm />
      <SocialSignInButtons />
    </AuthCard>
  );
}
