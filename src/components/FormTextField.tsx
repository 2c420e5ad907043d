import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { useField } from 'formik';

type FormTextFieldProps = Omit<TextFieldProps, 'name' | 'value' | 'onChange' | 'onBlur' | 'error'> & {
  name: string;
};

/** A MUI TextField bound to the surrounding Formik form; errors show once the field was touched. */
export function FormTextField({ name, helperText, ...props }: FormTextFieldProps) {
  const [field, meta] = useField<string>(name);
  const showError = meta.touched && Boolean(meta.error);
  return (
    <TextField
      {...props}
      {...field}
      id={props.id ?? name}
      error={showError}
      helperText={showError ? meta.error : helperText}
      fullWidth={props.fullWidth ?? true}
      margin={props.margin ?? 'normal'}
    />
  );
}
