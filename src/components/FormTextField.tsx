import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { useField } from 'formik';
import { characterLimit } from './characterLimit';

type FormTextFieldProps = Omit<TextFieldProps, 'name' | 'value' | 'onChange' | 'onBlur' | 'error'> & {
  name: string;
  /** Shows "12 / 200" under the field and the limit's sentence once over it (the value is never cut). */
  maxLength?: number;
};

/** A MUI TextField bound to the surrounding Formik form; errors show once the field was touched. */
export function FormTextField({ name, helperText, maxLength, ...props }: FormTextFieldProps) {
  const [field, meta] = useField<string>(name);
  const showError = meta.touched && Boolean(meta.error);
  const limit = maxLength === undefined ? null : characterLimit(field.value ?? '', maxLength);
  return (
    <TextField
      {...props}
      {...field}
      id={props.id ?? name}
      error={showError || Boolean(limit?.over)}
      helperText={showError ? meta.error : (limit?.helperText ?? helperText)}
      fullWidth={props.fullWidth ?? true}
      margin={props.margin ?? 'normal'}
    />
  );
}
