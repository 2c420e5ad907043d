import { Navigate, Outlet, useLocation } from 'react-router';
import { PageLoader } from '../../components/PageLoader';
import { paths } from '../../config/paths';
import { selectAuthStatus } from '../../features/auth/selectors';
import { useAppSelector } from '../hooks';

/** Signed-out people go to the auth start, remembering where they were headed. */
export function RequireAuth() {
  const status = useAppSelector(selectAuthStatus);
  const location = useLocation();
  if (status === 'initializing') return <PageLoader fullScreen label="Checking your session" />;
  if (status === 'signedOut') {
    return <Navigate to={paths.auth.start.getHref()} replace state={{ from: location }} />;
  }
  return <Outlet />;
}
