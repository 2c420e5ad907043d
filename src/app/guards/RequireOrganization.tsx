import Box from '@mui/material/Box';
import { Navigate, Outlet } from 'react-router';
import { ErrorState } from '../../components/ErrorState';
import { PageLoader } from '../../components/PageLoader';
import { t } from '../../config/locale';
import { paths } from '../../config/paths';
import { selectOrganizationsError, selectOrganizationsStatus } from '../../features/organizations/selectors';
import { organizationsRetryRequested } from '../../features/organizations/slice';
import { useAppDispatch, useAppSelector } from '../hooks';

/** Dashboard pages need an organization: none sends the person to create one. */
export function RequireOrganization() {
  const status = useAppSelector(selectOrganizationsStatus);
  const error = useAppSelector(selectOrganizationsError);
  const dispatch = useAppDispatch();
  if (status === 'none') return <Navigate to={paths.auth.noOrganization.getHref()} replace />;
  if (status === 'failed') {
    return (
      <Box sx={{ minHeight: '100dvh', display: 'grid', placeItems: 'center', p: 2 }}>
        <ErrorState
          message={error ?? t.organizations.loadFailed}
          onRetry={() => dispatch(organizationsRetryRequested())}
        />
      </Box>
    );
  }
  if (status !== 'ready') return <PageLoader fullScreen label="Loading your organization" />;
  return <Outlet />;
}
