import { GENERATING_STATES } from '../../../contract/states';
import type { TestCase } from '../tests/api';
import { messages } from './messages';

const failedStep = (step: unknown) =>
  typeof step === 'object' &&
  step !== null &&
  (step as { execution_succeded?: unknown }).execution_succeded === false;

/** Why the test cannot be run now (the server's own sentences, server/src/services/runs.ts), or null. */
export function runBlockedReason(test: Pick<TestCase, 'state' | 'testGenerationSteps'>): string | null {
  if (GENERATING_STATES.includes(test.state)) return messages.generating;
  if (test.testGenerationSteps.length === 0) return messages.noSteps;
  if (test.testGenerationSteps.some(failedStep)) return messages.notRunnableGeneration;
  return null;
}
