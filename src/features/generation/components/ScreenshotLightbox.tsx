import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import CloseIcon from '@mui/icons-material/Close';
import FitScreenOutlinedIcon from '@mui/icons-material/FitScreenOutlined';
import ZoomInIcon from '@mui/icons-material/ZoomIn';
import ZoomOutIcon from '@mui/icons-material/ZoomOut';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useId, useState, type KeyboardEvent, type ReactNode } from 'react';
import { messages } from '../messages';
import { useImage } from '../useImage';

/** Zoom levels the buttons and keys step through; null is "fit the window". */
const ZOOM_LEVELS = [0.25, 0.5, 0.75, 1, 1.5, 2, 3, 4] as const;
type Zoom = number | null;

/** From fit, zooming in starts at full size and zooming out at half. */
export function nextZoom(zoom: Zoom, direction: 1 | -1): Zoom {
  if (zoom === null) return direction === 1 ? 1 : 0.5;
  const index = ZOOM_LEVELS.findIndex((level) => level >= zoom);
  const next = Math.min(
    Math.max((index === -1 ? ZOOM_LEVELS.length - 1 : index) + direction, 0),
    ZOOM_LEVELS.length - 1,
  );
  return ZOOM_LEVELS[next];
}

interface ScreenshotLightboxProps {
  open: boolean;
  imageId: string | null;
  /** The image's text alternative, e.g. 'Page after step 2'. */
  alt: string;
  /** Shown in the bar: the step's number and title. */
  title: string;
  /** The page's size: the screenshot's pixels at 100 %. */
  viewport: { width: number; height: number };
  /** Drawn over the image, in percentages of it (the element's outline). */
  overlay?: ReactNode;
  onPrevious?: () => void;
  onNext?: () => void;
  onClose: () => void;
}

/**
 * A screenshot full screen: fit, or zoomed with the buttons or + / - / 0; the arrow keys move between
 * steps; Escape closes.
 */
export function ScreenshotLightbox({
  open,
  imageId,
  alt,
  title,
  viewport,
  overlay,
  onPrevious,
  onNext,
  onClose,
}: ScreenshotLightboxProps) {
  const titleId = useId();
  const [zoom, setZoom] = useState<Zoom>(null);
  const zoomLabel = zoom === null ? 'Fit' : `${Math.round(zoom * 100)}%`;

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const actions: Record<string, (() => void) | undefined> = {
      '+': () => setZoom((current) => nextZoom(current, 1)),
      '=': () => setZoom((current) => nextZoom(current, 1)),
      '-': () => setZoom((current) => nextZoom(current, -1)),
      '0': () => setZoom(null),
      ArrowLeft: onPrevious,
      ArrowUp: onPrevious,
      ArrowRight: onNext,
      ArrowDown: onNext,
    };
    const action = actions[event.key];
    if (!action) return;
    event.preventDefault();
    action();
  };

  return (
    <Dialog fullScreen open={open} onClose={onClose} aria-labelledby={titleId} onKeyDown={onKeyDown}>
      <Stack
        direction="row"
        spacing={1}
        sx={{ alignItems: 'center', px: 2, py: 1, borderBottom: 1, borderColor: 'divider' }}
      >
        <Typography id={titleId} variant="subtitle1" component="h2" noWrap sx={{ flex: 1, minWidth: 0 }}>
          {title}
        </Typography>
        <Tooltip title="Previous step (←)">
          <span>
            <IconButton aria-label="Previous step" onClick={onPrevious} disabled={!onPrevious}>
              <ChevronLeftIcon />
            </IconButton>
          </span>
        </Tooltip>
        <Tooltip title="Next step (→)">
          <span>
            <IconButton aria-label="Next step" onClick={onNext} disabled={!onNext}>
              <ChevronRightIcon />
            </IconButton>
          </span>
        </Tooltip>
        <Tooltip title="Zoom out (-)">
          <IconButton aria-label="Zoom out" onClick={() => setZoom((current) => nextZoom(current, -1))}>
            <ZoomOutIcon />
          </IconButton>
        </Tooltip>
        <Typography
          variant="body2"
          role="status"
          aria-label="Zoom"
          sx={{ minWidth: 48, textAlign: 'center', fontVariantNumeric: 'tabular-nums' }}
        >
          {zoomLabel}
        </Typography>
        <Tooltip title="Zoom in (+)">
          <IconButton aria-label="Zoom in" onClick={() => setZoom((current) => nextZoom(current, 1))}>
            <ZoomInIcon />
          </IconButton>
        </Tooltip>
        <Tooltip title="Fit to window (0)">
          <IconButton aria-label="Fit to window" onClick={() => setZoom(null)}>
            <FitScreenOutlinedIcon />
          </IconButton>
        </Tooltip>
        <Tooltip title="Close (Esc)">
          <IconButton aria-label="Close" onClick={onClose} edge="end">
            <CloseIcon />
          </IconButton>
        </Tooltip>
      </Stack>
      <Box
        sx={{
          flex: 1,
          minHeight: 0,
          overflow: 'auto',
          display: 'flex',
          bgcolor: 'action.hover',
          p: 2,
        }}
      >
        {imageId ? (
          <LightboxImage imageId={imageId} alt={alt} zoom={zoom} viewport={viewport} overlay={overlay} />
        ) : (
          <Typography color="text.secondary" sx={{ m: 'auto' }}>
            No screenshot for this step.
          </Typography>
        )}
      </Box>
    </Dialog>
  );
}

function LightboxImage({
  imageId,
  alt,
  zoom,
  viewport,
  overlay,
}: {
  imageId: string;
  alt: string;
  zoom: Zoom;
  viewport: { width: number; height: number };
  overlay?: ReactNode;
}) {
  const { status, url, onLoadError } = useImage(imageId);
  if (status === 'failed')
    return (
      <Typography color="text.secondary" sx={{ m: 'auto' }}>
        {messages.imageFailed}
      </Typography>
    );
  if (status !== 'ready' || !url)
    return <CircularProgress aria-label={`Loading ${alt.toLowerCase()}`} sx={{ m: 'auto' }} />;
  // NOTE: margin auto centres the image when it is smaller than the window and keeps it scrollable when larger.
  const size =
    zoom === null
      ? { maxWidth: '100%', maxHeight: 'calc(100dvh - 96px)' }
      : { width: viewport.width * zoom, maxWidth: 'none', maxHeight: 'none' };
  return (
    <Box sx={{ position: 'relative', m: 'auto', lineHeight: 0, boxShadow: 3 }}>
      <Box
        component="img"
        src={url}
        alt={alt}
        onError={onLoadError}
        draggable={false}
        data-zoom={zoom ?? 'fit'}
        sx={{ display: 'block', height: 'auto', objectFit: 'contain', ...size }}
      />
      {overlay}
    </Box>
  );
}
