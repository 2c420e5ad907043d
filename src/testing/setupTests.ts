import '@testing-library/jest-dom';
import { cleanup, configure } from '@testing-library/react';
import { disposeAuthClient } from '../lib/supabase';
import { installConsoleGuard } from './consoleGuard';
import { installEditorLayout } from './layout';
import { resetDb } from './msw/db';
import { resetGenerationServer } from './msw/generation';
import { server } from './msw/server';
import { installMatchMedia, setViewportWidth } from './viewport';

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
