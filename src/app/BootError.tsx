import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { useState } from 'react';
import { COLOR_SCHEME_STORAGE_KEY, theme } from '../theme/theme';

interface BootErrorProps {
  message: string;
  onRetry: () => Promise<void>;
}

/** Shown when the app cannot even read its configuration, usually because the server is down. */
export function BootError({ message, onRetry }: BootErrorProps) {
  const [retrying, setRetrying] = useState(false);
  return (
    <ThemeProvider theme={theme} modeStorageKey={COLOR_SCHEME_STORAGE_KEY} noSsr>
      <CssBaseline enableColorScheme />
      <Box sx={{ minHeight: '100dvh', display: 'grid', placeItems: 'center', p: 2 }}>
        <Alert
          severity="error"
          sx={{ maxWidth: 480 }}
          action={
            <Button
              color="inherit"
              size="small"
              disabled={retrying}
              onClick={async () => {
                setRetrying(true);
                await onRetry();
                setRetrying(false);
              }}
            >
              Retry
            </Button>
          }
        >
          <AlertTitle>Plainwright could not start</AlertTitle>
          {message}. Check that the server is running, then retry.
        </Alert>
      </Box>
    </ThemeProvider>
  );
}
