import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { notify } from '../lib/notify';

interface SecretFieldProps {
  label: string;
  value: string;
  /** What it is in the show/hide button's name: "Show key", "Hide secret". */
  noun: string;
  copied: string;
  copyFailed: string;
}

/**
 * A key or secret shown once: read-only, hidden until revealed, with a Copy button beside it. Give it
 * a `key` of the value so that a new value starts hidden again.
 */
export function SecretField({ label, value, noun, copied, copyFailed }: SecretFieldProps) {
  const [visible, setVisible] = useState(false);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      notify.success(copied);
    } catch {
      notify.error(copyFailed);
    }
  };

  return (
    <>
      <TextField
        label={label}
        value={visible ? value : '•'.repeat(Math.min(value.length, 32))}
        fullWidth
        size="small"
        slotProps={{
          htmlInput: { readOnly: true, style: { fontFamily: 'monospace' } },
          input: {
            endAdornment: (
              <InputAdornment position="end">
                <IconButton
                  aria-label={visible ? `Hide ${noun}` : `Show ${noun}`}
                  onClick={() => setVisible((shown) => !shown)}
                  edge="end"
                  size="small"
                >
                  {visible ? <VisibilityOff fontSize="small" /> : <Visibility fontSize="small" />}
                </IconButton>
              </InputAdornment>
            ),
          },
        }}
      />
      <Button variant="outlined" startIcon={<ContentCopyIcon />} onClick={() => void copy()}>
        Copy
      </Button>
    </>
  );
}
