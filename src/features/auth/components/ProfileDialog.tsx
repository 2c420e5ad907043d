import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { Form, Formik } from 'formik';
import { useId } from 'react';
import { errorMessage } from '../../../api/apiError';
import { t } from '../../../config/locale';
import { notify } from '../../../lib/notify';
import { useGetCurrentUserQuery, useUpdateProfileMutation } from '../api';
import { profileSchema } from '../schemas';
import { type User } from '../types';
import { NameFields } from './NameFields';

interface ProfileDialogProps {
  open: boolean;
  user: User;
  onClose: () => void;
}

/**
 * The person's first and last name (the provider's user metadata, as at registration), read from the
 * provider each time the dialog opens; when that read fails it says so (SPEC §8) and shows the
 * session's copy. A failed save keeps what was typed and says why; the menu's initials follow once the
 * provider confirms.
 */
export function ProfileDialog({ open, user: sessionUser, onClose }: ProfileDialogProps) {
  const titleId = useId();
  const current = useGetCurrentUserQuery(undefined, { skip: !open, refetchOnMountOrArgChange: true });
  const user = current.data ?? sessionUser;
  const [updateProfile, { error, reset }] = useUpdateProfileMutation();
  const close = () => {
    reset();
    onClose();
  };
  return (
    <Dialog open={open} onClose={close} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <Formik
        initialValues={{ firstName: user.firstName, lastName: user.lastName }}
        enableReinitialize
        validationSchema={profileSchema}
        onSubmit={async (values) => {
          const result = await updateProfile({
            firstName: values.firstName.trim(),
            lastName: values.lastName.trim(),
          });
          if ('error' in result) return;
          notify.success('Profile updated');
          close();
        }}
      >
        {({ isSubmitting, dirty }) => (
          <Form noValidate aria-labelledby={titleId}>
            <DialogTitle id={titleId}>Your profile</DialogTitle>
            <DialogContent>
              <DialogContentText variant="body2">{user.email}</DialogContentText>
              {current.isError && (
                <Alert severity="warning" sx={{ mt: 1 }}>
                  {errorMessage(current.error, t.auth.loadUserFailed)}
                </Alert>
              )}
              {error && (
                <Alert severity="error" sx={{ mt: 1 }}>
                  {errorMessage(error, t.auth.profileUpdateFailed)}
                </Alert>
              )}
              <NameFields autoFocus />
            </DialogContent>
            <DialogActions>
              <Button onClick={close} disabled={isSubmitting}>
                Cancel
              </Button>
              <Button type="submit" variant="contained" disabled={isSubmitting || !dirty}>
                {isSubmitting ? 'Saving…' : 'Save'}
              </Button>
            </DialogActions>
          </Form>
        )}
      </Formik>
    </Dialog>
  );
}
