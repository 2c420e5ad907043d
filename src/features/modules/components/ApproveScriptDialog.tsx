import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId } from 'react';
import type { Module } from '../types';

export interface ApproveScriptDialogProps {
  /** The script module to approve, as the list has it now; null when closed. */
  module: Module | null;
  pending?: boolean;
  onApprove: (module: Module) => void;
  onClose: () => void;
}

/**
 * Approving a Python script lets every test that uses it run it (issue 28): the approver reads the exact
 * script first and confirms, never one click. Cancel has the initial focus.
 */
export function ApproveScriptDialog({
  module,
  pending = false,
  onApprove,
  onClose,
}: ApproveScriptDialogProps) {
  const titleId = useId();
  const descriptionId = useId();
  const name = module?.name ?? '';
  return (
    <Dialog
      open={module !== null}
      onClose={pending ? undefined : onClose}
      aria-labelledby={titleId}
      aria-describedby={descriptionId}
      maxWidth="md"
      fullWidth
    >
      <DialogTitle id={titleId} sx={{ overflowWrap: 'anywhere' }}>
        Approve the script of {name}?
      </DialogTitle>
      <DialogContent>
        <DialogContentText id={descriptionId} sx={{ mb: 2 }}>
          Once approved, every test that uses this module runs the script below in its browser. Read it first:
          approve only what you would run yourself. Changing the script later withdraws the approval.
        </DialogContentText>
        <Box
          component="pre"
          aria-label={`Script of ${name}`}
          tabIndex={0}
          sx={{
            m: 0,
            p: 2,
            maxHeight: '50vh',
            overflow: 'auto',
            bgcolor: 'action.hover',
            borderRadius: 1,
            fontFamily: 'monospace',
            fontSize: 13,
            whiteSpace: 'pre',
          }}
        >
          {module?.defining_py_script ?? ''}
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={pending} autoFocus>
          Cancel
        </Button>
        <Button variant="contained" disabled={pending || !module} onClick={() => module && onApprove(module)}>
          {pending ? 'Approving…' : 'Approve'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
