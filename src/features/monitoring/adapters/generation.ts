// A test's generation as a topic of the one monitor (lifecycle.ts; SPEC §4 "monitoring",
// docs/generation.md). Loaded with the first watch of a generation (sagas.ts).
import { call } from 'redux-saga/effects';
import type { SocketMessage } from '../../../../contract/generation';
import { GENERATING_STATES } from '../../../../contract/states';
import { testsApi, type TestCase } from '../../tests/api';
import { readFresh, type TopicAdapter, type TrackedRead } from '../lifecycle';
import { generationEnded, generationUpdated, watchStarted, watchTimedOut } from '../slice';

/** How often a test is polled while no socket can be had. */
export const GENERATION_POLL_MS = 3000;

/** Refetches the test into RTK Query's cache (the details page reads it there). */
export function* refetchTest(testId: string) {
  const read: TrackedRead<TestCase> = yield call(
    readFresh<TestCase>,
    testsApi.endpoints.getTestCase.initiate(testId, { subscribe: false, forceRefetch: true }),
  );
  return read;
}

export const generationAdapter: TopicAdapter<SocketMessage, TestCase> = {
  topic: 'generation',
  logName: 'monitoring',
  pollIntervalMs: GENERATION_POLL_MS,
  watchRequest: (testId) => ({ type: 'watch', test_id: testId }),
  idOf: (message) => ('test_id' in message ? message.test_id : undefined),
  interpret: (message, id) => {
    const ref = { topic: 'generation' as const, id };
    switch (message.type) {
      case 'WATCHING':
        return { kind: 'watching', event: watchStarted({ ...ref, status: message.state }) };
      case 'TEST_UPDATED':
        return { kind: 'updated', event: generationUpdated(ref) };
      case 'TEST_NOT_RUNNING':
        return { kind: 'ended', event: generationEnded(ref) };
      case 'WATCH_TIMED_OUT':
        return { kind: 'timed_out', event: watchTimedOut(ref) };
      default:
        return null;
    }
  },
  refetch: refetchTest,
  isTerminal: (test) => !GENERATING_STATES.includes(test.state),
  goneMessage: 'Test case not found',
};
