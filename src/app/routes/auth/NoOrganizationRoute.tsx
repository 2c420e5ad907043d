import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Navigate, useNavigate } from 'react-router';
import { PageLoader } from '../../../components/PageLoader';
import { paths } from '../../../config/paths';
import { useSignOutMutation } from '../../../features/auth/api';
import { AuthCard } from '../../../features/auth/components/AuthCard';
import { selectCurrentUser } from '../../../features/auth/selectors';
import { CreateOrganizationForm } from '../../../features/organizations/components/CreateOrganizationForm';
import { selectOrganizationsStatus } from '../../../features/organizations/selectors';
import { useDocumentTitle } from '../../../hooks/useDocumentTitle';
import { useAppSelector } from '../../hooks';

export function NoOrganizationRoute() {
  useDocumentTitle('No organization');
  const status = useAppSelector(selectOrganizationsStatus);
  const user = useAppSelector(selectCurrentUser);
  const [signOut, { isLoading }] = useSignOutMutation();
  const navigate = useNavigate();
  if (status === 'ready') return <Navigate to={paths.dashboard.getHref()} replace />;
  if (status === 'idle' || status === 'loading')
    return <PageLoader fullScreen label="Loading your organization" />;
  return (
    <AuthCard
      title="You are not part of any organization"
      subtitle="Ask an admin of your organization to invite you, or create a new organization to get started."
      footer={
        <>
          <Typography variant="body2" color="text.secondary">
            Signed in as {user?.email}
          </Typography>
          <Button
            size="small"
            disabled={isLoading}
            onClick={async () => {
              await signOut();
              void navigate(paths.auth.start.getHref(), { replace: true });
            }}
          >
            Logout
          </Button>
        </>
      }
    >
      <CreateOrganizationForm />
    </AuthCard>
  );
}
