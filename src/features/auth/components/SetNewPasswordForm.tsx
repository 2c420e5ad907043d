import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { Form, Formik } from 'formik';
import { errorMessage } from '../../../api/apiError';
import { FormPasswordField } from '../../../components/FormPasswordField';
import { t } from '../../../config/locale';
import { useUpdatePasswordMutation } from '../api';
import { changePasswordSchema, setNewPasswordSchema } from '../schemas';

interface SetNewPasswordFormProps {
  /** False after a recovery link: the person has forgotten the current password. */
  askCurrentPassword: boolean;
  onPasswordChanged: () => void;
}

export function SetNewPasswordForm({ askCurrentPassword, onPasswordChanged }: SetNewPasswordFormProps) {
  const [updatePassword, { error }] = useUpdatePasswordMutation();
  return (
    <Formik
      initialValues={{ currentPassword: '', password: '', confirmPassword: '' }}
      validationSchema={askCurrentPassword ? changePasswordSchema : setNewPasswordSchema}
      onSubmit={async (values) => {
        const result = await updatePassword({
          password: values.password,
          ...(askCurrentPassword ? { currentPassword: values.currentPassword } : {}),
        });
        if (!('error' in result)) onPasswordChanged();
      }}
    >
      {({ isSubmitting }) => (
        <Form noValidate aria-label="Set new password">
          {error && <Alert severity="error">{errorMessage(error, t.auth.profileUpdateFailed)}</Alert>}
          {askCurrentPassword && (
            <FormPasswordField
              name="currentPassword"
              label="Current password"
              autoComplete="current-password"
              autoFocus
            />
          )}
          <FormPasswordField
            name="password"
            label="New password"
            autoComplete="new-password"
            autoFocus={!askCurrentPassword}
          />
          <FormPasswordField name="confirmPassword" label="Confirm password" autoComplete="new-password" />
          <Button
            type="submit"
            variant="contained"
            fullWidth
            size="large"
            sx={{ mt: 2 }}
            disabled={isSubmitting}
          >
            {isSubmitting ? 'Saving…' : 'Save password'}
          </Button>
        </Form>
      )}
    </Formik>
  );
}
