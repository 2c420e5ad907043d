import RefreshOutlinedIcon from '@mui/icons-material/RefreshOutlined';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Tooltip from '@mui/material/Tooltip';
import type { TestCase } from '../../tests/api';
import { useGenerationCommands } from '../useGenerationCommands';

/** Says the steps no longer follow the test's instructions or website, with a way to regenerate them. */
export function StepsOutOfDate({ test, locked = null }: { test: TestCase; locked?: string | null }) {
  const commands = useGenerationCommands(test);
  return (
    <Alert
      severity="warning"
      action={
        <Tooltip title={locked ?? ''}>
          <span>
            <Button
              color="inherit"
              size="small"
              startIcon={<RefreshOutlinedIcon />}
              disabled={commands.pending.regenerate || locked !== null}
              onClick={() => void commands.regenerate()}
            >
              {commands.pending.regenerate ? 'Starting…' : 'Regenerate'}
            </Button>
          </span>
        </Tooltip>
      }
      sx={{ mb: 2 }}
    >
      <AlertTitle>Instructions changed since these steps were generated</AlertTitle>
      The test&apos;s instructions or website changed after these steps were generated, and runs still replay
      them. Regenerate to follow the test as it is now.
    </Alert>
  );
}
