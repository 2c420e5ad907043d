import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createElement, type ReactElement } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { AppProvider } from '../app/AppProvider';
import { appRoutes } from '../app/AppRoutes';
import { makeStore, type AppStore, type RootState } from '../app/store';
import { startAuthClient } from './session';

// NOTE: plain .ts with createElement, so the file keeps STYLE's camelCase name under the naming lint.

interface RenderOptions {
  /** The URL the memory router starts at. */
  route?: string;
  preloadedState?: Partial<RootState>;
  store?: AppStore;
  /** Routes to mount instead of the single catch-all route around `ui`. */
  routes?: RouteObject[];
}

/** The real store, sagas included, with the auth client started first as main.tsx does. */
export function makeTestStore(preloadedState?: Partial<RootState>): AppStore {
  startAuthClient();
  return makeStore(preloadedState);
}

/** Renders with the real store, the app's providers and a memory router. */
export function renderWithStore(ui: ReactElement | null, options: RenderOptions = {}) {
  const store = options.store ?? makeTestStore(options.preloadedState);
  const routes = options.routes ?? [{ path: '*', element: ui }];
  const router = createMemoryRouter(routes, { initialEntries: [options.route ?? '/'] });
  // No timer between keys: typing stays one act, and a suite spends less of its time between key presses.
  const user = userEvent.setup({ delay: null });
  const view = render(
    createElement(AppProvider, { store, children: createElement(RouterProvider, { router }) }),
  );
  return { ...view, store, router, user };
}

/** The whole app at `route`, with SPEC §2's route table and guards. */
export function renderApp(route: string, options: Omit<RenderOptions, 'routes' | 'route'> = {}) {
  return renderWithStore(null, { ...options, route, routes: appRoutes });
}
