import Box from '@mui/material/Box';
import { useLocation } from 'react-router';
import { paths } from '../../config/paths';
import { Breadcrumbs } from '../../components/Breadcrumbs';
import { pathToBreadcrumbs, type BreadcrumbItem } from '../../lib/breadcrumbs';
import { SuiteSelector } from '../../features/suites/components/SuiteSelector';
import { selectCurrentOrganizationId } from '../../features/organizations/selectors';
import { selectSelectedSuiteId } from '../../features/suites/selectors';
import { suiteSelected } from '../../features/suites/slice';
import { useAppDispatch, useAppSelector } from '../hooks';
import { useBreadcrumbLabels } from './BreadcrumbLabels';

// Settings live under /auth (SPEC §2); a crumb leading to the sign-in start would only bounce to the dashboard.
const AUTH_START = paths.auth.start.getHref();
// Path prefixes that are no page of their own: their crumb is left out.
const NOT_PAGES = new Set([AUTH_START, '/test-cases/details']);

/**
 * The crumbs of a path: pages may name theirs (a test's name instead of its id); other segments read
 * as words with a capital first letter ("Test cases").
 */
export function crumbsFor(pathname: string, labels: ReadonlyMap<string, string>): BreadcrumbItem[] {
  const path = pathname.replace(/\/+$/, '');
  return pathToBreadcrumbs(pathname)
    .filter(({ href }) => !href || !NOT_PAGES.has(href))
    .map((item) => {
      const named = labels.get(item.href ?? path);
      const label = named ?? item.label.charAt(0).toUpperCase() + item.label.slice(1);
      return { ...item, label };
    });
}

/** The test-suite selector and the breadcrumbs of the current path. */
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
      <SuiteSelector
        organizationId={organizationId}
        selectedSuiteId={selectedSuiteId}
        onSelect={(suiteId) => dispatch(suiteSelected({ suiteId }))}
      />
      <Box sx={{ minWidth: 0, overflow: 'hidden' }}>
        <Breadcrumbs items={crumbsFor(pathname, labels)} />
      </Box>
    </Box>
  );
}
