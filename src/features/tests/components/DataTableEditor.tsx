import AddIcon from '@mui/icons-material/Add';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import UploadFileOutlinedIcon from '@mui/icons-material/UploadFileOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useRef, useState, type ChangeEvent } from 'react';
import {
  checkDataRows,
  parseCsvRows,
  TEST_DATA_LIMITS,
  TEST_DATA_MESSAGES,
} from '../../../../contract/testData';
import { isApiError } from '../../../api/apiError';
import { ErrorState } from '../../../components/ErrorState';
import { notify } from '../../../lib/notify';
import { useGetTestDataQuery, usePutTestDataMutation, type DataRow } from '../dataApi';

interface DataTableEditorProps {
  testId: string;
  /** The test's variables: the table's columns. */
  variables: Record<string, string>;
  /** Why the table cannot be changed (a viewer), or null. */
  locked?: string | null;
}

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

/**
 * Issue 33: a test's data table — rows of values for its variables, typed in the grid or imported
 * from a CSV file (its first line the columns). A run runs the test once per row; an empty cell keeps
 * the variable's own value.
 */
export function DataTableEditor({ testId, variables, locked = null }: DataTableEditorProps) {
  const titleId = useId();
  const file = useRef<HTMLInputElement>(null);
  const { data, isLoading, isError, isFetching, refetch } = useGetTestDataQuery(testId);
  const [save, { isLoading: saving }] = usePutTestDataMutation();
  // null: the grid shows the stored rows; a list: the person's unsaved rows.
  const [draft, setDraft] = useState<DataRow[] | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const columns = Object.keys(variables).sort(collator.compare);

  if (isLoading) return <Skeleton variant="rounded" height={96} aria-label="Loading the data table" />;
  if (isError || !data)
    return (
      <ErrorState
        message={TEST_DATA_MESSAGES.fetchFailed}
        onRetry={() => void refetch()}
        retrying={isFetching}
      />
    );
  if (columns.length === 0)
    return (
      <Typography variant="body2" color="text.secondary">
        Add a variable first: a data table gives each run of the test other values for its variables.
      </Typography>
    );

  const rows = draft ?? data.rows;
  const change = (next: DataRow[]) => {
    setProblem(null);
    setDraft(next);
  };
  const setCell = (index: number, column: string, value: string) =>
    change(
      rows.map((row, at) => {
        if (at !== index) return row;
        const next = { ...row };
        if (value === '') delete next[column];
        else next[column] = value;
        return next;
      }),
    );

  const importCsv = async (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0];
    event.target.value = '';
    if (!chosen) return;
    if (chosen.size > TEST_DATA_LIMITS.bodyBytes) {
      setProblem(`The file is larger than ${TEST_DATA_LIMITS.bodyBytes / 1024} KB`);
      return;
    }
    const parsed = parseCsvRows(await readText(chosen));
    if (!parsed.ok) return setProblem(parsed.problem.message);
    const checked = checkDataRows(parsed.rows, columns);
    if (!checked.ok) return setProblem(checked.problem.message);
    change(checked.rows);
  };

  const store = async () => {
    const checked = checkDataRows(rows, columns);
    if (!checked.ok) return setProblem(checked.problem.message);
    try {
      await save({ testCaseId: testId, rows: checked.rows }).unwrap();
      setDraft(null);
      notify.success('Data table saved');
    } catch (failure) {
      setProblem(
        isApiError(failure) && failure.status === 400 && failure.serverMessage
          ? failure.serverMessage
          : TEST_DATA_MESSAGES.saveFailed,
      );
    }
  };

  return (
    <Stack spacing={1.5}>
      <Typography id={titleId} variant="body2" color="text.secondary">
        {rows.length === 0
          ? 'No data table: each run runs the test once with its variables.'
          : `Each run runs the test once per row (${rows.length} ${rows.length === 1 ? 'row' : 'rows'}); an empty cell keeps the variable's value.`}
      </Typography>
      {rows.length > 0 && (
        <TableContainer>
          <Table size="small" aria-labelledby={titleId}>
            <TableHead>
              <TableRow>
                <TableCell>#</TableCell>
                {columns.map((column) => (
                  <TableCell key={column}>{column}</TableCell>
                ))}
                <TableCell />
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((row, index) => (
                <TableRow key={index}>
                  <TableCell>{index + 1}</TableCell>
                  {columns.map((column) => (
                    <TableCell key={column}>
                      <TextField
                        size="small"
                        value={row[column] ?? ''}
                        placeholder={variables[column]}
                        disabled={locked !== null || saving}
                        onChange={(event) => setCell(index, column, event.target.value)}
                        slotProps={{
                          htmlInput: {
                            'aria-label': `${column}, row ${index + 1}`,
                            maxLength: TEST_DATA_LIMITS.value,
                          },
                        }}
                      />
                    </TableCell>
                  ))}
                  <TableCell>
                    <IconButton
                      aria-label={`Delete row ${index + 1}`}
                      disabled={locked !== null || saving}
                      onClick={() => change(rows.filter((_, at) => at !== index))}
                    >
                      <DeleteOutlinedIcon fontSize="small" />
                    </IconButton>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {problem && <Alert severity="error">{problem}</Alert>}
      {locked === null && (
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
          <Button
            startIcon={<AddIcon />}
            disabled={saving || rows.length >= TEST_DATA_LIMITS.rows}
            onClick={() => change([...rows, {}])}
          >
            Add row
          </Button>
          <Button
            startIcon={<UploadFileOutlinedIcon />}
            disabled={saving}
            onClick={() => file.current?.click()}
          >
            Import CSV
          </Button>
          <input
            ref={file}
            type="file"
            accept=".csv,text/csv"
            hidden
            aria-label="CSV file"
            onChange={(event) => void importCsv(event)}
          />
          {draft !== null && (
            <>
              <Button variant="contained" disabled={saving} onClick={() => void store()}>
                {saving ? 'Saving…' : 'Save rows'}
              </Button>
              <Button
                disabled={saving}
                onClick={() => {
                  setDraft(null);
                  setProblem(null);
                }}
              >
                Discard
              </Button>
            </>
          )}
        </Stack>
      )}
    </Stack>
  );
}

/** A file's text (FileReader: Blob.text() is not everywhere the screen runs). */
function readText(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result ?? ''));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsText(file);
  });
}
