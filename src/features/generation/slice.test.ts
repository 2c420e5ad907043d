import { generationEnded, watchEnded, watchFailed } from '../monitoring/api';
import { selectGenerationRequested } from './selectors';
import { generationRequested, generationSlice, type GenerationSliceState } from './slice';

// SPEC §4's generating flag follows the test's live watch: it goes down when the server says the
// generation stopped, or when the watch ends or fails (errors reset it), and only for that test.

const reduce = (state: GenerationSliceState, action: Parameters<typeof generationSlice.reducer>[1]) =>
  generationSlice.reducer(state, action);
const requested = (state: GenerationSliceState, testId: string) =>
  selectGenerationRequested({ generation: state }, testId);

describe('the generating flag', () => {
  const start = () =>
    [generationRequested({ testId: 'test-1' }), generationRequested({ testId: 'test-2' })].reduce(
      reduce,
      generationSlice.getInitialState(),
    );

  it.each([
    ['the generation ended', generationEnded({ topic: 'generation', id: 'test-1' })],
    ['its watch ended', watchEnded({ topic: 'generation', id: 'test-1' })],
    ['its watch failed', watchFailed({ topic: 'generation', id: 'test-1', message: 'Test case not found' })],
  ])('goes down for the test when %s, and stays up for the others', (_when, action) => {
    const state = reduce(start(), action);
    expect(requested(state, 'test-1')).toBe(false);
    expect(requested(state, 'test-2')).toBe(true);
  });

  it('stays up when a watch of another topic with the same id ends', () => {
    const state = [
      watchEnded({ topic: 'testHealings', id: 'test-1' }),
      watchFailed({ topic: 'run', id: 'test-1', message: 'Test run not found' }),
    ].reduce(reduce, start());
    expect(requested(state, 'test-1')).toBe(true);
  });
});
