import CloseIcon from '@mui/icons-material/Close';
import CssBaseline from '@mui/material/CssBaseline';
import GlobalStyles from '@mui/material/GlobalStyles';
import IconButton from '@mui/material/IconButton';
import { ThemeProvider } from '@mui/material/styles';
import { closeSnackbar, SnackbarProvider } from 'notistack';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { useNotificationsHotkey } from '../hooks/useNotificationsHotkey';
import { COLOR_SCHEME_STORAGE_KEY, theme } from '../theme/theme';
import type { AppStore } from './store';
import { SwipeableToast, TOAST_TIME_BEFORE_UNMOUNT_MS } from './SwipeableToast';

interface AppProviderProps {
  store: AppStore;
  children: ReactNode;
}

// SPEC §9's toast geometry: 356 px wide, 14 px apart, 24 px from the edges (16 px on small screens).
const toastStyles = {
  // Below the 56 px header, so a toast never covers (or catches the clicks of) the account menu.
  'body .notistack-SnackbarContainer': {
    top: 64,
    right: 24,
    '@media (max-width: 768px)': { top: 60, right: 16 },
  },
  'body .notistack-SnackbarContainer .notistack-CollapseWrapper': { padding: '7px 0' },
  'body .notistack-MuiContent': { width: 356, maxWidth: '100%' },
};

const TOAST_COMPONENTS = {
  default: SwipeableToast,
  success: SwipeableToast,
  error: SwipeableToast,
  warning: SwipeableToast,
  info: SwipeableToast,
};

function NotificationsHotkey() {
  useNotificationsHotkey();
  return null;
}

export function AppProvider({ store, children }: AppProviderProps) {
  return (
    <Provider store={store}>
      <ThemeProvider theme={theme} defaultMode="system" modeStorageKey={COLOR_SCHEME_STORAGE_KEY} noSsr>
        <CssBaseline enableColorScheme />
        <GlobalStyles styles={toastStyles} />
        <SnackbarProvider
          maxSnack={3}
          autoHideDuration={4000}
          // SPEC §9: 200 ms from dismissal to unmount; a swipe of 45 px dismisses (SwipeableToast).
          transitionDuration={{ enter: 225, exit: TOAST_TIME_BEFORE_UNMOUNT_MS }}
          Components={TOAST_COMPONENTS}
          anchorOrigin={{ vertical: 'top', horizontal: 'right' }}
          action={(key) => (
            <IconButton
              aria-label="Dismiss notification"
              color="inherit"
              size="small"
              onClick={() => closeSnackbar(key)}
            >
              <CloseIcon fontSize="small" />
            </IconButton>
          )}
        >
          <NotificationsHotkey />
          {children}
        </SnackbarProvider>
      </ThemeProvider>
    </Provider>
  );
}
