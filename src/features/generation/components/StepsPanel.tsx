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
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { EmptyState } from '../../../components/EmptyState';
import type { TestCase } from '../../tests/api';
import { selectSelectedStep } from '../selectors';
import { stepDeselected, stepSelected } from '../slice';
import { stepTitle, toGenerationStep, type GenerationStep } from '../types';
import { formatCost, StepDetails } from './StepDetails';

interface StepsPanelProps {
  test: TestCase;
  generating: boolean;
}

/** A test's generated steps, one expandable row each; the open one is SPEC §3's selected step. */
export function StepsPanel({ test, generating }: StepsPanelProps) {
  const dispatch = useAppDispatch();
  const selected = useAppSelector((state) => selectSelectedStep(state, test.id));
  const steps = test.testGenerationSteps.map(toGenerationStep);

  if (steps.length === 0)
    return generating ? null : (
      <EmptyState
        icon={<AutoAwesomeOutlinedIcon fontSize="inherit" />}
        title="No steps yet"
        description="Steps appear here once the agents generate the test from its instructions."
      />
    );

  return (
    <Box component="ol" aria-label="Steps" sx={{ listStyle: 'none', p: 0, m: 0 }}>
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
            <AccordionSummary expandIcon={<ExpandMoreIcon />}>
              <StepSummary step={step} index={index} />
            </AccordionSummary>
            <AccordionDetails>
              <StepDetails test={test} step={step} index={index} generating={generating} />
            </AccordionDetails>
          </Accordion>
        </Box>
      ))}
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
