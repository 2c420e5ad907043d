import Link from '@mui/material/Link';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../../config/paths';
import { AuthCard } from '../../../features/auth/components/AuthCard';
import { ForgotPasswordForm } from '../../../features/auth/components/ForgotPasswordForm';
import { useDocumentTitle } from '../../../hooks/useDocumentTitle';

export function ForgotPasswordRoute() {
  useDocumentTitle('Reset password');
  return (
    <AuthCard
      title="Reset your password"
      subtitle="Enter the e-mail address of your account and we will send you a link to set a new password."
      footer={
        <Link component={RouterLink} to={paths.auth.login.getHref()} variant="body2">
          Back to sign in
        </Link>
      }
    >
      <ForgotPasswordForm />
    </AuthCard>
  );
}
