import '@fontsource/roboto/latin-400.css';
import '@fontsource/roboto/latin-500.css';
import '@fontsource/roboto/latin-700.css';
import type { Decorator, Loader, Preview } from '@storybook/react-webpack5';
import { useColorScheme } from '@mui/material/styles';
import { setupWorker } from 'msw/browser';
import { useEffect, type ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { AppProvider } from '../src/app/AppProvider';
import { appRoutes } from '../src/app/AppRoutes';
import { makeStore, type AppStore } from '../src/app/store';
import { disposeAuthClient } from '../src/lib/supabase';
import { resetDb } from '../src/testing/msw/db';
import { handlers } from '../src/testing/msw/handlers';
import { startAuthClient } from '../src/testing/session';

/** Per-story setup: seed the in-memory backend, pick a URL, or mount the whole app. */
export interface AppParameters {
  seed?: () => void;
  route?: string;
  fullApp?: boolean;
}

const worker = setupWorker(...handlers);
let workerStarted: Promise<unknown> | null = null;

// Keys the app writes; Storybook's own preferences share this origin and must survive.
function forgetAppStorage() {
  for (const key of Object.keys(window.localStorage)) {
    if (/^sb-.*-auth-token$|^selected_test_suite_id$|^last_organization_id:/.test(key)) {
      window.localStorage.removeItem(key);
    }
  }
}

const appLoader: Loader = async ({ parameters }) => {
  workerStarted ??= worker.start({ onUnhandledRequest: 'bypass', quiet: true });
  await workerStarted;
  await disposeAuthClient();
  resetDb();
  forgetAppStorage();
  (parameters.app as AppParameters | undefined)?.seed?.();
  startAuthClient();
  return { store: makeStore() };
};

function ColorScheme({ mode, children }: { mode: 'light' | 'dark'; children: ReactNode }) {
  const { setMode } = useColorScheme();
  useEffect(() => setMode(mode), [mode, setMode]);
  return children;
}

const withApp: Decorator = (Story, { loaded, parameters, globals }) => {
  const app = (parameters.app ?? {}) as AppParameters;
  const routes: RouteObject[] = app.fullApp ? appRoutes : [{ path: '*', element: <Story /> }];
  const router = createMemoryRouter(routes, { initialEntries: [app.route ?? '/'] });
  return (
    <AppProvider store={loaded.store as AppStore}>
      <ColorScheme mode={globals.colorScheme === 'dark' ? 'dark' : 'light'}>
        <RouterProvider router={router} />
      </ColorScheme>
    </AppProvider>
  );
};

const preview: Preview = {
  loaders: [appLoader],
  decorators: [withApp],
  globalTypes: {
    colorScheme: {
      description: 'Colour scheme',
      toolbar: { title: 'Theme', icon: 'mirror', items: ['light', 'dark'], dynamicTitle: true },
    },
  },
  initialGlobals: { colorScheme: 'light' },
  parameters: { layout: 'fullscreen', controls: { expanded: true } },
};

export default preview;
