import { waitFor } from '@testing-library/react';
import { selectAuthStatus, selectCurrentUser } from '../features/auth/selectors';
import { lastOrganizationKey } from '../features/organizations/sagas';
import { selectCurrentOrganizationId, selectOrganizationsStatus } from '../features/organizations/selectors';
import { organizationSwitched } from '../features/organizations/slice';
import { suitesApi } from '../features/suites/api';
import { SELECTED_SUITE_KEY } from '../features/suites/sagas';
import { selectSelectedSuiteId } from '../features/suites/selectors';
import { getAuthClient } from '../lib/supabase';
import { seedOrganization, seedSuite, seedUser } from '../testing/msw/db';
import { makeTestStore } from '../testing/renderWithStore';
import { signInAs } from '../testing/session';
import { makeStore } from './store';

// The feature sagas as app/rootSaga wires them: auth → organizations → suites, against MSW.

async function signedInWith(organizations: Record<string, string[]>) {
  const person = seedUser();
  const ids: Record<string, { orgId: string; suiteIds: string[] }> = {};
  for (const [orgName, suiteNames] of Object.entries(organizations)) {
    const organization = seedOrganization(orgName, [{ user: person }]);
    ids[orgName] = {
      orgId: organization.org_id,
      suiteIds: suiteNames.map((name) => seedSuite(organization.org_id, name).test_suite_id),
    };
  }
  signInAs(person);
  const store = makeTestStore();
  await waitFor(() => expect(selectOrganizationsStatus(store.getState())).toBe('ready'));
  return { store, ids, person };
}

describe('auth', () => {
  it('starts signed in when a session was persisted', async () => {
    signInAs(seedUser({ email: 'ada@example.com' }));
    const store = makeTestStore();
    await waitFor(() => expect(selectAuthStatus(store.getState())).toBe('signedIn'));
    expect(selectCurrentUser(store.getState())?.email).toBe('ada@example.com');
  });

  it('starts signed out without a session', async () => {
    const store = makeTestStore();
    expect(selectAuthStatus(store.getState())).toBe('initializing');
    await waitFor(() => expect(selectAuthStatus(store.getState())).toBe('signedOut'));
  });

  it("reports 'Auth store not initialized' when the store starts before the auth client", async () => {
    const store = makeStore();
    await waitFor(() => expect(store.getState().auth.error).toBe('Auth store not initialized'));
    expect(selectAuthStatus(store.getState())).toBe('signedOut');
  });
});

describe('organizations', () => {
  it('load when the session is restored', async () => {
    const { store, ids } = await signedInWith({ Acme: [] });
    expect(selectCurrentOrganizationId(store.getState())).toBe(ids.Acme.orgId);
  });

  it('mark the person as part of no organization when there is none', async () => {
    signInAs(seedUser());
    const store = makeTestStore();
    await waitFor(() => expect(selectOrganizationsStatus(store.getState())).toBe('none'));
  });

  it('remember a switch for the next visit of the same person', async () => {
    const { store, ids, person } = await signedInWith({ Acme: [], Initech: [] });
    store.dispatch(organizationSwitched({ organizationId: ids.Initech.orgId }));
    expect(selectCurrentOrganizationId(store.getState())).toBe(ids.Initech.orgId);
    expect(window.localStorage.getItem(lastOrganizationKey(person.id))).toBe(ids.Initech.orgId);
  });

  it('are cleared, with every cached response, when the person signs out', async () => {
    const { store } = await signedInWith({ Acme: ['Checkout'] });
    await getAuthClient().signOut();
    await waitFor(() => expect(selectAuthStatus(store.getState())).toBe('signedOut'));
    await waitFor(() => expect(selectOrganizationsStatus(store.getState())).toBe('idle'));
    expect(selectCurrentOrganizationId(store.getState())).toBeNull();
    expect(selectSelectedSuiteId(store.getState())).toBeNull();
    expect(store.getState().api.queries).toEqual({});
  });
});

describe('suite selection', () => {
  it('restores the stored suite after sign-in', async () => {
    window.localStorage.setItem(SELECTED_SUITE_KEY, 'suite-4');
    const { store, ids } = await signedInWith({ Acme: ['Checkout', 'Search', 'Login'] });
    expect(ids.Acme.suiteIds).toContain('suite-4');
    await waitFor(() => expect(selectSelectedSuiteId(store.getState())).toBe('suite-4'));
  });

  it('selects the first suite when the stored one is not there', async () => {
    window.localStorage.setItem(SELECTED_SUITE_KEY, 'suite-from-elsewhere');
    const { store, ids } = await signedInWith({ Acme: ['Checkout', 'Search'] });
    await waitFor(() => expect(selectSelectedSuiteId(store.getState())).toBe(ids.Acme.suiteIds[0]));
  });

  it('follows an organization switch to the first suite of the new organization', async () => {
    const { store, ids } = await signedInWith({ Acme: ['Checkout'], Initech: ['Reports', 'Billing'] });
    await waitFor(() => expect(selectSelectedSuiteId(store.getState())).toBe(ids.Acme.suiteIds[0]));
    store.dispatch(organizationSwitched({ organizationId: ids.Initech.orgId }));
    await waitFor(() => expect(selectSelectedSuiteId(store.getState())).toBe(ids.Initech.suiteIds[0]));
    expect(window.localStorage.getItem(SELECTED_SUITE_KEY)).toBe(ids.Initech.suiteIds[0]);
  });

  it('moves to the first remaining suite when the selected one is deleted', async () => {
    const { store, ids } = await signedInWith({ Acme: ['Checkout', 'Search'] });
    const [first, second] = ids.Acme.suiteIds;
    await waitFor(() => expect(selectSelectedSuiteId(store.getState())).toBe(first));
    await store.dispatch(suitesApi.endpoints.deleteTestSuite.initiate(first));
    await waitFor(() => expect(selectSelectedSuiteId(store.getState())).toBe(second));
    expect(window.localStorage.getItem(SELECTED_SUITE_KEY)).toBe(second);
  });

  it('clears the selection when the only suite is deleted', async () => {
    const { store, ids } = await signedInWith({ Acme: ['Checkout'] });
    await waitFor(() => expect(selectSelectedSuiteId(store.getState())).toBe(ids.Acme.suiteIds[0]));
    await store.dispatch(suitesApi.endpoints.deleteTestSuite.initiate(ids.Acme.suiteIds[0]));
    await waitFor(() => expect(selectSelectedSuiteId(store.getState())).toBeNull());
    expect(window.localStorage.getItem(SELECTED_SUITE_KEY)).toBeNull();
  });

  it('selects the first suite created when there was none', async () => {
    const { store, ids } = await signedInWith({ Acme: [] });
    const subscription = store.dispatch(suitesApi.endpoints.getTestSuites.initiate(ids.Acme.orgId));
    const created = await store.dispatch(
      suitesApi.endpoints.createTestSuite.initiate({ name: 'Fresh', organizationId: ids.Acme.orgId }),
    );
    await waitFor(() => expect(selectSelectedSuiteId(store.getState())).toBe(created.data?.id));
    subscription.unsubscribe();
  });
});
