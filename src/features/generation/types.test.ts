import { buildStep } from '../../testing/generation';
import { isGenerating, isGenerationFailed, isYetToStart, stepTitle, toGenerationStep } from './types';

describe('generation states (SPEC §4)', () => {
  it('groups the states', () => {
    expect(
      ['pending', 'scheduled', 'running', 'retrying', 'waiting_for_executor'].every((s) =>
        isGenerating(s as never),
      ),
    ).toBe(true);
    expect(isGenerating('passed')).toBe(false);
    expect(isGenerating(null)).toBe(false);
    expect(
      [
        'error',
        'failed',
        'not_runnable',
        'resources_exceeded',
        'aborted',
        'executor_not_available',
        'cancelled',
      ].every((s) => isGenerationFailed(s as never)),
    ).toBe(true);
    expect(isGenerationFailed('completed')).toBe(false);
  });

  it('calls a generation yet to start when queued without steps', () => {
    expect(isYetToStart('pending', 0)).toBe(true);
    expect(isYetToStart('waiting_for_executor', 0)).toBe(true);
    expect(isYetToStart('running', 0)).toBe(false);
    expect(isYetToStart('pending', 1)).toBe(false);
  });
});

describe('toGenerationStep', () => {
  it('keeps a complete step as it is', () => {
    const step = buildStep(2);
    expect(toGenerationStep(step, 2)).toEqual(step);
  });

  it('fills what an older or partial step lacks, without throwing', () => {
    const step = toGenerationStep({ action_name: 'Click "Pay"', execution_succeded: false }, 4);
    expect(step).toMatchObject({
      step_index: 4,
      action_name: 'Click "Pay"',
      planner_message: '',
      unsuccessful_code_attempts: [],
      screenshot_id: null,
      before_screenshot_id: null,
      trace_zip_path: null,
      verification: { passed: false, message: '' },
      cost: 0,
    });
    expect(toGenerationStep(null, 0).step_description).toBe('');
    expect(
      toGenerationStep({ unsuccessful_code_attempts: [{ attempted_code: 'x' }] }, 0)
        .unsuccessful_code_attempts[0],
    ).toEqual({
      attempted_code: 'x',
      language: 'typescript',
      execution_succeeded: false,
      user_visible_error: { message: '', error_type: '' },
      action: null,
    });
  });

  it('titles a step by its action name cut at 100 characters, else its words', () => {
    expect(stepTitle(buildStep(0, { action_name: 'a'.repeat(101) }))).toBe(`${'a'.repeat(100)}...`);
    expect(stepTitle(buildStep(0, { action_name: `${'a'.repeat(120)}.` }))).toBe(`${'a'.repeat(120)}.`);
    expect(stepTitle(buildStep(0, { action_name: '', step_description: 'Press Enter' }))).toBe('Press Enter');
  });
});
