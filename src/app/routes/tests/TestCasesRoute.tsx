import FolderOutlinedIcon from '@mui/icons-material/FolderOutlined';
import Card from '@mui/material/Card';
import { skipToken } from '@reduxjs/toolkit/query';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/EmptyState';
import { ListSkeleton } from '../../../components/ListSkeleton';
import { PageHeader } from '../../../components/PageHeader';
import { pages } from '../../../config/pages';
import { selectCurrentOrganizationId } from '../../../features/organizations/selectors';
import { useGetTestSuitesQuery } from '../../../features/suites/api';
import { SELECTED_SUITE_KEY } from '../../../features/suites/sagas';
import { selectSelectedSuiteId } from '../../../features/suites/selectors';
import { testsApi } from '../../../features/tests/api';
import { TestList } from '../../../features/tests/components/TestList';
import { useDocumentTitle } from '../../../hooks/useDocumentTitle';
import { readLocal } from '../../../lib/storage';
import { useAppSelector, usePermissions } from '../../hooks';

/** /test-cases: the selected suite's tests; ?folder=a/b opens that folder. */
export function TestCasesRoute() {
  useDocumentTitle(pages.tests.title);
  const organizationId = useAppSelector(selectCurrentOrganizationId);
  const suiteId = useAppSelector(selectSelectedSuiteId);
  const { data: suites, isLoading } = useGetTestSuitesQuery(organizationId ?? skipToken);
  const [searchParams] = useSearchParams();
  const suite = suites?.find(({ id }) => id === suiteId);
  const prefetchTree = testsApi.usePrefetch('getTestTree');
  const permissions = usePermissions();

  // Until the suites are listed the suite is not confirmed; the one remembered is almost always it, so
  // its tree (the largest response) loads meanwhile. A reload has asked for it already (the tests
  // saga's prefetchTreeOnArrival); this covers arriving here right after signing in.
  useEffect(() => {
    const remembered = readLocal(SELECTED_SUITE_KEY);
    if (!suiteId && remembered) prefetchTree(remembered);
    // Only on arrival: later changes of suite fetch their own tree.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  let body;
  if (suiteId)
    body = (
      <TestList
        key={suiteId}
        suiteId={suiteId}
        revealFolder={searchParams.get('folder')}
        permissions={permissions}
      />
    );
  else if (isLoading || !organizationId)
    body = (
      <Card variant="outlined" sx={{ p: 2 }}>
        <ListSkeleton rows={6} label="Loading tests" />
      </Card>
    );
  else
    body = (
      <Card variant="outlined">
        <EmptyState
          icon={<FolderOutlinedIcon fontSize="inherit" />}
          title="No project selected"
          description={
            suites?.length === 0
              ? 'Tests live in a project. Create one from the project menu at the top of the page.'
              : 'Choose a project from the menu at the top of the page to see its tests.'
          }
        />
      </Card>
    );

  return (
    <>
      <PageHeader title={pages.tests.title} description={pages.tests.description(suite?.name ?? null)} />
      {body}
    </>
  );
}
