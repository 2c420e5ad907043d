import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import { Link as RouterLink, Navigate, useLocation } from 'react-router';
import { PageLoader } from '../../../components/PageLoader';
import { paths } from '../../../config/paths';
import { nextPathOf } from '../../../features/auth/api';
import { AuthCard } from '../../../features/auth/components/AuthCard';
import { selectAuthStatus } from '../../../features/auth/selectors';
import { useDocumentTitle } from '../../../hooks/useDocumentTitle';
import { useAppSelector } from '../../hooks';

/** The identity provider's error comes back in the query (PKCE) or the fragment (implicit flow). */
export function readCallbackError(search: string, hash: string): string | null {
  for (const raw of [search, hash.replace(/^#/, '?')]) {
    const params = new URLSearchParams(raw);
    const message = params.get('error_description') ?? params.get('error');
    if (message) return message.replace(/\+/g, ' ');
  }
  return null;
}

/**
 * Where social sign-in and e-mail confirmation links land; supabase-js reads the session from the URL.
 * The person goes on to the page they were headed for when they signed up (`next`: an invitation), or
 * to the dashboard.
 */
export function AuthCallbackRoute() {
  useDocumentTitle('Signing in');
  const status = useAppSelector(selectAuthStatus);
  const { search, hash } = useLocation();
  const error = readCallbackError(search, hash);
  if (status === 'signedIn') return <Navigate to={nextPathOf(search) ?? paths.dashboard.getHref()} replace />;
  if (status === 'initializing' && !error) return <PageLoader fullScreen label="Completing sign-in" />;
  return (
    <AuthCard
      title="We couldn't sign you in"
      footer={
        <Link component={RouterLink} to={paths.auth.login.getHref()} variant="body2">
          Back to sign in
        </Link>
      }
    >
      <Alert severity="error">
        {error ?? 'The sign-in link is invalid or has expired. Please try again.'}
      </Alert>
    </AuthCard>
  );
}
