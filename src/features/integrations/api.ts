import { baseApi } from '../../api/baseApi';
import type { KnownBrowser, LaunchableBrowsers } from '../../../contract/config';
import type { CiRunGroup } from './types';

export type { CiRunGroup } from './types';

export const integrationsApi = baseApi.enhanceEndpoints({ addTagTypes: ['CiRun'] }).injectEndpoints({
  endpoints: (build) => ({
    getCiRuns: build.query<CiRunGroup[], string>({
      query: (suiteId) => `/test-suites/${encodeURIComponent(suiteId)}/ci-runs`,
      transformResponse: (groups: CiRunGroup[]) => (Array.isArray(groups) ? groups : []),
      // A pipeline's run-all is a collection's run group: the collection's tag refreshes the list too.
      providesTags: (groups, _error, suiteId) => [
        { type: 'CiRun', id: suiteId },
        ...(groups ?? []).map(({ collection_id }) => ({ type: 'Collection' as const, id: collection_id })),
      ],
    }),
    // Issue 28: only the browsers this server's workers can launch are offered.
    getLaunchableBrowsers: build.query<KnownBrowser[], void>({
      query: () => '/system/browsers',
      transformResponse: (body: LaunchableBrowsers) => (Array.isArray(body?.browsers) ? body.browsers : []),
    }),
  }),
});

export const { useGetCiRunsQuery, useGetLaunchableBrowsersQuery } = integrationsApi;
