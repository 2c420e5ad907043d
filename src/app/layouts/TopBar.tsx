import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { matchPath, useLocation, type Params } from 'react-router';
import { pages } from '../../config/pages';
import { paths } from '../../config/paths';
import { Breadcrumbs } from '../../components/Breadcrumbs';
import { pathToBreadcrumbs, type BreadcrumbItem } from '../../lib/breadcrumbs';
import { SuiteSelector } from '../../features/suites/components/SuiteSelector';
import { folderCrumbs } from '../../features/tests/folderPaths';
import { selectCurrentOrganizationId } from '../../features/organizations/selectors';
import { selectSelectedSuiteId } from '../../features/suites/selectors';
import { suiteSelected } from '../../features/suites/slice';
import { useAppDispatch, useAppSelector } from '../hooks';
import { testFolderKey } from '../routes/tests/useTestCrumb';
import { useBreadcrumbLabels } from './BreadcrumbLabels';
import { OrganizationBadge } from './OrganizationBadge';

// Settings live under /auth (SPEC §2); a crumb leading to the sign-in start would only bounce to the dashboard.
const AUTH_START = paths.auth.start.getHref();
// Path prefixes that are no page of their own: their crumb is left out.
const NOT_PAGES = new Set([AUTH_START, '/test-cases/details']);

type Trail = (params: Params, named: (href: string, fallback: string) => string) => BreadcrumbItem[];

const tests: BreadcrumbItem = { label: pages.tests.title, href: paths.testCases.getHref() };
const collections: BreadcrumbItem = { label: pages.collections.title, href: paths.collections.getHref() };
const settings: BreadcrumbItem = { label: pages.settings.title, href: paths.auth.settings.getHref() };
const only =
  (label: string): Trail =>
  () => [{ label }];

// Each page's crumbs, ending in its title: the trail follows the sidebar's names, not the URL's words.
const trails: [pattern: string, trail: Trail][] = [
  [paths.dashboard.path, only(pages.dashboard.title)],
  [paths.testCases.path, only(pages.tests.title)],
  [
    paths.testCaseDetails.path,
    ({ id = '' }, named) => [
      tests,
      ...folderCrumbs(named(testFolderKey(id), '')),
      { label: named(paths.testCaseDetails.getHref(id), pages.test.loading) },
    ],
  ],
  [
    paths.testCaseRuns.path,
    ({ id = '' }, named) => {
      const href = paths.testCaseDetails.getHref(id);
      return [
        tests,
        ...folderCrumbs(named(testFolderKey(id), '')),
        { label: named(href, pages.test.loading), href },
        { label: pages.testRuns.title },
      ];
    },
  ],
  [paths.collections.path, only(pages.collections.title)],
  [
    paths.collectionDetails.path,
    ({ id = '' }, named) => [
      collections,
      { label: named(paths.collectionDetails.getHref(id), pages.collection.title) },
    ],
  ],
  [paths.sharedParameters.path, only(pages.secrets.title)],
  [paths.integrations.path, only(pages.integrations.title)],
  [paths.modules.path, only(pages.modules.title)],
  [paths.commonStyles.path, only(pages.styles.title)],
  [paths.auth.settings.path, only(pages.settings.title)],
  [paths.auth.projectSettings.path, () => [settings, { label: pages.projectSettings.title }]],
];

/**
 * The crumbs of a path: each page's trail ends in its title; a test's crumb is its name, which its page
 * gives (never its id: '…' while it loads). A path no page claims reads its segments as words.
 */
export function crumbsFor(pathname: string, labels: ReadonlyMap<string, string>): BreadcrumbItem[] {
  const path = pathname.replace(/\/+$/, '') || '/';
  const named = (href: string, fallback: string) => labels.get(href) ?? fallback;
  for (const [pattern, trail] of trails) {
    const match = matchPath(pattern, path);
    if (match) return trail(match.params, named);
  }
  return pathToBreadcrumbs(pathname)
    .filter(({ href }) => !href || !NOT_PAGES.has(href))
    .map((item) => {
      const label = labels.get(item.href ?? path) ?? item.label.charAt(0).toUpperCase() + item.label.slice(1);
      return { ...item, label };
    });
}

/** The organization, the project (test-suite) selector and the breadcrumbs of the current path. */
export function TopBar() {
  const organizationId = useAppSelector(selectCurrentOrganizationId);
  const selectedSuiteId = useAppSelector(selectSelectedSuiteId);
  const dispatch = useAppDispatch();
  const { pathname } = useLocation();
  const labels = useBreadcrumbLabels();
  return (
    <Box
      sx={{
        display: 'flex',
        alignItems: 'center',
        flexWrap: 'wrap',
        gap: { xs: 1, sm: 2 },
        px: { xs: 2, sm: 3 },
        py: 1.5,
        borderBottom: 1,
        borderColor: 'divider',
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0 }}>
        <OrganizationBadge />
        <Typography aria-hidden color="text.disabled">
          /
        </Typography>
        <Typography
          variant="caption"
          color="text.secondary"
          sx={{ display: { xs: 'none', md: 'block' }, textTransform: 'uppercase', letterSpacing: 0.5 }}
        >
          Project
        </Typography>
        <SuiteSelector
          organizationId={organizationId}
          selectedSuiteId={selectedSuiteId}
          onSelect={(suiteId) => dispatch(suiteSelected({ suiteId }))}
        />
      </Box>
      <Box sx={{ minWidth: 0, overflow: 'hidden' }}>
        <Breadcrumbs items={crumbsFor(pathname, labels)} />
      </Box>
    </Box>
  );
}
