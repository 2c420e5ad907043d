import Stack from '@mui/material/Stack';
import { FormTextField } from '../../../components/FormTextField';

/** First and last name side by side (stacked on a phone), bound to the surrounding Formik form. */
export function NameFields({ autoFocus = false }: { autoFocus?: boolean }) {
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 0, sm: 2 }}>
      <FormTextField name="firstName" label="First name" autoComplete="given-name" autoFocus={autoFocus} />
      <FormTextField name="lastName" label="Last name" autoComplete="family-name" />
    </Stack>
  );
}
