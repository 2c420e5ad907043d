import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId, type ReactNode } from 'react';

interface UnsavedChangesDialogProps {
  open: boolean;
  description: ReactNode;
  onStay: () => void;
  onLeave: () => void;
}

/** Asks before a navigation drops unsaved work; Stay has the focus, so Enter never loses anything. */
export function UnsavedChangesDialog({ open, description, onStay, onLeave }: UnsavedChangesDialogProps) {
  const titleId = useId();
  const descriptionId = useId();
  return (
    <Dialog
      open={open}
      onClose={onStay}
      aria-labelledby={titleId}
      aria-describedby={descriptionId}
      maxWidth="xs"
      fullWidth
    >
      <DialogTitle id={titleId}>Leave without saving?</DialogTitle>
      <DialogContent>
        <DialogContentText id={descriptionId} component="div">
          {description}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onStay} autoFocus>
          Stay
        </Button>
        <Button onClick={onLeave} variant="contained" color="error">
          Leave
        </Button>
      </DialogActions>
    </Dialog>
  );
}
