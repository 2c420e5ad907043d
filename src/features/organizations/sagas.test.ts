import { expectSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import { throwError } from 'redux-saga-test-plan/providers';
import { buildOrganization } from '../../testing/factories';
import {
  chooseOrganization,
  lastOrganizationKey,
  loadOrganizations,
  organizationsSaga,
  requestUserOrganizations,
} from './sagas';
import {
  organizationsCleared,
  organizationsLoaded,
  organizationsLoadFailed,
  organizationsLoadStarted,
  noOrganizationFound,
} from './slice';

const acme = buildOrganization({ id: 'org-acme', name: 'Acme' });
const initech = buildOrganization({ id: 'org-initech', name: 'Initech' });

describe('chooseOrganization', () => {
  it('picks the remembered organization when the person still belongs to it', () => {
    expect(chooseOrganization([acme, initech], 'org-initech')).toBe(initech);
  });

  it('picks the first organization when nothing is remembered or the memory is stale', () => {
    expect(chooseOrganization([acme, initech], null)).toBe(acme);
    expect(chooseOrganization([acme, initech], 'org-gone')).toBe(acme);
  });

  it('picks nothing when the person has no organization', () => {
    expect(chooseOrganization([], 'org-acme')).toBeNull();
  });
});

describe('loadOrganizations', () => {
  it('restores the organization this person used last', () => {
    window.localStorage.setItem(lastOrganizationKey('user-1'), 'org-initech');
    return expectSaga(loadOrganizations, 'user-1')
      .provide([[matchers.call.fn(requestUserOrganizations), [acme, initech]]])
      .put(organizationsLoadStarted())
      .put(organizationsLoaded({ organizationId: 'org-initech' }))
      .run();
  });

  it("does not use another person's remembered organization", async () => {
    window.localStorage.setItem(lastOrganizationKey('someone-else'), 'org-initech');
    await expectSaga(loadOrganizations, 'user-1')
      .provide([[matchers.call.fn(requestUserOrganizations), [acme, initech]]])
      .put(organizationsLoaded({ organizationId: 'org-acme' }))
      .run();
    expect(window.localStorage.getItem(lastOrganizationKey('user-1'))).toBe('org-acme');
  });

  it('marks the person as part of no organization when the list is empty', () =>
    expectSaga(loadOrganizations, 'user-1')
      .provide([[matchers.call.fn(requestUserOrganizations), []]])
      .put(noOrganizationFound())
      .not.put.actionType(organizationsLoaded.type)
      .run());

  it('reports a failed load instead of throwing into the root saga', () =>
    expectSaga(loadOrganizations, 'user-1')
      .provide([[matchers.call.fn(requestUserOrganizations), throwError(new Error('HTTP 500'))]])
      .put(organizationsLoadFailed({ message: 'Failed to load user organizations' }))
      .run());
});

describe('signing out', () => {
  type UserState = { userId: string | null };
  const userSet = (userId: string | null) => ({ type: 'test/userSet', userId });
  const reducer = (state: UserState = { userId: null }, action: { type: string; userId?: string | null }) =>
    action.type === 'test/userSet' ? { userId: action.userId ?? null } : state;
  const deps = {
    isUserChange: (action: { type: string }) => action.type === 'test/userSet',
    selectUserId: (state: object) => (state as UserState).userId,
  };

  it("forgets the person's remembered organization (SPEC §4), and no one else's", async () => {
    window.localStorage.setItem(lastOrganizationKey('user-1'), 'org-initech');
    window.localStorage.setItem(lastOrganizationKey('someone-else'), 'org-acme');
    await expectSaga(organizationsSaga, deps)
      .withReducer(reducer, { userId: null })
      .provide([[matchers.call.fn(requestUserOrganizations), [acme, initech]]])
      .dispatch(userSet('user-1'))
      .put(organizationsLoaded({ organizationId: 'org-initech' }))
      .dispatch(userSet(null))
      .put(organizationsCleared())
      .silentRun(50);
    expect(window.localStorage.getItem(lastOrganizationKey('user-1'))).toBeNull();
    expect(window.localStorage.getItem(lastOrganizationKey('someone-else'))).toBe('org-acme');
  });
});
