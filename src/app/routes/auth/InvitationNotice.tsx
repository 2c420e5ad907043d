import Alert from '@mui/material/Alert';
import { useLocation } from 'react-router';
import { paths } from '../../../config/paths';
import { type RedirectState } from '../../guards/GuestOnly';

/**
 * The sign-in screens reached from an invitation's link say so: without it they are the generic
 * welcome, and a new teammate cannot tell that signing up leads to the team.
 */
export function InvitationNotice() {
  const from = (useLocation().state as RedirectState | null)?.from;
  if (from?.pathname !== paths.acceptInvitation.path) return null;
  return (
    <Alert severity="info" sx={{ mb: 2 }}>
      You were invited to join a team on Plainwright. Sign in, or create an account with the address the
      invitation was sent to, and you can join it right after.
    </Alert>
  );
}
