import Skeleton from '@mui/material/Skeleton';
import { lazy, Suspense } from 'react';
import type { InstructionsEditorProps } from './InstructionsEditor';

// Tiptap and ProseMirror are a large chunk: loaded when an editor first shows, never with the app shell.
const InstructionsEditor = lazy(async () => ({
  default: (await import('./InstructionsEditor')).InstructionsEditor,
}));

/** The instructions editor, fetched on first use; a placeholder of its size shows meanwhile. */
export function LazyInstructionsEditor(props: InstructionsEditorProps) {
  return (
    <Suspense
      fallback={
        <Skeleton
          variant="rounded"
          height={(props.minHeight ?? 160) + 48}
          aria-label={`Loading ${props.label.toLowerCase()}`}
        />
      }
    >
      <InstructionsEditor {...props} />
    </Suspense>
  );
}
