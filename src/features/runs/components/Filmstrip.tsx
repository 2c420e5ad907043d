import ErrorIcon from '@mui/icons-material/Error';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Typography from '@mui/material/Typography';
import type { KeyboardEvent } from 'react';
import type { StepRow } from '../steps';
import { RunScreenshot } from './RunScreenshot';

interface FilmstripProps {
  rows: readonly StepRow[];
  selected: number | null;
  onSelect: (index: number) => void;
  viewport: { width: number; height: number };
}

const FRAME_WIDTH = 148;

/** The steps' screenshots side by side; the failing frame is outlined in red. Arrow keys move along. */
export function Filmstrip({ rows, selected, onSelect, viewport }: FilmstripProps) {
  const frames = rows.flatMap((row) =>
    row.result?.screenshot_id
      ? [{ ...row, imageId: row.result.screenshot_id, name: row.result.action_name || row.description }]
      : [],
  );
  if (frames.length === 0) return null;
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
      role="toolbar"
      aria-label="Screenshots of the steps"
      onKeyDown={onKeyDown}
      sx={{ display: 'flex', gap: 1, overflowX: 'auto', pb: 1, scrollSnapType: 'x proximity' }}
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
              flex: `0 0 ${FRAME_WIDTH}px`,
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
            <RunScreenshot
              imageId={row.imageId}
              alt={`Step ${row.index + 1}`}
              aspectRatio={viewport.width / viewport.height}
            />
            <Typography
              variant="caption"
              component="span"
              sx={{
                display: 'flex',
                alignItems: 'center',
                gap: 0.5,
                mt: 0.5,
                color: failed ? 'error.main' : 'text.secondary',
              }}
            >
              {failed && <ErrorIcon sx={{ fontSize: 14 }} />}
              <Box
                component="span"
                sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
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
