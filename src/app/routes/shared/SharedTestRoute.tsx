import { useParams } from 'react-router';
import { PageLoader } from '../../../components/PageLoader';
import { selectAuthStatus } from '../../../features/auth/selectors';
import { LazyCodeViewer } from '../../../features/generation/components/LazyCodeViewer';
import { SharedTestPage } from '../../../features/sharing/components/SharedTestPage';
import { useAppSelector } from '../../hooks';

/**
 * /shared/{slug}, in the default layout and without a sign-in guard: a public share opens for anyone,
 * a private one for the signed-in members of its organization (the API decides; the token goes along
 * when there is a session).
 */
export function SharedTestRoute() {
  const { slug = '' } = useParams();
  const status = useAppSelector(selectAuthStatus);
  // Wait for the session: a private share read before it would answer as if signed out.
  if (status === 'initializing') return <PageLoader fullScreen label="Checking your session" />;
  return (
    <SharedTestPage key={slug} slug={slug} signedIn={status === 'signedIn'} CodeViewer={LazyCodeViewer} />
  );
}
