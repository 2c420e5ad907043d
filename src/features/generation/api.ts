import type { UserFeedbackBody } from '../../../contract/generation';
import { baseApi } from '../../api/baseApi';
import { testsApi, toTestCase, type TestCase, type TestCaseDto } from '../tests/api';
import type { SignedImage, SignedTrace } from './types';

const enc = encodeURIComponent;

/** Every mutation here names the test and its suite: the details page and the suite's tree change. */
interface TestRef {
  id: string;
  suiteId: string;
}

export interface MarkCompleteArgs extends TestRef {
  /** The last step to keep (the steps the person saw); the server keeps the successful ones up to it. */
  lastStepIndex: number | null;
}

export type SendFeedbackArgs = TestRef & Omit<UserFeedbackBody, 'test_case_id'> & { step: number };

export interface TraceArgs {
  testCaseId: string;
  stepIndex: number;
}

const traceTag = (testCaseId: string) => ({ type: 'Artifact' as const, id: `trace:${testCaseId}` });

/** A generation that starts replaces the test's traces: the old links would open the old trace. */
const startedTags = (test: TestCase | undefined, error: unknown, { id, suiteId }: TestRef) =>
  error ? [] : [{ type: 'TestTree' as const, id: suiteId }, traceTag(id)];

/** SPEC §4: cancel and mark complete refetch the test; the tree shows the new state too. */
const refetchTags = (_test: TestCase | undefined, error: unknown, { id, suiteId }: TestRef) =>
  error
    ? []
    : [
        { type: 'TestCase' as const, id },
        { type: 'TestTree' as const, id: suiteId },
      ];

const endpointsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    regenerateTestCase: build.mutation<TestCase, TestRef>({
      query: ({ id }) => ({ url: `/test-case/${enc(id)}/regenerate`, method: 'PUT' }),
      transformResponse: (dto: TestCaseDto) => toTestCase(dto),
      invalidatesTags: startedTags,
    }),
    cancelGeneration: build.mutation<TestCase, TestRef>({
      query: ({ id }) => ({ url: `/test-case/cancel/${enc(id)}`, method: 'DELETE' }),
      transformResponse: (dto: TestCaseDto) => toTestCase(dto),
      invalidatesTags: refetchTags,
    }),
    markGenerationComplete: build.mutation<TestCase, MarkCompleteArgs>({
      // A step index that is not a number keeps every step (the server's force-stop rule).
      query: ({ id, lastStepIndex }) => ({
        url: `/test-case/${enc(id)}/force-stop/${lastStepIndex ?? 'all'}`,
        method: 'PUT',
      }),
      transformResponse: (dto: TestCaseDto) => toTestCase(dto),
      invalidatesTags: refetchTags,
    }),
    sendUserFeedback: build.mutation<TestCase, SendFeedbackArgs>({
      query: ({ id, suiteId: _suiteId, ...body }) => ({
        url: `/test-case/${enc(id)}/user-feedback`,
        method: 'PUT',
        body: { test_case_id: id, ...body },
      }),
      transformResponse: (dto: TestCaseDto) => toTestCase(dto),
      invalidatesTags: startedTags,
    }),
    // NOTE: imageCache.ts decides when to call this (cache by id, wait for one in flight, refetch expired).
    getImage: build.query<SignedImage, string>({
      query: (id) => `/images/${enc(id)}`,
      providesTags: (_image, _error, id) => [{ type: 'Image', id }],
      keepUnusedDataFor: 0,
    }),
    getTrace: build.query<SignedTrace, TraceArgs>({
      query: ({ testCaseId, stepIndex }) => `/traces/${enc(testCaseId)}/${stepIndex}`,
      providesTags: (_trace, _error, { testCaseId, stepIndex }) => [
        traceTag(testCaseId),
        { type: 'Artifact', id: `trace:${testCaseId}:${stepIndex}` },
      ],
    }),
  }),
});

/** A mutation that answers the whole test writes it into the details cache. */
async function storeReply(
  dispatch: (action: ReturnType<typeof testsApi.util.updateQueryData<'getTestCase'>>) => unknown,
  queryFulfilled: Promise<{ data: TestCase }>,
) {
  try {
    const { data } = await queryFulfilled;
    dispatch(testsApi.util.updateQueryData('getTestCase', data.id, () => data));
  } catch {
    // The caller shows the failure; the cache keeps what the server last said.
  }
}

export const generationApi = endpointsApi.enhanceEndpoints({
  endpoints: {
    regenerateTestCase: {
      // SPEC §4: regenerating clears the steps at once, and restores them if the request fails.
      onQueryStarted: async ({ id }, { dispatch, queryFulfilled }) => {
        const patch = dispatch(
          testsApi.util.updateQueryData('getTestCase', id, (test) => {
            test.testGenerationSteps = [];
            test.state = 'pending';
            test.finalMessage = null;
            test.finalScript = null;
            test.finalScriptPy = null;
          }),
        );
        try {
          const { data } = await queryFulfilled;
          dispatch(testsApi.util.updateQueryData('getTestCase', id, () => data));
        } catch {
          patch.undo();
        }
      },
    },
    sendUserFeedback: {
      onQueryStarted: async (_args, { dispatch, queryFulfilled }) => storeReply(dispatch, queryFulfilled),
    },
  },
});

export const {
  useRegenerateTestCaseMutation,
  useCancelGenerationMutation,
  useMarkGenerationCompleteMutation,
  useSendUserFeedbackMutation,
  useGetTraceQuery,
  useLazyGetTraceQuery,
} = generationApi;
