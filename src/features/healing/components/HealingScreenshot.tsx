import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { createContext, createElement, useContext, type ComponentType } from 'react';
import { generationApi } from '../../generation/api';

export interface HealingScreenshotProps {
  imageId: string;
  alt: string;
  /** Width / height of the page the screenshot shows (the test's viewport). */
  aspectRatio: number;
}

/**
 * Loads a screenshot by id (GET /api/images/{id} → signed link). The app passes the generation
 * feature's cached image component through HealingScreenshotProvider (features never import each
 * other's components); this plain one serves where none is given.
 */
function PlainScreenshot({ imageId, alt, aspectRatio }: HealingScreenshotProps) {
  const { data, isError } = generationApi.endpoints.getImage.useQuery(imageId);
  if (isError)
    return (
      <Typography variant="body2" color="warning.main">
        Failed to load the screenshot
      </Typography>
    );
  if (!data)
    return (
      <Skeleton
        variant="rectangular"
        sx={{ width: '100%', height: 'auto', aspectRatio: String(aspectRatio), borderRadius: 1 }}
        aria-label={`Loading ${alt.toLowerCase()}`}
      />
    );
  return (
    <Box
      component="img"
      src={data.url}
      alt={alt}
      draggable={false}
      sx={{
        width: '100%',
        height: 'auto',
        display: 'block',
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
      }}
    />
  );
}

const ScreenshotContext = createContext<ComponentType<HealingScreenshotProps>>(PlainScreenshot);

export const HealingScreenshotProvider = ScreenshotContext.Provider;

/** One screenshot of a healing's diff, through whichever image component the app provides. */
export function HealingScreenshot(props: HealingScreenshotProps) {
  // NOTE: the component comes from context, set once by the app, so it is the same on every render.
  return createElement(useContext(ScreenshotContext), props);
}
