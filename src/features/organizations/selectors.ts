import { createSelector } from '@reduxjs/toolkit';
import { organizationsApi } from './api';
import type { OrganizationsState } from './slice';

interface WithOrganizations {
  organizations: OrganizationsState;
}

export const selectOrganizationsStatus = (state: WithOrganizations) => state.organizations.status;
export const selectOrganizationsError = (state: WithOrganizations) => state.organizations.error;
export const selectCurrentOrganizationId = (state: WithOrganizations) =>
  state.organizations.currentOrganizationId;

const selectOrganizationsResult = organizationsApi.endpoints.getUserOrganizations.select();

export const selectOrganizations = createSelector(selectOrganizationsResult, (result) => result.data ?? []);

export const selectCurrentOrganization = createSelector(
  [selectOrganizations, selectCurrentOrganizationId],
  (organizations, id) => organizations.find((organization) => organization.id === id) ?? null,
);
