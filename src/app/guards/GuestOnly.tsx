import { Navigate, Outlet, useLocation, type Location } from 'react-router';
import { PageLoader } from '../../components/PageLoader';
import { paths } from '../../config/paths';
import { selectAuthStatus } from '../../features/auth/selectors';
import { useAppSelector } from '../hooks';

export interface RedirectState {
  from?: Location;
}

/** Signed-in people skip the sign-in screens and go back to where they were headed, or the dashboard. */
export function GuestOnly() {
  const status = useAppSelector(selectAuthStatus);
  const location = useLocation();
  if (status === 'initializing') return <PageLoader fullScreen label="Checking your session" />;
  if (status === 'signedIn') {
    const from = (location.state as RedirectState | null)?.from;
    const target = from && !from.pathname.startsWith('/auth') ? from : paths.dashboard.getHref();
    return <Navigate to={target} replace />;
  }
  return <Outlet />;
}
