import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { describeDataRow, type RunDataRow } from '../../../../contract/testData';

const LABELS: Record<RunDataRow['status'], { label: string; color: 'success' | 'error' | 'default' }> = {
  passed: { label: 'Passed', color: 'success' },
  failed: { label: 'Failed', color: 'error' },
  not_run: { label: 'Not run', color: 'default' },
};

/**
 * Issue 33: a data-driven run's rows as one result, a line per row: its values (a secret's hidden by
 * the server), passed or failed, and where and why a failing row failed. The steps below are the
 * first failing row's (the last row's when every row passed).
 */
export function RunDataRows({ rows }: { rows: RunDataRow[] }) {
  const titleId = useId();
  const failed = rows.filter((row) => row.status === 'failed').length;
  return (
    <section aria-labelledby={titleId}>
      <Typography id={titleId} variant="subtitle2" component="h3">
        {`Data rows: ${rows.length - failed} of ${rows.length} passed`}
      </Typography>
      <List dense disablePadding aria-label="Data rows">
        {rows.map((row) => {
          const { label, color } = LABELS[row.status];
          const at = row.failing_step_index === null ? '' : ` at step ${row.failing_step_index + 1}`;
          return (
            <ListItem
              key={row.index}
              disableGutters
              secondaryAction={<Chip size="small" color={color} label={label} />}
            >
              <ListItemText
                primary={`Row ${row.index + 1}: ${describeDataRow(row.values)}`}
                secondary={row.status === 'failed' ? `Failed${at}: ${row.error_message ?? ''}` : null}
              />
            </ListItem>
          );
        })}
      </List>
    </section>
  );
}
