import AutoAwesomeOutlinedIcon from '@mui/icons-material/AutoAwesomeOutlined';
import DoneAllOutlinedIcon from '@mui/icons-material/DoneAllOutlined';
import RefreshOutlinedIcon from '@mui/icons-material/RefreshOutlined';
import StopCircleOutlinedIcon from '@mui/icons-material/StopCircleOutlined';
import Button from '@mui/material/Button';
import Tooltip from '@mui/material/Tooltip';
import { useState, type ReactElement } from 'react';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import type { TestCase } from '../../tests/api';
import { isGenerationFailed, toGenerationStep } from '../types';
import { useGenerationCommands } from '../useGenerationCommands';
import { useIsGenerating } from '../useIsGenerating';
import { ExportMenu } from './ExportMenu';
import type { Permissions } from '../../../app/hooks';

type Confirming = 'regenerate' | 'cancel' | 'complete' | null;

interface GenerationActionsProps {
  test: TestCase;
  /** The signed-in person's rights (app/hooks.ts usePermissions): a viewer generates nothing. */
  permissions: Permissions;
}

/** A button with why it is off as its tooltip, when it is (issue 27); the button itself otherwise. */
function Locked({ reason, children }: { reason: string | null; children: ReactElement }) {
  if (!reason) return children;
  return (
    <Tooltip title={reason}>
      <span>{children}</span>
    </Tooltip>
  );
}

/** The header buttons of a test's page: generate, regenerate, cancel, mark complete, export. */
export function GenerationActions({ test, permissions }: GenerationActionsProps) {
  const locked = permissions.reason('generateTests');
  const generating = useIsGenerating(test);
  const commands = useGenerationCommands(test);
  const [confirming, setConfirming] = useState<Confirming>(null);
  const steps = test.testGenerationSteps.map(toGenerationStep);
  const kept = steps.filter((step) => step.execution_succeded).length;
  // Mark complete keeps the successful steps shown: while generating, or after a failed generation
  // that has something left to drop or no script yet (once marked, a test left with instructions
  // without steps stays failed, and marking it again would change nothing).
  const canComplete =
    kept > 0 &&
    (generating || (isGenerationFailed(test.state) && (kept < steps.length || !test.finalScript)));

  const confirm = async (action: () => Promise<boolean>) => {
    await action();
    setConfirming(null);
  };

  return (
    <>
      <Locked reason={locked}>
        {generating ? (
          <Button
            color="warning"
            startIcon={<StopCircleOutlinedIcon />}
            disabled={locked !== null}
            onClick={() => setConfirming('cancel')}
          >
            Cancel generation
          </Button>
        ) : steps.length === 0 ? (
          <Button
            variant="contained"
            startIcon={<AutoAwesomeOutlinedIcon />}
            onClick={() => void commands.generate()}
            disabled={commands.pending.generate || locked !== null}
          >
            {commands.pending.generate ? 'Starting…' : 'Generate'}
          </Button>
        ) : (
          <Button
            startIcon={<RefreshOutlinedIcon />}
            disabled={locked !== null}
            onClick={() => setConfirming('regenerate')}
          >
            Regenerate
          </Button>
        )}
      </Locked>
      {canComplete && !locked && (
        <Button startIcon={<DoneAllOutlinedIcon />} onClick={() => setConfirming('complete')}>
          Mark as complete
        </Button>
      )}
      {!generating && <ExportMenu test={test} />}

      <ConfirmDialog
        open={confirming === 'regenerate'}
        title="Regenerate test?"
        description="The agents generate the steps again from the instructions. The current steps are replaced, and restored if the new generation fails."
        confirmLabel="Regenerate"
        pendingLabel="Starting…"
        destructive
        pending={commands.pending.regenerate}
        onConfirm={() => void confirm(commands.regenerate)}
        onClose={() => setConfirming(null)}
      />
      <ConfirmDialog
        open={confirming === 'cancel'}
        title="Cancel generation?"
        description="The agents stop where they are. The steps of the previous generation, if any, are restored."
        confirmLabel="Cancel generation"
        pendingLabel="Cancelling…"
        destructive
        pending={commands.pending.cancel}
        onConfirm={() => void confirm(commands.cancel)}
        onClose={() => setConfirming(null)}
      />
      <ConfirmDialog
        open={confirming === 'complete'}
        title="Mark as complete?"
        description={`${generating ? 'Generation stops and the' : 'The'} test keeps its ${kept} successful ${
          kept === 1 ? 'step' : 'steps'
        }; the others are dropped.`}
        confirmLabel="Mark as complete"
        pendingLabel="Completing…"
        destructive
        pending={commands.pending.markComplete}
        onConfirm={() => void confirm(() => commands.markComplete(steps.length - 1))}
        onClose={() => setConfirming(null)}
      />
    </>
  );
}
