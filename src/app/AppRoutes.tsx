import type { ReactElement } from 'react';
import { matchRoutes, Navigate, type RouteObject } from 'react-router';
import { paths } from '../config/paths';
import { GuestOnly } from './guards/GuestOnly';
import { RequireAuth } from './guards/RequireAuth';
import { RequireOrganization } from './guards/RequireOrganization';
import { DefaultLayout } from './layouts/DefaultLayout';
import { lazyPage, type LazyPage } from './lazyPage';
import {
  LegacyCollectionRedirect,
  LegacyTestRedirect,
  LegacyTestShortRedirect,
} from './routes/LegacyRedirects';

// Every screen is its own chunk so the sign-in page loads only what it shows.
const DashboardLayout = lazyPage(() => import('./layouts/DashboardLayout'), 'DashboardLayout');
const DashboardRoute = lazyPage(() => import('./routes/DashboardRoute'), 'DashboardRoute');
const NotFoundRoute = lazyPage(() => import('./routes/NotFoundRoute'), 'NotFoundRoute');
const StylesRoute = lazyPage(() => import('./routes/StylesRoute'), 'StylesRoute');
const SettingsRoute = lazyPage(() => import('./routes/settings/SettingsRoute'), 'SettingsRoute');
const ProjectSettingsRoute = lazyPage(
  () => import('./routes/settings/ProjectSettingsRoute'),
  'ProjectSettingsRoute',
);
const AuthStartRoute = lazyPage(() => import('./routes/auth/AuthStartRoute'), 'AuthStartRoute');
const LoginRoute = lazyPage(() => import('./routes/auth/LoginRoute'), 'LoginRoute');
const RegisterRoute = lazyPage(() => import('./routes/auth/RegisterRoute'), 'RegisterRoute');
const ForgotPasswordRoute = lazyPage(
  () => import('./routes/auth/ForgotPasswordRoute'),
  'ForgotPasswordRoute',
);
const SetNewPasswordRoute = lazyPage(
  () => import('./routes/auth/SetNewPasswordRoute'),
  'SetNewPasswordRoute',
);
const AuthCallbackRoute = lazyPage(() => import('./routes/auth/AuthCallbackRoute'), 'AuthCallbackRoute');
const VerifyEmailRoute = lazyPage(() => import('./routes/auth/VerifyEmailRoute'), 'VerifyEmailRoute');
const AcceptInvitationRoute = lazyPage(
  () => import('./routes/auth/AcceptInvitationRoute'),
  'AcceptInvitationRoute',
);
const NoOrganizationRoute = lazyPage(
  () => import('./routes/auth/NoOrganizationRoute'),
  'NoOrganizationRoute',
);

const TestCasesRoute = lazyPage(() => import('./routes/tests/TestCasesRoute'), 'TestCasesRoute');
const TestCaseDetailsRoute = lazyPage(
  () => import('./routes/tests/TestCaseDetailsRoute'),
  'TestCaseDetailsRoute',
);
const TestCaseRunsRoute = lazyPage(() => import('./routes/tests/TestCaseRunsRoute'), 'TestCaseRunsRoute');
const CollectionsRoute = lazyPage(() => import('./routes/collections/CollectionsRoute'), 'CollectionsRoute');
const CollectionDetailsRoute = lazyPage(
  () => import('./routes/collections/CollectionDetailsRoute'),
  'CollectionDetailsRoute',
);
const SharedParametersRoute = lazyPage(
  () => import('./routes/secrets/SharedParametersRoute'),
  'SharedParametersRoute',
);
const IntegrationsRoute = lazyPage(
  () => import('./routes/integrations/IntegrationsRoute'),
  'IntegrationsRoute',
);
const SharedTestRoute = lazyPage(() => import('./routes/shared/SharedTestRoute'), 'SharedTestRoute');
const ModulesRoute = lazyPage(() => import('./routes/modules/ModulesRoute'), 'ModulesRoute');

const dashboardPages: RouteObject[] = [
  { path: paths.dashboard.path, element: <DashboardRoute /> },
  { path: paths.testCases.path, element: <TestCasesRoute /> },
  { path: paths.testCaseDetails.path, element: <TestCaseDetailsRoute /> },
  { path: paths.testCaseRuns.path, element: <TestCaseRunsRoute /> },
  { path: paths.collections.path, element: <CollectionsRoute /> },
  { path: paths.collectionDetails.path, element: <CollectionDetailsRoute /> },
  { path: paths.sharedParameters.path, element: <SharedParametersRoute /> },
  { path: paths.integrations.path, element: <IntegrationsRoute /> },
  { path: paths.modules.path, element: <ModulesRoute /> },
  { path: paths.commonStyles.path, element: <StylesRoute /> },
  { path: paths.auth.settings.path, element: <SettingsRoute /> },
  { path: paths.auth.projectSettings.path, element: <ProjectSettingsRoute /> },
];

/** SPEC §2's route table: the guards decide where each person may be, the layouts how it looks. */
export const appRoutes: RouteObject[] = [
  { path: paths.home.path, element: <Navigate to={paths.dashboard.getHref()} replace /> },
  { path: paths.common.path, element: <Navigate to={paths.commonStyles.getHref()} replace /> },
  { path: paths.legacyTest.path, element: <LegacyTestRedirect /> },
  { path: paths.legacyCollection.path, element: <LegacyCollectionRedirect /> },
  {
    element: <RequireAuth />,
    children: [
      {
        element: <RequireOrganization />,
        children: [{ element: <DashboardLayout />, children: dashboardPages }],
      },
    ],
  },
  {
    element: <DefaultLayout />,
    children: [
      {
        element: <GuestOnly />,
        children: [
          { path: paths.auth.start.path, element: <AuthStartRoute /> },
          { path: paths.auth.login.path, element: <LoginRoute /> },
          { path: paths.auth.register.path, element: <RegisterRoute /> },
          { path: paths.auth.forgotPassword.path, element: <ForgotPasswordRoute /> },
          { path: paths.auth.verifyEmail.path, element: <VerifyEmailRoute /> },
        ],
      },
      {
        element: <RequireAuth />,
        children: [
          { path: paths.auth.setNewPassword.path, element: <SetNewPasswordRoute /> },
          { path: paths.auth.noOrganization.path, element: <NoOrganizationRoute /> },
          { path: paths.acceptInvitation.path, element: <AcceptInvitationRoute /> },
        ],
      },
      { path: paths.auth.callback.path, element: <AuthCallbackRoute /> },
      { path: paths.legacyTestShort.path, element: <LegacyTestShortRedirect /> },
      // Issue 15: a shared test, for anyone with the link (public) or members signed in (private).
      { path: paths.shared.path, element: <SharedTestRoute /> },
      { path: '*', element: <NotFoundRoute /> },
    ],
  },
];

/**
 * Starts loading the layout and page an address shows, alongside sign-in and the first API calls, so
 * they render without a Suspense fallback (and React's 300 ms hold after one).
 */
export function preloadPagesFor(pathname: string) {
  for (const { route } of matchRoutes(appRoutes, pathname) ?? []) {
    const type = (route.element as ReactElement | undefined)?.type as Partial<LazyPage> | undefined;
    // A chunk that fails here is fetched again when the page renders.
    type?.preload?.().catch(() => undefined);
  }
}
