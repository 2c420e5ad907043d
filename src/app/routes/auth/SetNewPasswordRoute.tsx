import Link from '@mui/material/Link';
import { Link as RouterLink, useNavigate } from 'react-router';
import { t } from '../../../config/locale';
import { paths } from '../../../config/paths';
import { AuthCard } from '../../../features/auth/components/AuthCard';
import { SetNewPasswordForm } from '../../../features/auth/components/SetNewPasswordForm';
import { selectIsRecoveringPassword } from '../../../features/auth/selectors';
import { passwordChanged } from '../../../features/auth/slice';
import { useDocumentTitle } from '../../../hooks/useDocumentTitle';
import { notify } from '../../../lib/notify';
import { useAppDispatch, useAppSelector } from '../../hooks';

export function SetNewPasswordRoute() {
  const recovering = useAppSelector(selectIsRecoveringPassword);
  const title = recovering ? 'Set a new password' : 'Change password';
  useDocumentTitle(title);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  return (
    <AuthCard
      title={title}
      subtitle="Use at least 8 characters."
      footer={
        <Link component={RouterLink} to={paths.dashboard.getHref()} variant="body2">
          Cancel
        </Link>
      }
    >
      <SetNewPasswordForm
        askCurrentPassword={!recovering}
        onPasswordChanged={() => {
          dispatch(passwordChanged());
          notify.success(t.auth.passwordUpdated);
          void navigate(paths.dashboard.getHref(), { replace: true });
        }}
      />
    </AuthCard>
  );
}
