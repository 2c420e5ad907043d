import AutoAwesomeOutlinedIcon from '@mui/icons-material/AutoAwesomeOutlined';
import CachedOutlinedIcon from '@mui/icons-material/CachedOutlined';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlineOutlined';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useRef, type KeyboardEvent } from 'react';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { EmptyState } from '../../../components/EmptyState';
import type { TestCase } from '../../tests/api';
import { selectSelectedStep } from '../selectors';
import { stepDeselected, stepSelected } from '../slice';
import { stepTitle, toGenerationStep, type GenerationStep } from '../types';
import { BrowserView } from './BrowserView';
import { formatCost, StepDetails } from './StepDetails';

interface StepsPanelProps {
  test: TestCase;
  generating: boolean;
  /** Why the person may not correct the steps (issue 27: a viewer), or null. */
  locked?: string | null;
}

// The app bar (56 px), the page's section nav (48 px) and a gap: where the browser view sticks.
const STICKY_TOP = 120;

const STEP_KEYS: Record<string, 1 | -1> = { ArrowDown: 1, j: 1, ArrowUp: -1, k: -1 };

/** Keys typed into a field, an editor or a code view are text, never step moves. */
function isTypingIn(target: EventTarget): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.closest('input, textarea, select, [role="textbox"], [role="combobox"]')) return true;
  return target.closest('[contenteditable]:not([contenteditable="false"])') !== null;
}

/**
 * A test's generated steps, one expandable row each; the open one is SPEC §3's selected step. On wide
 * screens the selected step's page shows beside the list, in a browser view. ↑/↓ (or j/k) move the
 * selection while the focus is in the list or the view.
 */
export function StepsPanel({ test, generating, locked = null }: StepsPanelProps) {
  const dispatch = useAppDispatch();
  const wide = useMediaQuery((theme: Theme) => theme.breakpoints.up('lg'));
  const selected = useAppSelector((state) => selectSelectedStep(state, test.id));
  const summaries = useRef<(HTMLElement | null)[]>([]);
  const group = useRef<HTMLDivElement>(null);
  const steps = test.testGenerationSteps.map(toGenerationStep);

  if (steps.length === 0)
    return generating ? null : (
      <EmptyState
        icon={<AutoAwesomeOutlinedIcon fontSize="inherit" />}
        title="No steps yet"
        description="Steps appear here once the agents generate the test from its instructions."
      />
    );

  const select = (index: number) => dispatch(stepSelected({ testId: test.id, index }));

  const moveWithKeys = (event: KeyboardEvent<HTMLElement>) => {
    const delta = STEP_KEYS[event.key];
    if (!delta || event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
    if (isTypingIn(event.target)) return;
    event.preventDefault();
    const next = Math.min(
      Math.max(selected === null ? (delta === 1 ? 0 : steps.length - 1) : selected + delta, 0),
      steps.length - 1,
    );
    if (next === selected) return;
    select(next);
    // The focus follows the selection when it was on a step's row, so the next key goes on from there;
    // from the browser view (which redraws for the new step) it stays in the group.
    const summary = summaries.current[next];
    if (summaries.current.some((row) => row?.contains(event.target as Node))) summary?.focus();
    else group.current?.focus({ preventScroll: true });
    summary?.scrollIntoView?.({ block: 'nearest' });
  };

  const list = (
    <Box component="ol" aria-label="Steps" sx={{ listStyle: 'none', p: 0, m: 0, minWidth: 0 }}>
      {steps.map((step, index) => (
        <Box component="li" key={index}>
          <Accordion
            disableGutters
            variant="outlined"
            expanded={selected === index}
            onChange={(_event, open) =>
              dispatch(open ? stepSelected({ testId: test.id, index }) : stepDeselected({ testId: test.id }))
            }
            // Closed steps render nothing: no code editor, no screenshot fetched.
            slotProps={{ transition: { unmountOnExit: true } }}
            sx={{ '&:not(:last-of-type)': { borderBottom: 0 } }}
          >
            <AccordionSummary
              expandIcon={<ExpandMoreIcon />}
              ref={(element: HTMLElement | null) => {
                summaries.current[index] = element;
              }}
              sx={selected === index ? { bgcolor: 'action.selected' } : undefined}
            >
              <StepSummary step={step} index={index} />
            </AccordionSummary>
            <AccordionDetails>
              <StepDetails
                test={test}
                step={step}
                index={index}
                generating={generating}
                locked={locked}
                showScreenshot={!wide}
              />
            </AccordionDetails>
          </Accordion>
        </Box>
      ))}
    </Box>
  );

  return (
    <Box
      ref={group}
      tabIndex={-1}
      role="group"
      aria-label="Steps and browser view"
      aria-keyshortcuts="ArrowUp ArrowDown J K"
      onKeyDown={moveWithKeys}
      sx={{
        outline: 'none',
        ...(wide && {
          display: 'grid',
          gap: 2,
          alignItems: 'start',
          gridTemplateColumns: 'minmax(0, 5fr) minmax(0, 7fr)',
        }),
      }}
    >
      {list}
      {wide && (
        <Box sx={{ position: 'sticky', top: STICKY_TOP, minWidth: 0 }}>
          <BrowserView
            test={test}
            steps={steps}
            index={selected ?? featuredStep(steps)}
            generating={generating}
            locked={locked}
            onSelect={select}
          />
        </Box>
      )}
    </Box>
  );
}

function StepSummary({ step, index }: { step: GenerationStep; index: number }) {
  const attempts = step.unsuccessful_code_attempts.length;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, minWidth: 0, flex: 1 }}>
      {step.execution_succeded ? (
        <CheckCircleOutlineIcon color="success" fontSize="small" titleAccess="Succeeded" />
      ) : (
        <ErrorOutlineIcon color="error" fontSize="small" titleAccess="Failed" />
      )}
      <Box sx={{ minWidth: 0, flex: 1 }}>
        <Typography variant="body2" sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
          {`${index + 1}. ${stepTitle(step)}`}
        </Typography>
        {step.step_description && step.step_description !== step.action_name && (
          <Typography variant="caption" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {step.step_description}
          </Typography>
        )}
      </Box>
      <Box sx={{ display: { xs: 'none', sm: 'flex' }, gap: 0.5, flexShrink: 0, alignItems: 'center' }}>
        {step.cached_action_id && (
          <Tooltip title="Reused from the action cache">
            <CachedOutlinedIcon fontSize="small" color="action" aria-label="Cached" />
          </Tooltip>
        )}
        {step.user_feedback && <Chip size="small" label="Corrected" variant="outlined" />}
        {attempts > 0 && (
          <Chip
            size="small"
            color="warning"
            variant="outlined"
            label={`${attempts} failed ${attempts === 1 ? 'attempt' : 'attempts'}`}
          />
        )}
        {step.cost > 0 && <Chip size="small" variant="outlined" label={formatCost(step.cost)} />}
      </Box>
    </Box>
  );
}

/** With no step chosen, the view shows the one worth a look: the first that failed, else the last. */
function featuredStep(steps: readonly { execution_succeded: boolean }[]): number {
  const failed = steps.findIndex((step) => !step.execution_succeded);
  return failed === -1 ? steps.length - 1 : failed;
}
