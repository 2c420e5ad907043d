import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlineOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useState, type ReactNode } from 'react';
import type { TestCase } from '../../tests/api';
import { truncateActionName, type GenerationStep } from '../types';
import { useGenerationCommands } from '../useGenerationCommands';
import { EditStepForm } from './EditStepForm';
import { LazyCodeViewer } from './LazyCodeViewer';
import { elementBox, StepScreenshot, type Point } from './StepScreenshot';
import { TraceLink } from './TraceLink';

interface StepDetailsProps {
  test: TestCase;
  step: GenerationStep;
  index: number;
  generating: boolean;
  /** Why the person may not correct the step (issue 27: a viewer, generateTests), or null. */
  locked?: string | null;
  /** False where the page's browser view shows the step's screenshot beside the list (wide screens). */
  showScreenshot?: boolean;
}

const costFormat = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 4,
});

export const formatCost = (cost: number) => costFormat.format(cost);

const ERROR_TYPES: Record<string, string> = {
  element_not_found: 'Element not found',
  not_unique: 'More than one element matched',
  not_actionable: 'Element not actionable',
  timeout: 'Timed out',
  assertion_failed: 'Check failed',
  navigation_failed: 'Navigation failed',
  verification_failed: 'Verification failed',
  cached_action_failed: 'Cached action failed',
  model_error: 'Model error',
  not_understood: 'Not understood',
};

const errorLabel = (type: string) => ERROR_TYPES[type] ?? (type.replace(/_/g, ' ') || 'Error');

