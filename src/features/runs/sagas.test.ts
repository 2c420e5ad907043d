import { makeSagaTestStore } from '../../testing/sagaStore';
import { runsSaga } from './sagas';
import { VIEW_TYPE_KEY, viewTypeChanged } from './slice';

// The runs saga keeps what a person chose; a run's live watch is the monitoring feature's.

describe('the runs saga', () => {
  it('remembers the chosen view type', () => {
    const { store } = makeSagaTestStore(runsSaga);
    store.dispatch(viewTypeChanged({ viewType: 'grid' }));
    expect(window.localStorage.getItem(VIEW_TYPE_KEY)).toBe('grid');
    expect(store.getState().runs.viewType).toBe('grid');
  });
});
