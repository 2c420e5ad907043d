import '@testing-library/jest-dom';
import type * as EmotionCache from '@emotion/cache';
import { cleanup, configure } from '@testing-library/react';
import { disposeAuthClient } from '../lib/supabase';
import { installConsoleGuard } from './consoleGuard';
import { installEditorLayout } from './layout';
import { resetDb } from './msw/db';
import { resetGenerationServer } from './msw/generation';
import { server } from './msw/server';
import type * as LightStyles from './lightStyles';
import { installMatchMedia, setViewportWidth } from './viewport';

// Emotion's caches keep only the declarations a test can observe (see lightStyles.ts).
jest.mock('@emotion/cache', () => {
  const actual: typeof EmotionCache = jest.requireActual('@emotion/cache');
  const { keepObservable }: typeof LightStyles = jest.requireActual('./lightStyles');
  const createCache = actual.default;
  return {
    ...actual,
    __esModule: true,
    default: (options: Parameters<typeof createCache>[0]) =>
      createCache({ ...options, stylisPlugins: [...(options.stylisPlugins ?? []), keepObservable] }),
  };
});

installMatchMedia();
installConsoleGuard();
installEditorLayout();

// Each test starts a fresh auth client on the same storage key, which supabase-js warns about; that is intended here.
const warn = console.warn.bind(console);
jest.spyOn(console, 'warn').mockImplementation((...args: unknown[]) => {
  if (typeof args[0] === 'string' && args[0].includes('Multiple GoTrueClient instances')) return;
  warn(...args);
});

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));

afterEach(async () => {
  cleanup();
  await disposeAuthClient();
  server.resetHandlers();
  server.events.removeAllListeners();
  resetDb();
  resetGenerationServer();
  window.localStorage.clear();
  for (const cookie of document.cookie.split('; ').filter(Boolean)) {
    document.cookie = `${cookie.split('=')[0]}=; max-age=0; path=/`;
  }
  setViewportWidth(1280);
});

afterAll(() => server.close());

// Integration tests type into real forms and render the whole app; on a busy 2-core CI machine one
// took over 20 s. Waiting longer only costs time when a test is about to fail anyway.
jest.setTimeout(60_000);
// Routes are lazy chunks: the first find* of a file compiles them, which takes over Testing Library's 1 s on a busy
// 2-core CI machine, and once over 5 s on a fresh clone (nothing compiled yet) beside the server suites.
// Waiting longer only costs time when a test is about to fail anyway.
configure({ asyncUtilTimeout: 15_000 });
