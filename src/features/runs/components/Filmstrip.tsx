import ErrorIcon from '@mui/icons-material/Error';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, type KeyboardEvent } from 'react';
import type { StepRow } from '../steps';
import { RunScreenshot } from './RunScreenshot';

interface FilmstripProps {
  rows: readonly StepRow[];
  selected: number | null;
  onSelect: (index: number) => void;
  viewport: { width: number; height: number };
}

/** Every thumbnail is this wide; its height follows the test's viewport, within bounds. */
export const FRAME_WIDTH = 136;
const MIN_FRAME_HEIGHT = 48;
const MAX_FRAME_HEIGHT = 240;

/** The thumbnail's height for a viewport (a screenshot of another shape is letterboxed, not stretched). */
export function frameHeight(viewport: { width: number; height: number }): number {
  const ratio = viewport.width > 0 && viewport.height > 0 ? viewport.width / viewport.height : 16 / 9;
  return Math.round(Math.min(MAX_FRAME_HEIGHT, Math.max(MIN_FRAME_HEIGHT, FRAME_WIDTH / ratio)));
}

/**
 * The steps' screenshots side by side, all the same size, in a strip that scrolls sideways and keeps the
 * selected frame in view; the failing frame is outlined in red. Arrow keys move along.
 */
export function Filmstrip({ rows, selected, onSelect, viewport }: FilmstripProps) {
  const strip = useRef<HTMLElement>(null);
  // The selected frame scrolls into view (within the strip only: 'nearest' moves the page no more than needed).
  useEffect(() => {
    if (selected === null) return;
    const frame = strip.current?.querySelector<HTMLElement>(`[data-frame="${selected}"]`);
    frame?.scrollIntoView?.({ block: 'nearest', inline: 'nearest', behavior: 'smooth' });
  }, [selected]);
  const frames = rows.flatMap((row) =>
    row.result?.screenshot_id
      ? [{ ...row, imageId: row.result.screenshot_id, name: row.result.action_name || row.description }]
      : [],
  );
  if (frames.length === 0) return null;
  const height = frameHeight(viewport);
  // One frame is in the tab order: the selected one, else the first (roving tabindex).
  const focusable = frames.some((frame) => frame.index === selected) ? selected : frames[0].index;

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const at = frames.findIndex((row) => row.index === selected);
    const next =
      event.key === 'ArrowRight'
        ? at + 1
        : event.key === 'ArrowLeft'
          ? at - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? frames.length - 1
              : null;
    if (next === null) return;
    event.preventDefault();
    const frame = frames[Math.min(Math.max(next, 0), frames.length - 1)];
    onSelect(frame.index);
    event.currentTarget.querySelector<HTMLElement>(`[data-frame="${frame.index}"]`)?.focus();
  };

  return (
    <Box
      ref={strip}
      role="toolbar"
      aria-label="Screenshots of the steps"
      onKeyDown={onKeyDown}
      sx={{
        display: 'flex',
        gap: 1,
        overflowX: 'auto',
        pb: 1,
        px: 0.5,
        scrollSnapType: 'x mandatory',
        scrollPaddingInline: '4px',
        // Room after the last frame, so it is never cut off (a flex scroller drops its end padding).
        '&::after': { content: '""', flex: '0 0 4px' },
      }}
    >
      {frames.map((row) => {
        const failed = row.state === 'failed';
        const active = row.index === selected;
        return (
          <ButtonBase
            key={row.index}
            data-frame={row.index}
            onClick={() => onSelect(row.index)}
            aria-pressed={active}
            aria-label={`Step ${row.index + 1}: ${failed ? 'failed' : 'passed'}`}
            tabIndex={row.index === focusable ? 0 : -1}
            sx={{
              flex: '0 0 auto',
              display: 'block',
              textAlign: 'left',
              p: 0.5,
              borderRadius: 1,
              border: 2,
              borderColor: failed ? 'error.main' : active ? 'primary.main' : 'transparent',
              scrollSnapAlign: 'start',
              '&:focus-visible': { outline: 2, outlineStyle: 'solid', outlineColor: 'primary.main' },
            }}
          >
            <Box
              data-testid="filmstrip-frame"
              style={{ width: FRAME_WIDTH, height }}
              sx={{
                overflow: 'hidden',
                borderRadius: 1,
                bgcolor: 'action.hover',
                display: 'flex',
                alignItems: 'center',
                justifyContent: 'center',
                '& > *': { width: '100%', height: '100%' },
                '& img': { width: '100%', height: '100%', objectFit: 'contain', border: 0 },
              }}
            >
              <RunScreenshot
                imageId={row.imageId}
                alt={`Step ${row.index + 1}`}
                aspectRatio={viewport.width / viewport.height}
              />
            </Box>
            <Typography
              variant="caption"
              component="span"
              sx={{
                display: 'flex',
                alignItems: 'center',
                gap: 0.5,
                mt: 0.5,
                width: FRAME_WIDTH,
                color: failed ? 'error.main' : 'text.secondary',
              }}
            >
              {failed && <ErrorIcon sx={{ fontSize: 14 }} />}
              <Box
                component="span"
                title={`${row.index + 1}. ${row.name}`}
                sx={{ minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
              >
                {row.index + 1}. {row.name}
              </Box>
            </Typography>
          </ButtonBase>
        );
      })}
    </Box>
  );
}
