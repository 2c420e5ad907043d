import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { Form, Formik } from 'formik';
import { Link as RouterLink } from 'react-router';
import { errorMessage } from '../../../api/apiError';
import { FormPasswordField } from '../../../components/FormPasswordField';
import { FormTextField } from '../../../components/FormTextField';
import { t } from '../../../config/locale';
import { paths } from '../../../config/paths';
import { useSignInMutation } from '../api';
import { loginSchema } from '../schemas';

const initialValues = { email: '', password: '' };

/** Signs in with e-mail and password; the guards move the person on once the session exists. */
export function LoginForm() {
  const [signIn, { error }] = useSignInMutation();
  return (
    <Formik
      initialValues={initialValues}
      validationSchema={loginSchema}
      onSubmit={async (values) => {
        await signIn({ email: values.email.trim(), password: values.password });
      }}
    >
      {({ isSubmitting }) => (
        <Form noValidate aria-label="Sign in">
          {error && (
            <Alert severity="error" sx={{ mb: 1 }}>
              {errorMessage(error, t.auth.loginFailed)}
            </Alert>
          )}
          <FormTextField name="email" label="Email" type="email" autoComplete="email" autoFocus />
          <FormPasswordField name="password" label="Password" autoComplete="current-password" />
          <Stack direction="row" sx={{ justifyContent: 'flex-end', mt: 0.5 }}>
            <Link component={RouterLink} to={paths.auth.forgotPassword.getHref()} variant="body2">
              Forgot password?
            </Link>
          </Stack>
          <Button
            type="submit"
            variant="contained"
            fullWidth
            size="large"
            sx={{ mt: 2 }}
            disabled={isSubmitting}
          >
            {isSubmitting ? 'Signing in…' : 'Sign in'}
          </Button>
        </Form>
      )}
    </Formik>
  );
}
