import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { Form, Formik } from 'formik';
import { errorMessage } from '../../../api/apiError';
import { FormTextField } from '../../../components/FormTextField';
import { t } from '../../../config/locale';
import { useSendPasswordResetMutation } from '../api';
import { forgotPasswordSchema } from '../schemas';

/** Asks for a reset link; the answer is the same whether or not the address has an account. */
export function ForgotPasswordForm() {
  const [sendPasswordReset, { error, isSuccess, originalArgs }] = useSendPasswordResetMutation();
  if (isSuccess) {
    return (
      <Alert severity="success" role="status">
        If an account exists for {originalArgs?.email}, a link to set a new password is on its way. Check your
        inbox.
      </Alert>
    );
  }
  return (
    <Formik
      initialValues={{ email: '' }}
      validationSchema={forgotPasswordSchema}
      onSubmit={async (values) => {
        await sendPasswordReset({ email: values.email.trim() });
      }}
    >
      {({ isSubmitting }) => (
        <Form noValidate aria-label="Reset password">
          {error && <Alert severity="error">{errorMessage(error, t.auth.passwordResetFailed)}</Alert>}
          <FormTextField name="email" label="Email" type="email" autoComplete="email" autoFocus />
          <Button
            type="submit"
            variant="contained"
            fullWidth
            size="large"
            sx={{ mt: 2 }}
            disabled={isSubmitting}
          >
            {isSubmitting ? 'Sending…' : 'Send reset link'}
          </Button>
        </Form>
      )}
    </Formik>
  );
}
