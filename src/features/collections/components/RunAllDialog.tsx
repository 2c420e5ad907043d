import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useId, useState } from 'react';
import type { Environment } from '../../../../contract/environments';

/** The choice of the tests' own websites (no environment). */
export const OWN_WEBSITES = '';

interface RunAllDialogProps {
  open: boolean;
  /** The project's environments (the dialog is only opened while there are some). */
  environments: readonly Environment[];
  pending?: boolean;
  /** The chosen environment's id, or OWN_WEBSITES. */
  onRun: (environmentId: string) => void;
  onClose: () => void;
}

/** The default environment first, then the others by name (as the dashboard's choice lists them). */
export function orderedEnvironments(environments: readonly Environment[]): Environment[] {
  return [...environments].sort(
    (a, b) => Number(b.is_default) - Number(a.is_default) || a.name.localeCompare(b.name),
  );
}

/**
 * Issue 33: a collection's Run all asks where to run while the project has environments: the
 * default environment is chosen first; the tests' own websites stay a choice.
 */
export function RunAllDialog({ open, environments, pending = false, onRun, onClose }: RunAllDialogProps) {
  const titleId = useId();
  const listed = orderedEnvironments(environments);
  const preselected = listed.find((environment) => environment.is_default)?._id ?? OWN_WEBSITES;
  // null: not chosen yet, the default. Each opening starts from the default (it may have moved since).
  const [picked, setPicked] = useState<string | null>(null);
  const chosen = picked ?? preselected;
  const close = () => {
    setPicked(null);
    onClose();
  };

  return (
    <Dialog open={open} onClose={close} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <DialogTitle id={titleId}>Run all tests</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          Each test opens its own path on the chosen environment&apos;s URL.
        </DialogContentText>
        <TextField
          select
          label="Environment"
          value={chosen}
          onChange={(event) => setPicked(event.target.value)}
          disabled={pending}
          fullWidth
        >
          {listed.map((environment) => (
            <MenuItem key={environment._id} value={environment._id}>
              {environment.is_default ? `${environment.name} (default)` : environment.name}
            </MenuItem>
          ))}
          <MenuItem value={OWN_WEBSITES}>The tests&apos; own websites</MenuItem>
        </TextField>
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>Cancel</Button>
        <Button
          variant="contained"
          disabled={pending}
          onClick={() => {
            setPicked(null);
            onRun(chosen);
          }}
        >
          {pending ? 'Starting…' : 'Run'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
