import PersonAddAlt1OutlinedIcon from '@mui/icons-material/PersonAddAlt1Outlined';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { Form, Formik } from 'formik';
import { describeError } from '../../../api/apiError';
import { FormTextField } from '../../../components/FormTextField';
import { t } from '../../../config/locale';
import { notify } from '../../../lib/notify';
import { useInviteOrganizationUserMutation } from '../../organizations/api';
import { inviteMemberSchema } from '../schemas';

interface InviteMemberFormProps {
  organizationId: string;
}

export function InviteMemberForm({ organizationId }: InviteMemberFormProps) {
  const [invite] = useInviteOrganizationUserMutation();
  return (
    <Formik
      initialValues={{ email: '' }}
      validationSchema={inviteMemberSchema}
      onSubmit={async (values, helpers) => {
        const email = values.email.trim();
        const result = await invite({ organizationId, email });
        if ('error' in result) {
          const message = describeError(result.error, t.organizations.inviteFailed);
          notify.error(message);
          if (message !== t.organizations.inviteFailed) helpers.setFieldError('email', message);
          return;
        }
        notify.success(t.organizations.invited(email));
        helpers.resetForm();
      }}
    >
      {({ isSubmitting }) => (
        <Form noValidate aria-label="Invite a team member">
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={1.5}
            sx={{ alignItems: { sm: 'flex-start' } }}
          >
            <FormTextField
              name="email"
              label="Invite by email"
              type="email"
              size="small"
              margin="none"
              autoComplete="off"
              placeholder="colleague@example.com"
            />
            <Button
              type="submit"
              variant="contained"
              startIcon={<PersonAddAlt1OutlinedIcon />}
              disabled={isSubmitting}
              sx={{ flexShrink: 0, height: 40 }}
            >
              {isSubmitting ? 'Inviting…' : 'Invite'}
            </Button>
          </Stack>
        </Form>
      )}
    </Formik>
  );
}
