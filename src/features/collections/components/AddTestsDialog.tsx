import SearchIcon from '@mui/icons-material/Search';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
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

/** Whether a test's name (or its folder) holds every word of the search, in any case. */
function matches(test: { name: string; parentPath: string }, search: string): boolean {
  const haystack = `${test.name} ${test.parentPath}`.toLocaleLowerCase();
  return search
    .toLocaleLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .every((word) => haystack.includes(word));
}

/**
 * Why a test cannot be added yet (issue 28): a test never generated has no steps, so a run of the suite
 * would end not runnable. Only `created` says so for sure (a failed or running generation may keep steps).
 */
export const NOT_GENERATED_REASON = 'Not generated yet: no steps to run';
const hasNoSteps = (test: { state: string | null }) => test.state === 'created';

/** The suite's tests that are not linked yet, by folder, to find by name, tick and add. */
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
  const [search, setSearch] = useState('');
  const available = useMemo(
    () =>
      tree
        .filter((item): item is Extract<TreeItem, { kind: 'test' }> => item.kind === 'test')
        .filter((test) => !linkedTestIds.includes(test.id))
        .sort((a, b) => `${a.parentPath}/${a.name}`.localeCompare(`${b.parentPath}/${b.name}`)),
    [tree, linkedTestIds],
  );
  const shown = useMemo(() => available.filter((test) => matches(test, search)), [available, search]);
  const toggle = (id: string) =>
    setChosen((current) => (current.includes(id) ? current.filter((c) => c !== id) : [...current, id]));
  const close = () => {
    setChosen([]);
    setSearch('');
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
            <TextField
              type="search"
              size="small"
              label="Search tests"
              value={search}
              onChange={(event) => setSearch(event.target.value)}
              autoFocus
              sx={{ mt: 1, mb: 1 }}
              slotProps={{
                input: {
                  startAdornment: (
                    <InputAdornment position="start">
                      <SearchIcon fontSize="small" />
                    </InputAdornment>
                  ),
                },
              }}
            />
            {shown.length === 0 && (
              <DialogContentText>No test of the project matches “{search.trim()}”.</DialogContentText>
            )}
            {shown.map((test) => {
              const notGenerated = hasNoSteps(test);
              return (
                <FormControlLabel
                  key={test.id}
                  disabled={notGenerated}
                  control={
                    <Checkbox
                      checked={!notGenerated && chosen.includes(test.id)}
                      onChange={() => toggle(test.id)}
                      slotProps={{
                        input: { 'aria-describedby': notGenerated ? `${titleId}-${test.id}` : undefined },
                      }}
                    />
                  }
                  label={
                    <span>
                      {test.name}
                      {test.parentPath && (
                        <Typography component="span" variant="body2" color="text.secondary" sx={{ ml: 1 }}>
                          {test.parentPath}
                        </Typography>
                      )}
                      {notGenerated && (
                        <Typography
                          id={`${titleId}-${test.id}`}
                          component="span"
                          variant="body2"
                          color="text.secondary"
                          sx={{ display: 'block' }}
                        >
                          {NOT_GENERATED_REASON}
                        </Typography>
                      )}
                    </span>
                  }
                />
              );
            })}
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
            setSearch('');
          }}
        >
          {chosen.length > 1 ? `Add ${chosen.length} tests` : 'Add test'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
