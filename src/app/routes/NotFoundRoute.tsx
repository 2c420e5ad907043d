import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import HomeOutlinedIcon from '@mui/icons-material/HomeOutlined';
import Button from '@mui/material/Button';
import { useLocation, useNavigate } from 'react-router';
import { NotFoundContent, NotFoundText } from '../../components/NotFoundContent';
import { paths } from '../../config/paths';
import { useDocumentTitle } from '../../hooks/useDocumentTitle';

export function NotFoundRoute() {
  useDocumentTitle('Page Not Found');
  const navigate = useNavigate();
  // react-router keys the entry a visit starts on 'default': anything else was reached inside the app.
  const canGoBack = useLocation().key !== 'default';
  return (
    <NotFoundContent
      description={
        <NotFoundText>
          The page you are looking for may have been moved, deleted, or the URL may have been mistyped.
        </NotFoundText>
      }
      actions={
        <>
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
        </>
      }
    />
  );
}
