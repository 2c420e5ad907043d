import { waitFor } from '@testing-library/react';
import { http } from 'msw';
import { t } from '../../config/locale';
import { notify } from '../../lib/notify';
import { apiError } from '../../testing/msw/api';
import { findCollection, seedCollection } from '../../testing/msw/collections';
import { seedSuite } from '../../testing/msw/db';
import { server } from '../../testing/msw/server';
import { makeSagaTestStore } from '../../testing/sagaStore';
import { signInAsMemberOf } from '../../testing/session';
import { collectionsApi } from './api';
import { collectionsSaga } from './sagas';
import { selectCachedCollections } from './selectors';
import { deleteFailed, deleteRequested, deleteSucceeded } from './slice';

async function storeWithThreeCollections() {
  const { organization } = signInAsMemberOf();
  const suite = seedSuite(organization.org_id, 'Shop');
  for (const name of ['Checkout', 'Login', 'Search']) seedCollection(suite, name);
  const { store, events } = makeSagaTestStore(collectionsSaga);
  await store.dispatch(collectionsApi.endpoints.getCollections.initiate(suite.test_suite_id));
  const names = () => selectCachedCollections(store.getState(), suite.test_suite_id).map((c) => c.name);
  const login = selectCachedCollections(store.getState(), suite.test_suite_id)[1];
  return { store, events, suite, login, names };
}

describe('the optimistic collection delete', () => {
  it('removes the collection at once and keeps it removed when the delete succeeds', async () => {
    const { store, events, suite, login, names } = await storeWithThreeCollections();

    store.dispatch(deleteRequested({ collection: login, suiteId: suite.test_suite_id }));
    // Gone before the server has answered.
    expect(names()).toEqual(['Checkout', 'Search']);

    await waitFor(() => expect(events).toContain(deleteSucceeded.type));
    expect(events).toEqual([deleteRequested.type, deleteSucceeded.type]);
    expect(names()).toEqual(['Checkout', 'Search']);
    expect(findCollection(login._id)).toBeNull();
  });

  it('puts the collection back at its old place with a toast when the delete fails', async () => {
    const toast = jest.spyOn(notify, 'error').mockImplementation(() => undefined);
    server.use(http.delete('/api/test-suites/collection/:id', () => apiError(500, 'internal', 'boom')));
    const { store, events, suite, login, names } = await storeWithThreeCollections();

    store.dispatch(deleteRequested({ collection: login, suiteId: suite.test_suite_id }));
    expect(names()).toEqual(['Checkout', 'Search']);

    await waitFor(() => expect(events).toContain(deleteFailed.type));
    expect(events).toEqual([deleteRequested.type, deleteFailed.type]);
    // Back where it was, between its neighbours.
    expect(names()).toEqual(['Checkout', 'Login', 'Search']);
    expect(toast).toHaveBeenCalledWith('Failed to delete test collection. Please try again.');
    expect(t.collections.deleteFailed).toBe('Failed to delete test collection. Please try again.');
    expect(findCollection(login._id)).not.toBeNull();
    toast.mockRestore();
  });
});
