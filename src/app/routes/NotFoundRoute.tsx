import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import HomeOutlinedIcon from '@mui/icons-material/HomeOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '../../config/paths';
import { useDocumentTitle } from '../../hooks/useDocumentTitle';

export function NotFoundRoute() {
  useDocumentTitle('Page Not Found');
  const navigate = useNavigate();
  // react-router keys the entry a visit starts on 'default': anything else was reached inside the app.
  const canGoBack = useLocation().key !== 'default';
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
        <Typography color="text.secondary" sx={{ mt: 1, maxWidth: 460, mx: 'auto' }}>
          The page you are looking for may have been moved, deleted, or the URL may have been mistyped.
        </Typography>
        <Stack direction="row" spacing={2} sx={{ justifyContent: 'center', mt: 4 }}>
          {canGoBack && (
            <Button variant="outlined" startIcon={<ArrowBackIcon />} onClick={() => void navigate(-1)}>
              Back
            </Button>
          )}
          <Button
            variant="contained"
            startIcon={<HomeOutlinedIcon />}
            onClick={() => void navigate(paths.home.getHref())}
          >
            Go home
          </Button>
        </Stack>
      </Box>
    </Box>
  );
}
