import Skeleton from '@mui/material/Skeleton';
import { lazy, Suspense } from 'react';
import type { LogViewerProps } from './LogViewer';

// CodeMirror is its own chunk: fetched when a log first shows, never with the app shell.
const LogViewer = lazy(async () => ({ default: (await import('./LogViewer')).LogViewer }));

export function LazyLogViewer(props: LogViewerProps) {
  const lines = Math.min(props.text.split('\n').length, 16);
  return (
    <Suspense
      fallback={<Skeleton variant="rounded" height={lines * 18 + 48} aria-label={`Loading ${props.label}`} />}
    >
      <LogViewer {...props} />
    </Suspense>
  );
}