function Part({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" aria-label={title}>
      <Typography variant="overline" component="h3" color="text.secondary" sx={{ lineHeight: 2 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/** One step as the agents made it: planner, coder, verifier, failed attempts, screenshot, trace; and corrections. */
export function StepDetails({
  test,
  step,
  index,
  generating,
  locked = null,
  showScreenshot = true,
}: StepDetailsProps) {
  const stepNumber = index + 1;
  const [editing, setEditing] = useState(false);
  const commands = useGenerationCommands(test);
  const language = test.programmingLanguage;
  // A viewer sees Edit step off with the reason; the other corrections (an attempt, a point) are not offered.
  const canCorrect = !generating && locked === null;

  const sendPoint = (point: Point) =>
    commands.sendFeedback('visual', { step: index, feedback_type: 'visual', locator_based_feedback: point });
  const sendInstruction = (instruction: string) =>
    commands.sendFeedback('text', { step: index, feedback_type: 'text', action_description: instruction });
  const chooseAttempt = (attemptIndex: number) =>
    commands.sendFeedback('attempt', {
      step: index,
      feedback_type: 'text',
      code_attempt_index: attemptIndex,
    });

  return (
    <Box
      sx={{
        display: 'grid',
        gap: 3,
        gridTemplateColumns: {
          xs: '1fr',
          md: showScreenshot ? 'minmax(0, 1fr) minmax(0, 1fr)' : 'minmax(0, 1fr)',
        },
      }}
    >
      <Stack spacing={2} sx={{ minWidth: 0 }}>
        <Part title="Planner">
          <Typography variant="body2">{step.planner_message || step.step_description || '—'}</Typography>
        </Part>

        <Part title="Coder">
          <Typography variant="body2" sx={{ mb: 1, overflowWrap: 'anywhere' }}>
            {truncateActionName(step.action_name) || '—'}
          </Typography>
          {step.generated_code ? (
            <LazyCodeViewer
              code={step.generated_code}
              language={language}
              label={`Code of step ${stepNumber}`}
            />
          ) : (
            <Typography variant="body2" color="text.secondary">
              No code was generated for this step.
            </Typography>
          )}
          <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.5 }}>
            {[
              step.model && `Model: ${step.model}`,
              step.cached_action_id && 'Reused from the action cache',
              `Cost: ${formatCost(step.cost)}`,
            ]
              .filter(Boolean)
              .join(' · ')}
          </Typography>
          {step.model_fallback && (
            <Typography variant="caption" color="warning.main" component="p">
              {step.model_fallback}
            </Typography>
          )}
        </Part>

        <Part title="Verifier">
          <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
            {step.execution_succeded ? (
              <CheckCircleOutlineIcon color="success" fontSize="small" />
            ) : (
              <ErrorOutlineIcon color="error" fontSize="small" />
            )}
            <Typography variant="body2">
              <strong>{step.execution_succeded ? 'Succeeded' : 'Failed'}</strong>
              {step.verification.message && `: ${step.verification.message}`}
            </Typography>
          </Stack>
        </Part>

        {step.unsuccessful_code_attempts.length > 0 && (
          <Part title={`Unsuccessful attempts (${step.unsuccessful_code_attempts.length})`}>
            <Stack spacing={1.5} component="ol" sx={{ listStyle: 'none', p: 0, m: 0 }}>
              {step.unsuccessful_code_attempts.map((attempt, attemptIndex) => (
                <Box component="li" key={attemptIndex}>
                  <Alert
                    severity="warning"
                    sx={{ '& .MuiAlert-message': { minWidth: 0, flex: 1 } }}
                    action={
                      canCorrect && attempt.action ? (
                        <Button
                          color="inherit"
                          size="small"
                          onClick={() => void chooseAttempt(attemptIndex)}
                          disabled={commands.pending.feedback}
                        >
                          Use this attempt
                        </Button>
                      ) : undefined
                    }
                  >
                    <AlertTitle>{errorLabel(attempt.user_visible_error.error_type)}</AlertTitle>
                    <Typography variant="body2" sx={{ mb: attempt.attempted_code ? 1 : 0 }}>
                      {attempt.user_visible_error.message}
                    </Typography>
                    {attempt.attempted_code && (
                      <LazyCodeViewer
                        code={attempt.attempted_code}
                        language={attempt.language === 'python' ? 'python' : 'typescript'}
                        label={`Attempt ${attemptIndex + 1} of step ${stepNumber}`}
                      />
                    )}
                  </Alert>
                </Box>
              ))}
            </Stack>
          </Part>
        )}

        {step.user_feedback && (
          <Alert severity="info" variant="outlined">
            You corrected this step
            {step.user_feedback.action_description && `: “${step.user_feedback.action_description}”`}
            {step.user_feedback.locator_based_feedback &&
              ` by pointing at (${step.user_feedback.locator_based_feedback.x}, ${step.user_feedback.locator_based_feedback.y})`}
            .
          </Alert>
        )}

        {editing ? (
          <EditStepForm
            stepNumber={stepNumber}
            original={step.step_description}
            onSubmit={sendInstruction}
            onCancel={() => setEditing(false)}
          />
        ) : (
          <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
            {!generating && (
              <Tooltip title={locked ?? ''}>
                <span>
                  <Button
                    size="small"
                    startIcon={<EditOutlinedIcon />}
                    disabled={!canCorrect}
                    onClick={() => setEditing(true)}
                  >
                    Edit step
                  </Button>
                </span>
              </Tooltip>
            )}
            <TraceLink
              testCaseId={test.id}
              stepIndex={index}
              available={!generating && step.trace_zip_path !== null}
            />
          </Stack>
        )}
      </Stack>

      {showScreenshot && (
        <Part title="Screenshot">
          <StepScreenshot
            stepNumber={stepNumber}
            beforeId={step.before_screenshot_id}
            afterId={step.screenshot_id}
            afterError={step.screenshot_error ?? null}
            viewport={{ width: test.viewportWidth, height: test.viewportHeight }}
            canPick={canCorrect && index > 0}
            sending={commands.pending.feedback}
            onPick={sendPoint}
            outline={elementBox(step)}
          />
        </Part>
      )}
    </Box>
  );
}
