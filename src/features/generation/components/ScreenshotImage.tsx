import BrokenImageOutlinedIcon from '@mui/icons-material/BrokenImageOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import type { ReactNode, Ref } from 'react';
import { messages } from '../messages';
import { useImage } from '../useImage';

interface ScreenshotImageProps {
  imageId: string;
  alt: string;
  /** Width / height of the page the screenshot shows (the test's viewport). */
  aspectRatio: number;
  imgRef?: Ref<HTMLImageElement>;
  /** Drawn over the image (a marker). */
  overlay?: ReactNode;
}

/** One screenshot through the image cache, with its loading and failed states. */
export function ScreenshotImage({ imageId, alt, aspectRatio, imgRef, overlay }: ScreenshotImageProps) {
  const { status, url, retry, onLoadError } = useImage(imageId);
  if (status === 'failed')
    return (
      <Alert
        severity="warning"
        icon={<BrokenImageOutlinedIcon />}
        action={
          <Button color="inherit" size="small" onClick={retry}>
            Retry
          </Button>
        }
      >
        {messages.imageFailed}
      </Alert>
    );
  if (status !== 'ready' || !url)
    return (
      <Skeleton
        variant="rectangular"
        sx={{ width: '100%', height: 'auto', aspectRatio: String(aspectRatio), borderRadius: 1 }}
        aria-label={`Loading ${alt.toLowerCase()}`}
      />
    );
  return (
    // NOTE: the border is the wrapper's, so the image's box is exactly the picture (clicks map to its pixels).
    <Box
      sx={{
        position: 'relative',
        lineHeight: 0,
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
        overflow: 'hidden',
      }}
    >
      <Box
        component="img"
        ref={imgRef}
        src={url}
        alt={alt}
        // An expired link fails to load: a fresh one is fetched, once.
        onError={onLoadError}
        draggable={false}
        sx={{ width: '100%', height: 'auto', display: 'block' }}
      />
      {overlay}
    </Box>
  );
}
