// redux-mock-store ships no types (its @types package is written for Redux 4); the part our tests use,
// shaped as @types/redux-mock-store shapes it (a Store that records its actions).
declare module 'redux-mock-store' {
  import type { Middleware, Store, UnknownAction } from '@reduxjs/toolkit';

  export interface MockStore<State> extends Store<State, UnknownAction> {
    /** Every action dispatched to the store, in order. */
    getActions(): UnknownAction[];
    clearActions(): void;
  }

  /** State, or state computed from the actions dispatched so far. */
  export type MockState<State> = State | ((actions: UnknownAction[]) => State);

  export function configureStore<State>(
    middlewares?: Middleware[],
  ): (state?: MockState<State>) => MockStore<State>;
}
