import { useRef } from 'react';
import { describeError } from '../../api/apiError';
import { useAppDispatch } from '../../app/hooks';
import { notify } from '../../lib/notify';
import { useUpdateTestCaseMutation, type TestCase } from '../tests/api';
import {
  useCancelGenerationMutation,
  useMarkGenerationCompleteMutation,
  useRegenerateTestCaseMutation,
  useSendUserFeedbackMutation,
  type SendFeedbackArgs,
} from './api';
import { messages } from './messages';
import {
  feedbackSubmitted,
  generationCancelled,
  generationRequested,
  markedComplete,
  regenerationRequested,
} from './slice';
import type { FeedbackKind } from './types';

type FeedbackBody = Omit<SendFeedbackArgs, 'id' | 'suiteId'>;

/**
 * What a person can ask of a test's generation. Each says how it went in a snackbar, records a named
 * event on success, and resolves true when it worked. A request already on its way ignores a second ask.
 */
export function useGenerationCommands(test: Pick<TestCase, 'id' | 'suiteId' | 'lastModifiedAt'>) {
  const dispatch = useAppDispatch();
  const ref = { id: test.id, suiteId: test.suiteId };
  const [updateTestCase, generateState] = useUpdateTestCaseMutation();
  const [regenerateTestCase, regenerateState] = useRegenerateTestCaseMutation();
  const [cancelGeneration, cancelState] = useCancelGenerationMutation();
  const [markGenerationComplete, completeState] = useMarkGenerationCompleteMutation();
  const [sendUserFeedback, feedbackState] = useSendUserFeedbackMutation();
  // NOTE: a ref, not the mutation's isLoading: a second click in the same tick must see the first.
  const running = useRef(new Set<string>());

  /** SPEC §4: a request already on its way ignores another ask. */
  async function once(name: string, work: () => Promise<boolean>): Promise<boolean> {
    if (running.current.has(name)) return false;
    running.current.add(name);
    try {
      return await work();
    } finally {
      running.current.delete(name);
    }
  }

  const generate = () =>
    once('generate', async () => {
      const result = await updateTestCase({
        id: test.id,
        changes: {},
        lastModifiedAt: test.lastModifiedAt,
        schedule: true,
      });
      if ('error' in result) {
        notify.error(describeError(result.error, messages.generateFailed));
        return false;
      }
      dispatch(generationRequested({ testId: test.id }));
      notify.success(messages.generationStarted);
      return true;
    });

  const regenerate = () =>
    once('regenerate', async () => {
      const result = await regenerateTestCase(ref);
      if ('error' in result) {
        notify.error(describeError(result.error, messages.regenerateFailed));
        return false;
      }
      dispatch(regenerationRequested({ testId: test.id }));
      notify.success(messages.regenerationStarted);
      return true;
    });

  const cancel = () =>
    once('cancel', async () => {
      const result = await cancelGeneration(ref);
      if ('error' in result) {
        notify.error(describeError(result.error, messages.cancelFailed));
        return false;
      }
      dispatch(generationCancelled({ testId: test.id }));
      notify.success(messages.cancelled);
      return true;
    });

  const markComplete = (lastStepIndex: number | null) =>
    once('markComplete', async () => {
      const result = await markGenerationComplete({ ...ref, lastStepIndex });
      if ('error' in result) {
        notify.error(describeError(result.error, messages.markCompleteFailed));
        return false;
      }
      dispatch(markedComplete({ testId: test.id }));
      notify.success(messages.markedComplete);
      return true;
    });

  const sendFeedback = (kind: FeedbackKind, body: FeedbackBody) =>
    once('feedback', async () => {
      const result = await sendUserFeedback({ ...ref, ...body });
      if ('error' in result) {
        notify.error(describeError(result.error, messages.feedbackFailed));
        return false;
      }
      dispatch(feedbackSubmitted({ testId: test.id, step: body.step, kind }));
      notify.success(messages.feedbackSent);
      return true;
    });

  return {
    generate,
    regenerate,
    cancel,
    markComplete,
    sendFeedback,
    pending: {
      generate: generateState.isLoading,
      regenerate: regenerateState.isLoading,
      cancel: cancelState.isLoading,
      markComplete: completeState.isLoading,
      feedback: feedbackState.isLoading,
    },
  };
}
