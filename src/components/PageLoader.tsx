import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';

interface PageLoaderProps {
  label?: string;
  fullScreen?: boolean;
}

export function PageLoader({ label = 'Loading…', fullScreen = false }: PageLoaderProps) {
  return (
    <Box
      role="progressbar"
      aria-label={label}
      aria-busy="true"
      sx={{ display: 'grid', placeItems: 'center', minHeight: fullScreen ? '100dvh' : 240, width: '100%' }}
    >
      <CircularProgress size={32} />
    </Box>
  );
}
