import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { Form, Formik } from 'formik';
import { useLocation, useNavigate } from 'react-router';
import { errorMessage } from '../../../api/apiError';
import { FormPasswordField } from '../../../components/FormPasswordField';
import { FormTextField } from '../../../components/FormTextField';
import { t } from '../../../config/locale';
import { paths } from '../../../config/paths';
import { useSignUpMutation } from '../api';
import { registerSchema } from '../schemas';
import { NameFields } from './NameFields';

const initialValues = { firstName: '', lastName: '', email: '', password: '', confirmPassword: '' };

/** Creates an account; when the provider asks for e-mail confirmation the person is told to check their inbox. */
export function RegisterForm() {
  const [signUp, { error }] = useSignUpMutation();
  const navigate = useNavigate();
  // Where the person was headed (an invitation's link): the confirmation link comes back there.
  const from = (useLocation().state as { from?: { pathname: string; search?: string } } | null)?.from;
  const next = from ? `${from.pathname}${from.search ?? ''}` : null;
  return (
    <Formik
      initialValues={initialValues}
      validationSchema={registerSchema}
      onSubmit={async (values) => {
        const email = values.email.trim();
        const result = await signUp({
          email,
          password: values.password,
          firstName: values.firstName.trim(),
          lastName: values.lastName.trim(),
          next,
        });
        if ('data' in result && result.data?.needsEmailConfirmation) {
          await navigate(paths.auth.verifyEmail.getHref(), { state: { email } });
        }
      }}
    >
      {({ isSubmitting }) => (
        <Form noValidate aria-label="Create account">
          {error && (
            <Alert severity="error" sx={{ mb: 1 }}>
              {errorMessage(error, t.auth.registrationFailed)}
            </Alert>
          )}
          <NameFields autoFocus />
          <FormTextField name="email" label="Email" type="email" autoComplete="email" />
          <FormPasswordField name="password" label="Password" autoComplete="new-password" />
          <FormPasswordField name="confirmPassword" label="Confirm password" autoComplete="new-password" />
          <Button
            type="submit"
            variant="contained"
            fullWidth
            size="large"
            sx={{ mt: 2 }}
            disabled={isSubmitting}
          >
            {isSubmitting ? 'Creating account…' : 'Create account'}
          </Button>
        </Form>
      )}
    </Formik>
  );
}
