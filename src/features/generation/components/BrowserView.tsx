import OpenInFullIcon from '@mui/icons-material/OpenInFull';
import WebOutlinedIcon from '@mui/icons-material/WebOutlined';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useState, type ReactNode } from 'react';
import type { TestCase } from '../../tests/api';
import { stepTitle, type GenerationStep } from '../types';
import { useGenerationCommands } from '../useGenerationCommands';
import { ScreenshotLightbox } from './ScreenshotLightbox';
import {
  ElementOutline,
  elementBox,
  StepScreenshot,
  type Point,
  type ScreenshotView,
} from './StepScreenshot';

interface BrowserViewProps {
  test: TestCase;
  steps: GenerationStep[];
  /** The selected step, or null. */
  index: number | null;
  generating: boolean;
  /** Why the person may not point at a screenshot to correct a step (issue 27: a viewer), or null. */
  locked?: string | null;
  onSelect: (index: number) => void;
}

/** The page a step showed, in a browser's frame: the wide screen's companion of the steps list. */
export function BrowserView({ test, steps, index, generating, locked = null, onSelect }: BrowserViewProps) {
  const step = index === null ? undefined : steps[index];
  const [lightbox, setLightbox] = useState<ScreenshotView | null>(null);
  const commands = useGenerationCommands(test);
  const viewport = { width: test.viewportWidth, height: test.viewportHeight };

  if (index === null || !step)
    return (
      <Frame address={test.website}>
        <Stack
          spacing={1}
          sx={{ alignItems: 'center', textAlign: 'center', py: 8, px: 3, color: 'text.secondary' }}
        >
          <WebOutlinedIcon sx={{ fontSize: 40 }} />
          <Typography variant="body2">Select a step to see the page it acted on.</Typography>
          <Typography variant="caption">↑ and ↓ (or j and k) move between steps.</Typography>
        </Stack>
      </Frame>
    );

  const stepNumber = index + 1;
  const outline = elementBox(step);
  const sendPoint = (point: Point) =>
    commands.sendFeedback('visual', { step: index, feedback_type: 'visual', locator_based_feedback: point });
  // The lightbox keeps the side (before or after) while it moves between steps, where the step has it.
  const side: ScreenshotView =
    (lightbox === 'before' && step.before_screenshot_id) || !step.screenshot_id ? 'before' : 'after';
  const shownId = side === 'after' ? step.screenshot_id : step.before_screenshot_id;

  return (
    <Frame
      address={step.url ?? test.website}
      action={
        <Tooltip title="Full screen">
          <IconButton
            size="small"
            aria-label={`Show step ${stepNumber} full screen`}
            onClick={() => setLightbox('after')}
            disabled={!step.screenshot_id && !step.before_screenshot_id}
          >
            <OpenInFullIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      }
    >
      <Box sx={{ p: 1.5 }}>
        <Typography variant="body2" sx={{ fontWeight: 500, mb: 1, overflowWrap: 'anywhere' }}>
          {`Step ${stepNumber} of ${steps.length}: ${stepTitle(step)}`}
        </Typography>
        <StepScreenshot
          // A new step starts on its own after-view, with no point picked.
          key={index}
          stepNumber={stepNumber}
          beforeId={step.before_screenshot_id}
          afterId={step.screenshot_id}
          viewport={viewport}
          canPick={!generating && locked === null && index > 0}
          sending={commands.pending.feedback}
          onPick={sendPoint}
          outline={outline}
          onEnlarge={setLightbox}
        />
      </Box>
      <ScreenshotLightbox
        open={lightbox !== null}
        imageId={shownId}
        alt={`Page ${side} step ${stepNumber}`}
        title={`Step ${stepNumber} of ${steps.length}: ${stepTitle(step)}`}
        viewport={viewport}
        overlay={outline && side === 'before' ? <ElementOutline box={outline} viewport={viewport} /> : null}
        onPrevious={index > 0 ? () => onSelect(index - 1) : undefined}
        onNext={index < steps.length - 1 ? () => onSelect(index + 1) : undefined}
        onClose={() => setLightbox(null)}
      />
    </Frame>
  );
}

/** A browser window's outline: an address bar above the page. */
function Frame({ address, action, children }: { address: string; action?: ReactNode; children: ReactNode }) {
  return (
    <Box
      role="region"
      aria-label="Browser view"
      sx={{
        border: 1,
        borderColor: 'divider',
        borderRadius: 2,
        overflow: 'hidden',
        bgcolor: 'background.paper',
      }}
    >
      <Stack
        direction="row"
        spacing={1}
        sx={{
          alignItems: 'center',
          px: 1.5,
          py: 0.75,
          bgcolor: 'action.hover',
          borderBottom: 1,
          borderColor: 'divider',
        }}
      >
        <Stack direction="row" spacing={0.5} aria-hidden>
          {['#ff5f57', '#febc2e', '#28c840'].map((color) => (
            <Box
              key={color}
              sx={{ width: 10, height: 10, borderRadius: '50%', bgcolor: color, opacity: 0.8 }}
            />
          ))}
        </Stack>
        <Typography
          variant="caption"
          noWrap
          title={address}
          sx={{
            flex: 1,
            minWidth: 0,
            px: 1.25,
            py: 0.25,
            borderRadius: 5,
            bgcolor: 'background.paper',
            color: 'text.secondary',
            fontFamily: 'monospace',
          }}
        >
          {address}
        </Typography>
        {action}
      </Stack>
      {children}
    </Box>
  );
}
