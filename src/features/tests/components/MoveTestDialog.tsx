import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { skipToken } from '@reduxjs/toolkit/query';
import { useId, useMemo, useState, type FormEvent } from 'react';
import { describeError } from '../../../api/apiError';
import { t } from '../../../config/locale';
import { notify } from '../../../lib/notify';
import { useGetTestTreeQuery, useMoveTestCaseMutation } from '../api';
import { buildTreeIndex, folderPaths } from '../tree';

export interface MovableTest {
  id: string;
  name: string;
  /** The folder it is in now ('' = the top level). */
  path: string;
}

// Long folder paths ellipsize in the menu; the full path shows on hover.
const folderItemSx = { display: 'block', overflow: 'hidden', textOverflow: 'ellipsis', maxWidth: '36rem' };

interface MoveTestDialogProps {
  test: MovableTest | null;
  suiteId: string;
  /** The suite's folders; read from the tree when not given. */
  folders?: readonly string[];
  onClose: () => void;
}

/** Moves one test to another folder of its suite. */
export function MoveTestDialog({ test, suiteId, folders: givenFolders, onClose }: MoveTestDialogProps) {
  const titleId = useId();
  const { data: items } = useGetTestTreeQuery(test && !givenFolders ? suiteId : skipToken);
  // The test's own folder is a choice even before the tree has loaded.
  const currentPath = test?.path ?? '';
  const folders = useMemo(() => {
    const known = givenFolders ?? folderPaths(buildTreeIndex(items ?? []));
    return currentPath && !known.includes(currentPath) ? [currentPath, ...known] : known;
  }, [givenFolders, items, currentPath]);
  const [destination, setDestination] = useState('');
  const [moveTestCase, { isLoading }] = useMoveTestCaseMutation();
  const [shownFor, setShownFor] = useState<MovableTest | null>(null);
  // Each time the dialog opens for a test, it starts at that test's folder.
  if (test !== shownFor) {
    setShownFor(test);
    if (test) setDestination(test.path);
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!test || destination === test.path) return;
    const result = await moveTestCase({ id: test.id, suiteId, path: destination });
    if ('error' in result) notify.error(describeError(result.error, t.tests.moveFailed));
    else {
      notify.success(t.tests.moved);
      onClose();
    }
  };

  return (
    <Dialog
      open={test !== null}
      onClose={isLoading ? undefined : onClose}
      aria-labelledby={titleId}
      maxWidth="xs"
      fullWidth
    >
      <form onSubmit={(event) => void submit(event)} noValidate>
        <DialogTitle id={titleId}>Move test</DialogTitle>
        <DialogContent>
          <DialogContentText variant="body2" sx={{ mb: 2, overflowWrap: 'anywhere' }}>
            Move <strong>{test?.name}</strong> to another folder.
          </DialogContentText>
          <TextField
            select
            fullWidth
            id={`${titleId}-destination`}
            label="Folder"
            value={destination}
            onChange={(event) => setDestination(event.target.value)}
            disabled={isLoading}
          >
            <MenuItem value="">Top level</MenuItem>
            {folders.map((path) => (
              <MenuItem key={path} value={path} title={path} sx={folderItemSx}>
                {path}
              </MenuItem>
            ))}
          </TextField>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={isLoading}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={isLoading || destination === test?.path}>
            {isLoading ? 'Moving…' : 'Move'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
