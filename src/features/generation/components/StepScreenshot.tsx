import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import type { GenerationStep } from '../types';
import { ScreenshotImage } from './ScreenshotImage';

export interface Point {
  x: number;
  y: number;
}

/** An element's box on a screenshot, in the screenshot's pixels (the page's CSS pixels). */
export interface ElementBox extends Point {
  width: number;
  height: number;
}

const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/**
 * The element a step acted on, measured just before it acted (`target_box`; older steps may carry it
 * as `action.box`); null when the step recorded none.
 */
export function elementBox(step: Pick<GenerationStep, 'action' | 'target_box'>): ElementBox | null {
  const box: Partial<Record<keyof ElementBox, unknown>> | null | undefined =
    step.target_box ?? (step.action as { box?: Partial<Record<keyof ElementBox, unknown>> } | null)?.box;
  if (!box || typeof box !== 'object') return null;
  const { x, y, width, height } = box;
  if (!isNumber(x) || !isNumber(y) || !isNumber(width) || !isNumber(height)) return null;
  return width > 0 && height > 0 ? { x, y, width, height } : null;
}

interface StepScreenshotProps {
  /** 1-based, for labels. */
  stepNumber: number;
  /** The page the step acted on: visual feedback points are on it. */
  beforeId: string | null;
  /** The page after the step. */
  afterId: string | null;
  /** Why the screenshot after the step failed (null: it did not fail). */
  afterError?: string | null;
  viewport: { width: number; height: number };
  /** Whether a point may be sent (not generating, and there was a page before the step). */
  canPick: boolean;
  sending?: boolean;
  onPick: (point: Point) => Promise<boolean>;
  /** The element the step acted on, outlined on the page before the step. */
  outline?: ElementBox | null;
  /** Opens the shown screenshot larger; a click on it does, unless it is picking a point. */
  onEnlarge?: (view: ScreenshotView) => void;
}

export type ScreenshotView = 'after' | 'before';
type View = ScreenshotView;

/** A box drawn over a screenshot around the element a step acted on. */
export function ElementOutline({
  box,
  viewport,
}: {
  box: ElementBox;
  viewport: { width: number; height: number };
}) {
  return (
    <Box
      aria-hidden
      data-testid="element-outline"
      sx={{
        position: 'absolute',
        left: `${(box.x / viewport.width) * 100}%`,
        top: `${(box.y / viewport.height) * 100}%`,
        width: `${(box.width / viewport.width) * 100}%`,
        height: `${(box.height / viewport.height) * 100}%`,
        border: 2,
        borderColor: 'warning.main',
        borderRadius: 0.5,
        boxShadow: '0 0 0 2px rgba(255, 255, 255, 0.8)',
        pointerEvents: 'none',
      }}
    />
  );
}

const KEY_STEP = 10;
const KEY_STEP_LARGE = 50;

const clamp = (value: number, max: number) => Math.min(Math.max(Math.round(value), 0), Math.max(max - 1, 0));

/**
 * A step's screenshots. On the page before the step, a click (or Enter, then the arrow keys) marks the
 * element the step should have acted on; the point is in the screenshot's own pixels, which are the
 * page's CSS pixels (screenshots are viewport-sized).
 */
