import MarkEmailReadOutlinedIcon from '@mui/icons-material/MarkEmailReadOutlined';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useLocation } from 'react-router';
import { paths } from '../../../config/paths';
import { AuthCard } from '../../../features/auth/components/AuthCard';
import { useDocumentTitle } from '../../../hooks/useDocumentTitle';

export function VerifyEmailRoute() {
  useDocumentTitle('Verify your email');
  const email = (useLocation().state as { email?: string } | null)?.email;
  return (
    <AuthCard
      title="Check your email"
      footer={
        <Link component={RouterLink} to={paths.auth.login.getHref()} variant="body2">
          Back to sign in
        </Link>
      }
    >
      <Box sx={{ textAlign: 'center', color: 'primary.main', fontSize: 48, lineHeight: 0, my: 2 }}>
        <MarkEmailReadOutlinedIcon fontSize="inherit" />
      </Box>
      <Typography>
        We sent a confirmation link to {email ? <strong>{email}</strong> : 'your e-mail address'}. Open it to
        activate your account, then sign in.
      </Typography>
    </AuthCard>
  );
}
