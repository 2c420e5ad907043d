import type { Action } from '@reduxjs/toolkit';
import { type Task } from 'redux-saga';
import { call, cancel, fork, put, select, take, takeEvery } from 'redux-saga/effects';
import { baseApi } from '../../api/baseApi';
import { t } from '../../config/locale';
import { readLocal, writeLocal } from '../../lib/storage';
import { organizationsApi } from './api';
import {
  organizationCreated,
  organizationJoined,
  organizationsCleared,
  organizationsLoaded,
  organizationsLoadFailed,
  organizationsLoadStarted,
  organizationsRetryRequested,
  organizationSwitched,
  noOrganizationFound,
} from './slice';
import type { Organization } from './types';

/** What the organizations saga needs to know about the signed-in person; wired by app/rootSaga. */
export interface OrganizationsSagaDeps {
  isUserChange: (action: Action) => boolean;
  // Method syntax: any app state selector fits, whatever its state type.
  selectUserId(state: object): string | null;
}

export const lastOrganizationKey = (userId: string) => `last_organization_id:${userId}`;

/** The remembered organization when it is still one of the person's, otherwise the first. */
export function chooseOrganization(
  organizations: Organization[],
  rememberedId: string | null,
): Organization | null {
  return organizations.find(({ id }) => id === rememberedId) ?? organizations[0] ?? null;
}

type OrganizationsRequest = ReturnType<
  ReturnType<typeof organizationsApi.endpoints.getUserOrganizations.initiate>
>;

export function* requestUserOrganizations() {
  const request: OrganizationsRequest = yield put(
    organizationsApi.endpoints.getUserOrganizations.initiate(undefined, { forceRefetch: true }),
  );
  try {
    const organizations: Organization[] = yield call([request, request.unwrap]);
    return organizations;
  } finally {
    request.unsubscribe();
  }
}

export function* loadOrganizations(userId: string) {
  yield put(organizationsLoadStarted());
  try {
    const organizations: Organization[] = yield call(requestUserOrganizations);
    const chosen = chooseOrganization(organizations, readLocal(lastOrganizationKey(userId)));
    if (!chosen) {
      yield put(noOrganizationFound());
      return;
    }
    writeLocal(lastOrganizationKey(userId), chosen.id);
    yield put(organizationsLoaded({ organizationId: chosen.id }));
  } catch (_error) {
    yield put(organizationsLoadFailed({ message: t.organizations.loadFailed }));
  }
}

// Reload whenever the signed-in person changes (or on retry); sign-out clears everything.
function* followUser(deps: OrganizationsSagaDeps) {
  let currentUserId: string | null = null;
  let loading: Task | null = null;
  while (true) {
    const action: Action = yield take(
      (candidate: Action) => deps.isUserChange(candidate) || organizationsRetryRequested.match(candidate),
    );
    const userId: string | null = yield select(deps.selectUserId);
    const isRetry = organizationsRetryRequested.match(action);
    if (userId === currentUserId && !isRetry) continue;
    const previousUserId = currentUserId;
    currentUserId = userId;
    if (loading) yield cancel(loading);
    loading = null;
    if (userId) {
      loading = yield fork(loadOrganizations, userId);
    } else {
      // SPEC §4: on sign-out the remembered choice is cleared too (the next sign-in picks it anew).
      if (previousUserId) writeLocal(lastOrganizationKey(previousUserId), null);
      yield put(organizationsCleared());
      // Nothing fetched for the previous person may be shown to the next one.
      yield put(baseApi.util.resetApiState());
    }
  }
}

function* rememberSwitch(deps: OrganizationsSagaDeps, action: ReturnType<typeof organizationSwitched>) {
  const userId: string | null = yield select(deps.selectUserId);
  if (userId) writeLocal(lastOrganizationKey(userId), action.payload.organizationId);
}

// A created or joined organization becomes the current one, and is remembered as the last one used.
function* adoptNewOrganization(deps: OrganizationsSagaDeps, action: Action) {
  const created = organizationsApi.endpoints.createOrganization.matchFulfilled(action);
  if (!created && !organizationsApi.endpoints.acceptInvitation.matchFulfilled(action)) return;
  const organizationId = action.payload.id;
  const userId: string | null = yield select(deps.selectUserId);
  if (userId) writeLocal(lastOrganizationKey(userId), organizationId);
  try {
    // Refresh first so the organization's name is there when the dashboard renders.
    yield call(requestUserOrganizations);
  } catch (_error) {
    // NOTE: the membership exists; a stale list only delays its name until the next refetch.
  }
  yield put(created ? organizationCreated({ organizationId }) : organizationJoined({ organizationId }));
}

export function* organizationsSaga(deps: OrganizationsSagaDeps) {
  yield fork(followUser, deps);
  yield takeEvery(organizationSwitched.type, rememberSwitch, deps);
  yield takeEvery(
    (action: Action): boolean =>
      organizationsApi.endpoints.createOrganization.matchFulfilled(action) ||
      organizationsApi.endpoints.acceptInvitation.matchFulfilled(action),
    adoptNewOrganization,
    deps,
  );
}
