import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { Form, Formik } from 'formik';
import { describeError } from '../../../api/apiError';
import { FormTextField } from '../../../components/FormTextField';
import { t } from '../../../config/locale';
import { useCreateOrganizationMutation } from '../api';
import { createOrganizationSchema } from '../schemas';

/** The way out of 'no organization': the creator becomes its admin and the saga makes it current. */
export function CreateOrganizationForm() {
  const [createOrganization, { error, isSuccess }] = useCreateOrganizationMutation();
  return (
    <Formik
      initialValues={{ name: '' }}
      validationSchema={createOrganizationSchema}
      onSubmit={async (values) => {
        await createOrganization({ name: values.name.trim() });
      }}
    >
      {({ isSubmitting }) => (
        <Form noValidate aria-label="Create organization">
          {error && <Alert severity="error">{describeError(error, t.organizations.createFailed)}</Alert>}
          <FormTextField name="name" label="Organization name" autoComplete="organization" autoFocus />
          <Button
            type="submit"
            variant="contained"
            fullWidth
            size="large"
            sx={{ mt: 2 }}
            disabled={isSubmitting || isSuccess}
          >
            {isSubmitting ? 'Creating…' : 'Create organization'}
          </Button>
        </Form>
      )}
    </Formik>
  );
}
