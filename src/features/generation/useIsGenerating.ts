import { useAppSelector } from '../../app/hooks';
import type { TestCase } from '../tests/api';
import { selectGenerationRequested } from './selectors';
import { isGenerating } from './types';

/** Generating per SPEC §4, or just asked for by this person (SPEC §3's generating flag). */
export function useIsGenerating(test: Pick<TestCase, 'id' | 'state'>): boolean {
  const requested = useAppSelector((state) => selectGenerationRequested(state, test.id));
  return isGenerating(test.state) || requested;
}