export function StepScreenshot({
  stepNumber,
  beforeId,
  afterId,
  afterError = null,
  viewport,
  canPick,
  sending = false,
  onPick,
  outline = null,
  onEnlarge,
}: StepScreenshotProps) {
  // The side the person chose; until then (and when the chosen side has no picture, e.g. while the
  // step is still being generated) the after-view when there is one, so it shows once it arrives.
  const [chosen, setView] = useState<View | null>(null);
  const view: View = chosen === 'before' && beforeId ? 'before' : afterId ? 'after' : 'before';
  // The point, with the size of the screenshot it is on (to draw the marker).
  const [point, setPoint] = useState<(Point & { width: number; height: number }) | null>(null);
  const image = useRef<HTMLImageElement>(null);
  const shownId = view === 'after' ? afterId : beforeId;
  const picking = view === 'before' && canPick && beforeId !== null;
  const enlarging = !picking && onEnlarge !== undefined;
  const outlined = view === 'before' || !afterId ? outline : null;

  // A screenshot that failed says so, never silently nothing.
  const failed =
    !afterId && afterError ? (
      <Typography variant="body2" color="error">
        Screenshot failed: {afterError}
      </Typography>
    ) : null;
  if (!beforeId && !afterId)
    return (
      failed ?? (
        <Typography variant="body2" color="text.secondary">
          No screenshot for this step.
        </Typography>
      )
    );

  const natural = () => ({
    width: image.current?.naturalWidth || viewport.width,
    height: image.current?.naturalHeight || viewport.height,
  });

  const pickAt = (event: MouseEvent<HTMLElement>) => {
    const img = image.current;
    if (!picking || !img) return;
    const rect = img.getBoundingClientRect();
    if (rect.width === 0 || rect.height === 0) return;
    const size = natural();
    setPoint({
      x: clamp(((event.clientX - rect.left) * size.width) / rect.width, size.width),
      y: clamp(((event.clientY - rect.top) * size.height) / rect.height, size.height),
      ...size,
    });
  };

  const moveWithKeys = (event: KeyboardEvent<HTMLElement>) => {
    if (!picking) return;
    const size = natural();
    const step = event.shiftKey ? KEY_STEP_LARGE : KEY_STEP;
    const current = point ?? { x: Math.round(size.width / 2), y: Math.round(size.height / 2) };
    const moves: Record<string, Point> = {
      ArrowLeft: { x: current.x - step, y: current.y },
      ArrowRight: { x: current.x + step, y: current.y },
      ArrowUp: { x: current.x, y: current.y - step },
      ArrowDown: { x: current.x, y: current.y + step },
      Enter: current,
      ' ': current,
    };
    const next = moves[event.key];
    if (!next) return;
    event.preventDefault();
    setPoint({ x: clamp(next.x, size.width), y: clamp(next.y, size.height), ...size });
  };

  const send = async () => {
    if (point && (await onPick({ x: point.x, y: point.y }))) setPoint(null);
  };

  const marker = point && picking && (
    <Box
      aria-hidden
      data-testid="target-marker"
      sx={{
        position: 'absolute',
        left: `${(point.x / point.width) * 100}%`,
        top: `${(point.y / point.height) * 100}%`,
        width: 22,
        height: 22,
        transform: 'translate(-50%, -50%)',
        borderRadius: '50%',
        border: 3,
        borderColor: 'error.main',
        boxShadow: '0 0 0 2px white',
        pointerEvents: 'none',
      }}
    />
  );

  const elementOutline = outlined && <ElementOutline box={outlined} viewport={viewport} />;

  const enlarge = () => onEnlarge?.(view);

  return (
    <Stack spacing={1}>
      {failed}
      {beforeId && afterId && (
        <ToggleButtonGroup
          exclusive
          size="small"
          value={view}
          onChange={(_event, next: View | null) => {
            if (!next) return;
            setView(next);
            setPoint(null);
          }}
          aria-label={`Screenshot of step ${stepNumber}`}
        >
          <ToggleButton value="after">After the step</ToggleButton>
          <ToggleButton value="before">Before the step</ToggleButton>
        </ToggleButtonGroup>
      )}
      {picking && (
        <Typography variant="body2" color="text.secondary">
          Wrong element? Click the one this step should act on (or press Enter, then move with the arrow
          keys).
        </Typography>
      )}
      {shownId && (
        <Box
          {...(picking && {
            role: 'button',
            tabIndex: 0,
            'aria-label': `Pick the element step ${stepNumber} should act on`,
            onClick: pickAt,
            onKeyDown: moveWithKeys,
          })}
          {...(enlarging && {
            role: 'button',
            tabIndex: 0,
            'aria-label': `Enlarge the page ${view} step ${stepNumber}`,
            onClick: enlarge,
            onKeyDown: (event: KeyboardEvent<HTMLElement>) => {
              if (event.key !== 'Enter' && event.key !== ' ') return;
              event.preventDefault();
              enlarge();
            },
          })}
          sx={{
            cursor: picking ? 'crosshair' : enlarging ? 'zoom-in' : 'default',
            borderRadius: 1,
            '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineStyle: 'solid' },
          }}
        >
          <ScreenshotImage
            key={shownId}
            imageId={shownId}
            alt={view === 'after' ? `Page after step ${stepNumber}` : `Page before step ${stepNumber}`}
            aspectRatio={viewport.width / viewport.height}
            imgRef={image}
            overlay={
              <>
                {elementOutline}
                {marker}
              </>
            }
          />
        </Box>
      )}
      {point && picking && (
        <Stack
          direction="row"
          spacing={1}
          sx={{ alignItems: 'center', flexWrap: 'wrap' }}
          role="group"
          aria-label="Visual feedback"
        >
          <Typography variant="body2" sx={{ flex: '1 1 auto' }}>
            Target at ({point.x}, {point.y}). Regenerate from step {stepNumber} acting there?
          </Typography>
          <Button variant="contained" size="small" onClick={() => void send()} disabled={sending}>
            {sending ? 'Sending…' : 'Send feedback'}
          </Button>
          <Button size="small" onClick={() => setPoint(null)} disabled={sending}>
            Clear
          </Button>
        </Stack>
      )}
    </Stack>
  );
}
