import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useLocation } from 'react-router';
import { paths } from '../../../config/paths';
import { AuthCard } from '../../../features/auth/components/AuthCard';
import { RegisterForm } from '../../../features/auth/components/RegisterForm';
import { SocialSignInButtons } from '../../../features/auth/components/SocialSignInButtons';
import { useDocumentTitle } from '../../../hooks/useDocumentTitle';
import { InvitationNotice } from './InvitationNotice';

export function RegisterRoute() {
  useDocumentTitle('Create account');
  const location = useLocation();
  return (
    <AuthCard
      title="Create your account"
      footer={
        <Typography variant="body2">
          Already have an account?{' '}
          <Link component={RouterLink} to={paths.auth.login.getHref()} state={location.state}>
            Sign in
          </Link>
        </Typography>
      }
    >
      <InvitationNotice />
      <RegisterForm />
      <SocialSignInButtons />
    </AuthCard>
  );
}
