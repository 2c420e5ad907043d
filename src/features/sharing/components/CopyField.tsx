import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { notify } from '../../../lib/notify';
import { messages } from '../messages';

interface CopyFieldProps {
  label: string;
  value: string;
  /** The button's name: 'Copy link', 'Copy Markdown'. */
  copyLabel: string;
}

/** A read-only value (a link, a snippet) with a button that copies it. */
export function CopyField({ label, value, copyLabel }: CopyFieldProps) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      notify.success(messages.copied);
    } catch {
      notify.error(messages.copyFailed);
    }
  };
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
      <TextField
        label={label}
        value={value}
        size="small"
        fullWidth
        slotProps={{
          htmlInput: { readOnly: true, style: { fontFamily: 'monospace' } },
        }}
        onFocus={(event) => event.target.select()}
      />
      <Button
        variant="outlined"
        startIcon={<ContentCopyIcon />}
        onClick={() => void copy()}
        sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
      >
        {copyLabel}
      </Button>
    </Stack>
  );
}
