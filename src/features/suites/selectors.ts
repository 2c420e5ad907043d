import { suitesApi } from './api';
import type { SuitesState } from './slice';

interface WithSuites {
  suites: SuitesState;
}

export const selectSelectedSuiteId = (state: WithSuites) => state.suites.selectedSuiteId;
export const selectSuitesOrganizationId = (state: WithSuites) => state.suites.organizationId;

type WithApi = Parameters<ReturnType<typeof suitesApi.endpoints.getTestSuites.select>>[0];

/** The organization's suites as last fetched, or none. */
export const selectCachedSuites = (state: WithApi, organizationId: string) =>
  suitesApi.endpoints.getTestSuites.select(organizationId)(state).data ?? [];
