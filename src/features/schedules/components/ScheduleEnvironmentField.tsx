import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useGetEnvironmentsQuery } from '../../suites/api';

interface ScheduleEnvironmentFieldProps {
  suiteId: string;
  /** The chosen environment's id, or '' for the tests' own websites. */
  value: string;
  onChange: (environmentId: string) => void;
  disabled?: boolean;
  /** The server's sentence about the choice, if it refused it. */
  error?: string | null;
}

/**
 * Which of the project's environments a schedule's runs open (issue 33), or the tests' own websites.
 * Hidden while the project has none and the schedule names none.
 */
export function ScheduleEnvironmentField({
  suiteId,
  value,
  onChange,
  disabled = false,
  error = null,
}: ScheduleEnvironmentFieldProps) {
  const { data: environments, isLoading, isError } = useGetEnvironmentsQuery(suiteId);
  const listed = environments ?? [];
  if (!isLoading && !isError && listed.length === 0 && !value) return null;
  // A chosen environment not in the list (deleted meanwhile, or the list not read) still shows its value.
  const known = value === '' || listed.some((environment) => environment._id === value);
  return (
    <TextField
      select
      label="Environment"
      value={isLoading || !known ? '' : value}
      onChange={(event) => onChange(event.target.value)}
      disabled={disabled || isLoading}
      error={Boolean(error) || isError}
      helperText={
        error ??
        (isLoading
          ? 'Loading environments…'
          : isError
            ? 'The environments could not be loaded; the schedule keeps the one it has.'
            : "Each run opens the test's path on the environment's URL.")
      }
      fullWidth
    >
      <MenuItem value="">The tests&apos; own websites</MenuItem>
      {listed.map((environment) => (
        <MenuItem key={environment._id} value={environment._id}>
          {environment.is_default ? `${environment.name} (default)` : environment.name}
        </MenuItem>
      ))}
    </TextField>
  );
}
