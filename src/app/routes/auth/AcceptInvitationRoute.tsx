import GroupAddOutlinedIcon from '@mui/icons-material/GroupAddOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useSnackbar } from 'notistack';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { describeError } from '../../../api/apiError';
import { paths } from '../../../config/paths';
import { t } from '../../../config/locale';
import { AuthCard } from '../../../features/auth/components/AuthCard';
import { selectCurrentUser } from '../../../features/auth/selectors';
import { useAcceptInvitationMutation } from '../../../features/organizations/api';
import { useDocumentTitle } from '../../../hooks/useDocumentTitle';
import { useAppSelector } from '../../hooks';

/**
 * The link of an invitation e-mail (our addition, issue 9): the signed-in person accepts on purpose; the
 * server checks the one-time token and that the invitation was sent to this person's address.
 */
export function AcceptInvitationRoute() {
  useDocumentTitle('Accept invitation');
  const token = useSearchParams()[0].get('token')?.trim() ?? '';
  const user = useAppSelector(selectCurrentUser);
  const [acceptInvitation, { error, isLoading, isSuccess }] = useAcceptInvitationMutation();
  const { enqueueSnackbar } = useSnackbar();
  const navigate = useNavigate();

  const accept = async () => {
    const result = await acceptInvitation({ token });
    if ('data' in result && result.data) {
      enqueueSnackbar(t.organizations.joined(result.data.name), { variant: 'success' });
      void navigate(paths.dashboard.getHref(), { replace: true });
    }
  };

  return (
    <AuthCard
      title="Join an organization"
      footer={
        <Link component={RouterLink} to={paths.dashboard.getHref()} variant="body2">
          Not now
        </Link>
      }
    >
      <Box sx={{ textAlign: 'center', color: 'primary.main', fontSize: 48, lineHeight: 0, my: 2 }}>
        <GroupAddOutlinedIcon fontSize="inherit" />
      </Box>
      {!token ? (
        <Alert severity="warning">{t.organizations.invitationIncomplete}</Alert>
      ) : (
        <>
          <Typography sx={{ mb: 2 }}>
            You were invited to join a team on Plainwright. Accept to become a member as{' '}
            <strong>{user?.email}</strong>.
          </Typography>
          {error && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {describeError(error, t.organizations.acceptFailed)}
            </Alert>
          )}
          <Button
            variant="contained"
            fullWidth
            size="large"
            onClick={() => void accept()}
            disabled={isLoading || isSuccess}
          >
            {isLoading ? 'Joining…' : 'Accept invitation'}
          </Button>
        </>
      )}
    </AuthCard>
  );
}
