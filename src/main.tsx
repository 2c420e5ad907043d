import '@fontsource/roboto/latin-400.css';
import '@fontsource/roboto/latin-500.css';
import '@fontsource/roboto/latin-700.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProvider } from './app/AppProvider';
import { AppRouter } from './app/AppRouter';
import { BootError } from './app/BootError';
import { makeStore } from './app/store';
import { env } from './config/env';
import { chooseLocale } from './lib/locale';
import { initAuthClient, loadRuntimeConfig } from './lib/supabase';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');
const root = createRoot(container);
// SPEC §3: the locale the app runs in is kept in local storage.
chooseLocale();

// The identity provider's address comes from the server at run time, so one build serves every deployment.
async function boot() {
  try {
    initAuthClient(await loadRuntimeConfig(env.apiUrl));
  } catch (error) {
    root.render(
      <BootError message={error instanceof Error ? error.message : String(error)} onRetry={boot} />,
    );
    return;
  }
  root.render(
    <StrictMode>
      <AppProvider store={makeStore()}>
        <AppRouter />
      </AppProvider>
    </StrictMode>,
  );
}

void boot();
