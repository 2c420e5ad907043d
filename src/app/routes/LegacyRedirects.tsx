import { Navigate, useLocation, useParams } from 'react-router';
import { paths } from '../../config/paths';
import { lazyPage } from '../lazyPage';

const NotFoundRoute = lazyPage(() => import('./NotFoundRoute'), 'NotFoundRoute');

// A 24-hex object id or a UUID: anything else at /{id} is an unknown page, not a test.
const TEST_ID = /^(?:[0-9a-f]{24}|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;

export function LegacyTestRedirect() {
  const { id = '' } = useParams();
  return <Navigate to={paths.testCaseDetails.getHref(id)} replace />;
}

export function LegacyTestShortRedirect() {
  const { id = '' } = useParams();
  if (!TEST_ID.test(id)) return <NotFoundRoute />;
  return <Navigate to={paths.testCaseDetails.getHref(id)} replace />;
}

export function LegacyCollectionRedirect() {
  const { collectionId = '' } = useParams();
  const createdAt = new URLSearchParams(useLocation().search).get('created_at');
  return <Navigate to={paths.collectionDetails.getHref(collectionId, createdAt)} replace />;
}
