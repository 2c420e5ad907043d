import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useMemo, useState } from 'react';
import { useGetTestTreeQuery, type TreeItem } from '../../tests/api';

interface AddTestsDialogProps {
  open: boolean;
  suiteId: string;
  linkedTestIds: readonly string[];
  pending?: boolean;
  onAdd: (testIds: string[]) => void;
  onClose: () => void;
}

/** The suite's tests that are not linked yet, by folder, to tick and add. */
export function AddTestsDialog({
  open,
  suiteId,
  linkedTestIds,
  pending = false,
  onAdd,
  onClose,
}: AddTestsDialogProps) {
  const titleId = useId();
  const { data: tree = [], isLoading } = useGetTestTreeQuery(suiteId, { skip: !open });
  const [chosen, setChosen] = useState<string[]>([]);
  const available = useMemo(
    () =>
      tree
        .filter((item): item is Extract<TreeItem, { kind: 'test' }> => item.kind === 'test')
        .filter((test) => !linkedTestIds.includes(test.id))
        .sort((a, b) => `${a.parentPath}/${a.name}`.localeCompare(`${b.parentPath}/${b.name}`)),
    [tree, linkedTestIds],
  );
  const toggle = (id: string) =>
    setChosen((current) => (current.includes(id) ? current.filter((c) => c !== id) : [...current, id]));
  const close = () => {
    setChosen([]);
    onClose();
  };
  return (
    <Dialog open={open} onClose={close} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>Add tests</DialogTitle>
      <DialogContent>
        {isLoading ? (
          <DialogContentText>Loading the project's tests…</DialogContentText>
        ) : available.length === 0 ? (
          <DialogContentText>Every test of the project is in this test suite already.</DialogContentText>
        ) : (
          <Stack>
            {available.map((test) => (
              <FormControlLabel
                key={test.id}
                control={<Checkbox checked={chosen.includes(test.id)} onChange={() => toggle(test.id)} />}
                label={
                  <span>
                    {test.name}
                    {test.parentPath && (
                      <Typography component="span" variant="body2" color="text.secondary" sx={{ ml: 1 }}>
                        {test.parentPath}
                      </Typography>
                    )}
                  </span>
                }
              />
            ))}
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={close} disabled={pending}>
          Cancel
        </Button>
        <Button
          variant="contained"
          disabled={chosen.length === 0 || pending}
          onClick={() => {
            onAdd(chosen);
            setChosen([]);
          }}
        >
          {chosen.length > 1 ? `Add ${chosen.length} tests` : 'Add test'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
