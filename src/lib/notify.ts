import { enqueueSnackbar } from 'notistack';

// Usable from sagas as well as components; needs the app's SnackbarProvider to be mounted.
export const notify = {
  success: (message: string) => {
    enqueueSnackbar(message, { variant: 'success' });
  },
  error: (message: string) => {
    enqueueSnackbar(message, { variant: 'error' });
  },
  info: (message: string) => {
    enqueueSnackbar(message, { variant: 'info' });
  },
};
