import { createRequire } from 'node:module';
import type compromise from 'compromise';

// NOTE: compromise is loaded at the first sentence read, not with the server: building its lexicon
// takes about a second of CPU, which a process that never reads a sentence (a worker that only runs
// tests, an API answering other calls, most test suites) need not pay.
const load = createRequire(__filename);
let loaded: typeof compromise | null = null;

/** compromise's `nlp(text)`, loaded at its first use. */
export function nlp(text: string): ReturnType<typeof compromise> {
  loaded ??= load('compromise') as typeof compromise;
  return loaded(text);
}
