import Skeleton from '@mui/material/Skeleton';
import { lazy, Suspense } from 'react';
import type { CodeViewerProps } from './CodeViewer';

// CodeMirror is its own chunk: fetched when code first shows, never with the app shell.
const CodeViewer = lazy(async () => ({ default: (await import('./CodeViewer')).CodeViewer }));

export function LazyCodeViewer(props: CodeViewerProps) {
  const lines = Math.min(props.code.split('\n').length, 12);
  return (
    <Suspense
      fallback={<Skeleton variant="rounded" height={lines * 20 + 8} aria-label={`Loading ${props.label}`} />}
    >
      <CodeViewer {...props} />
    </Suspense>
  );
}
