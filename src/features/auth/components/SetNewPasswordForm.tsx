import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { Form, Formik } from 'formik';
import { errorMessage } from '../../../api/apiError';
import { FormPasswordField } from '../../../components/FormPasswordField';
import { t } from '../../../config/locale';
import { useUpdatePasswordMutation } from '../api';
import { setNewPasswordSchema } from '../schemas';

interface SetNewPasswordFormProps {
  onPasswordChanged: () => void;
}

export function SetNewPasswordForm({ onPasswordChanged }: SetNewPasswordFormProps) {
  const [updatePassword, { error }] = useUpdatePasswordMutation();
  return (
    <Formik
      initialValues={{ password: '', confirmPassword: '' }}
      validationSchema={setNewPasswordSchema}
      onSubmit={async (values) => {
        const result = await updatePassword({ password: values.password });
        if (!('error' in result)) onPasswordChanged();
      }}
    >
      {({ isSubmitting }) => (
        <Form noValidate aria-label="Set new password">
          {error && <Alert severity="error">{errorMessage(error, t.auth.profileUpdateFailed)}</Alert>}
          <FormPasswordField name="password" label="New password" autoComplete="new-password" autoFocus />
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
