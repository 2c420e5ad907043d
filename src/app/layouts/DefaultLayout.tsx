import Box from '@mui/material/Box';
import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { ErrorBoundary } from '../../components/ErrorBoundary';
import { PageLoader } from '../../components/PageLoader';

/** The plain layout: auth screens and not-found. */
export function DefaultLayout() {
  const { pathname } = useLocation();
  return (
    <Box sx={{ minHeight: '100dvh', bgcolor: 'background.default' }}>
      <ErrorBoundary region="this page" resetKey={pathname}>
        <Suspense fallback={<PageLoader fullScreen />}>
          <Outlet />
        </Suspense>
      </ErrorBoundary>
    </Box>
  );
}
