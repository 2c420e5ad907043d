import { SHARE_MESSAGES } from '../../../contract/sharing';
import { baseApi } from '../../api/baseApi';
import type { ApiError } from '../../api/apiError';
import type { PublishResult, ShareState, ShareVisibility, SharedTest } from './types';

export type { ShareState, ShareVisibility, SharedStep, SharedTest } from './types';

const enc = encodeURIComponent;

export interface PublishArgs {
  testCaseId: string;
  slug: string;
  visibility: ShareVisibility;
}

export interface SharedTestArgs {
  slug: string;
  /** Part of the cache key: signing in (or out) reads a private share again, with the new token. */
  signedIn: boolean;
}

const shareTag = (testCaseId: string) => ({ type: 'Share' as const, id: testCaseId });

export const sharingApi = baseApi.enhanceEndpoints({ addTagTypes: ['Share', 'SharedTest'] }).injectEndpoints({
  endpoints: (build) => ({
    getShare: build.query<ShareState | null, string>({
      query: (testCaseId) => `/test-case/${enc(testCaseId)}/share`,
      // An empty body reads as {} (SPEC §8): not shared.
      transformResponse: (share: Partial<ShareState> | null) =>
        share && typeof share.slug === 'string' ? (share as ShareState) : null,
      providesTags: (_share, _error, testCaseId) => [shareTag(testCaseId)],
    }),
    publishTest: build.mutation<ShareState, PublishArgs>({
      queryFn: async ({ testCaseId, slug, visibility }, _api, _extra, baseQuery) => {
        const result = await baseQuery({
          url: `/test-case/${enc(testCaseId)}/publish`,
          method: 'PUT',
          params: { slug },
          body: { slug, visibility },
        });
        if (result.error) return { error: result.error as ApiError };
        const published = result.data as Partial<PublishResult>;
        // SPEC §7: success is an answer whose message includes 'Test case published'.
        if (!published.message?.includes(SHARE_MESSAGES.published) || !published.share)
          return {
            error: { status: 'CUSTOM_ERROR', message: SHARE_MESSAGES.shareFailed } satisfies ApiError,
          };
        return { data: published.share };
      },
      // The old slug's page (if the slug changed) and the new one both follow.
      invalidatesTags: (_share, error, { testCaseId }) => (error ? [] : [shareTag(testCaseId), 'SharedTest']),
    }),
    unpublishTest: build.mutation<null, string>({
      query: (testCaseId) => ({ url: `/test-case/${enc(testCaseId)}/publish`, method: 'DELETE' }),
      transformResponse: () => null,
      invalidatesTags: (_result, error, testCaseId) => (error ? [] : [shareTag(testCaseId), 'SharedTest']),
    }),
    getSharedTest: build.query<SharedTest, SharedTestArgs>({
      query: ({ slug }) => `/shared/${enc(slug)}`,
      providesTags: (_test, _error, { slug }) => [{ type: 'SharedTest', id: slug }],
    }),
  }),
});

export const { useGetShareQuery, usePublishTestMutation, useUnpublishTestMutation, useGetSharedTestQuery } =
  sharingApi;

/** The share page's and the badge's full addresses for a slug, on this server. */
export function shareLinks(
  share: Pick<ShareState, 'slug' | 'visibility' | 'path' | 'badge_path'>,
  origin = window.location.origin,
) {
  const page = new URL(share.path || `/shared/${enc(share.slug)}`, origin).toString();
  // Only a public share has a badge: a README is read by people outside the organization.
  const badgePath =
    share.visibility === 'public' ? (share.badge_path ?? `/api/shared/${enc(share.slug)}/badge.svg`) : null;
  const badge = badgePath ? new URL(badgePath, origin).toString() : null;
  return { page, badge, markdown: badge ? `[![Plainwright](${badge})](${page})` : null };
}
