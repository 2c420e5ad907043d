import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlined';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlined';
import Alert from '@mui/material/Alert';
import type { TestHealing } from '../types';

/**
 * "7 of 7 checks kept unchanged". The server refuses any proposal that drops or loosens a check, so
 * anything less should never arrive; if it does, it is shown as the alarm it is.
 */
export function HealingChecklist({
  healing,
}: {
  healing: Pick<TestHealing, 'checks_total' | 'checks_kept'>;
}) {
  const { checks_total: total, checks_kept: kept } = healing;
  const intact = kept === total;
  return (
    <Alert
      severity={intact ? 'success' : 'error'}
      icon={intact ? <CheckCircleOutlineIcon /> : <ErrorOutlineIcon />}
      role="status"
      aria-label="Checks"
    >
      {total === 0
        ? 'This test has no checks'
        : `${kept} of ${total} ${total === 1 ? 'check' : 'checks'} kept unchanged`}
    </Alert>
  );
}
