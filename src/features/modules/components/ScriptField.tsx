import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { FormTextField } from '../../../components/FormTextField';
import { exampleScript, supportedSubset } from '../messages';
import { MODULE_LIMITS, type UnsafeCodeDetail } from '../types';
import { UnsafeCodeList } from './UnsafeCodeList';

interface ScriptFieldProps {
  /** The Formik field the script lives in. */
  name: string;
  disabled?: boolean;
  /** What the server refused in the last script sent. */
  unsafe: readonly UnsafeCodeDetail[];
}

/** A Playwright-for-Python script in a monospace area, the subset it may use, and what was refused. */
export function ScriptField({ name, disabled, unsafe }: ScriptFieldProps) {
  return (
    <Box>
      <FormTextField
        name={name}
        label="Python script"
        multiline
        minRows={10}
        maxRows={24}
        disabled={disabled}
        placeholder={exampleScript}
        maxLength={MODULE_LIMITS.script}
        slotProps={{
          htmlInput: {
            spellCheck: false,
            autoCapitalize: 'off',
            autoCorrect: 'off',
            sx: { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace', fontSize: 13 },
          },
        }}
      />
      {unsafe.length > 0 ? <UnsafeCodeList details={unsafe} /> : null}
      <Box component="details" sx={{ mt: 1, color: 'text.secondary' }}>
        <Typography component="summary" variant="body2" sx={{ cursor: 'pointer' }}>
          What a script may do
        </Typography>
        <Typography variant="body2" sx={{ mt: 1 }}>
          Playwright for Python, as our Python export writes it. A script runs in a run only once an expert or
          an admin approved it. Supported:
        </Typography>
        <Box component="ul" sx={{ my: 0.5, pl: 2.5, typography: 'body2' }}>
          {supportedSubset.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </Box>
        <Typography variant="body2">
          Anything else is refused as unsafe, with the line and the reason.
        </Typography>
      </Box>
    </Box>
  );
}
