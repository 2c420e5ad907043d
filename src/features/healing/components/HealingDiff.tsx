import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { groupSteps, type HealingStep } from '../types';
import { HealingScreenshot } from './HealingScreenshot';

const OUTCOME_LABELS: Record<HealingStep['outcome'], string> = {
  kept: 'Unchanged',
  retargeted: 'Re-targeted',
  failed: 'Stopped here',
  not_run: 'Not run',
};

interface HealingDiffProps {
  steps: readonly HealingStep[];
  /** Width / height of the test's viewport, for the screenshots' placeholders. */
  aspectRatio: number;
}

/** The proposal step by step: each changed step side by side, runs of unchanged steps collapsed. */
export function HealingDiff({ steps, aspectRatio }: HealingDiffProps) {
  return (
    <Stack spacing={1.5} component="ol" sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label="Steps">
      {groupSteps(steps).map((group) =>
        group.kind === 'changed' ? (
          <li key={group.step.step_index}>
            <ChangedStep step={group.step} aspectRatio={aspectRatio} />
          </li>
        ) : (
          <li key={`kept-${group.steps[0].step_index}`}>
            <UnchangedSteps steps={group.steps} />
          </li>
        ),
      )}
    </Stack>
  );
}

const stepTitle = (step: HealingStep) => `Step ${step.step_index + 1}: ${step.step_description}`;

function UnchangedSteps({ steps }: { steps: HealingStep[] }) {
  const count = steps.length === 1 ? '1 step unchanged' : `${steps.length} steps unchanged`;
  return (
    <Accordion variant="outlined" disableGutters slotProps={{ transition: { unmountOnExit: true } }}>
      <AccordionSummary expandIcon={<ExpandMoreIcon />}>
        <Typography variant="body2" color="text.secondary">
          {count}
        </Typography>
      </AccordionSummary>
      <AccordionDetails>
        <Stack component="ol" spacing={0.5} sx={{ m: 0, pl: 2 }}>
          {steps.map((step) => (
            <Typography component="li" variant="body2" key={step.step_index} value={step.step_index + 1}>
              {step.step_description}
            </Typography>
          ))}
        </Stack>
      </AccordionDetails>
    </Accordion>
  );
}

function ChangedStep({ step, aspectRatio }: { step: HealingStep; aspectRatio: number }) {
  const title = stepTitle(step);
  return (
    <Paper variant="outlined" component="section" aria-label={title} sx={{ p: 2 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1.5 }}>
        <Typography
          variant="subtitle2"
          component="h4"
          sx={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}
        >
          {title}
        </Typography>
        <Chip
          size="small"
          label={OUTCOME_LABELS[step.outcome]}
          color={step.outcome === 'failed' ? 'warning' : 'info'}
        />
      </Stack>
      {step.note && (
        <Typography variant="body2" sx={{ mb: 1.5 }}>
          <Box component="span" sx={{ fontWeight: 600 }}>
            What changed in the page:{' '}
          </Box>
          {step.note}
        </Typography>
      )}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
        <DiffSide
          heading="Before"
          code={step.original_code}
          codeLabel={`Code before, step ${step.step_index + 1}`}
          screenshotId={step.original_screenshot_id}
          screenshotAlt={`The failed run's screenshot of step ${step.step_index + 1}`}
          aspectRatio={aspectRatio}
        />
        <DiffSide
          heading="Proposed"
          code={step.healed_code}
          codeLabel={`Proposed code, step ${step.step_index + 1}`}
          screenshotId={step.screenshot_id}
          screenshotAlt={`The healing's screenshot of step ${step.step_index + 1}`}
          aspectRatio={aspectRatio}
        />
      </Box>
    </Paper>
  );
}

interface DiffSideProps {
  heading: string;
  code: string | null;
  codeLabel: string;
  screenshotId: string | null;
  screenshotAlt: string;
  aspectRatio: number;
}

function DiffSide({ heading, code, codeLabel, screenshotId, screenshotAlt, aspectRatio }: DiffSideProps) {
  return (
    <Stack spacing={1} sx={{ minWidth: 0 }}>
      <Typography variant="overline" component="h5" color="text.secondary">
        {heading}
      </Typography>
      {code === null ? (
        <Typography variant="body2" color="text.secondary">
          No code proposed
        </Typography>
      ) : (
        <Box
          component="pre"
          aria-label={codeLabel}
          sx={{
            m: 0,
            p: 1,
            bgcolor: 'action.hover',
            borderRadius: 1,
            fontSize: 13,
            whiteSpace: 'pre-wrap',
            overflowWrap: 'anywhere',
          }}
        >
          <code>{code}</code>
        </Box>
      )}
      {screenshotId && (
        <HealingScreenshot imageId={screenshotId} alt={screenshotAlt} aspectRatio={aspectRatio} />
      )}
    </Stack>
  );
}
