import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type ReactNode } from 'react';

interface NotFoundContentProps {
  /** What was not found, in a sentence or two. */
  description: ReactNode;
  /** The ways on: buttons or links, in a row. */
  actions: ReactNode;
}

/** The not-found page's body: a large 404, the heading, what was not found, and the ways on. */
export function NotFoundContent({ description, actions }: NotFoundContentProps) {
  return (
    <Box
      component="main"
      sx={{ minHeight: '100dvh', display: 'grid', placeItems: 'center', p: 3, textAlign: 'center' }}
    >
      <Box>
        <Typography
          component="p"
          aria-hidden
          sx={{
            fontSize: { xs: '6rem', sm: '9rem' },
            fontWeight: 800,
            lineHeight: 1,
            color: 'primary.main',
            opacity: 0.85,
          }}
        >
          404
        </Typography>
        <Typography variant="h4" component="h1" sx={{ mt: 2 }}>
          Page Not Found
        </Typography>
        {description}
        <Stack direction="row" spacing={2} sx={{ justifyContent: 'center', mt: 4 }}>
          {actions}
        </Stack>
      </Box>
    </Box>
  );
}

/** A paragraph of the not-found page's description. */
export function NotFoundText({ children }: { children: ReactNode }) {
  return (
    <Typography color="text.secondary" sx={{ mt: 1, maxWidth: 460, mx: 'auto' }}>
      {children}
    </Typography>
  );
}
