import type { GenerationSliceState } from './slice';

interface WithGeneration {
  generation: GenerationSliceState;
}

/** SPEC §3's generating flag for one test. */
export const selectGenerationRequested = (state: WithGeneration, testId: string) =>
  state.generation.generating.includes(testId);

export const selectSelectedStep = (state: WithGeneration, testId: string): number | null =>
  state.generation.selectedStep?.testId === testId ? state.generation.selectedStep.index : null;
