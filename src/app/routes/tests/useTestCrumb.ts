import { isApiError } from '../../../api/apiError';
import { pages } from '../../../config/pages';
import { paths } from '../../../config/paths';
import { useGetTestCaseQuery } from '../../../features/tests/api';
import { useBreadcrumbLabel } from '../../layouts/BreadcrumbLabels';

/**
 * Names a test's crumb in the top bar: its name, "Test not found" for a deleted or foreign id, never the
 * id itself ('…' meanwhile). The same request as the page's: RTK Query shares it.
 */
export function useTestCrumb(id: string) {
  const { data: test, error, isError } = useGetTestCaseQuery(id, { skip: !id });
  // SPEC §4: a test that is not found is nonexistent, even if an older copy is cached.
  const notFound = isApiError(error) && error.status === 404;
  let label: string | null = null;
  if (notFound) label = pages.test.notFound;
  else if (test) label = test.name;
  else if (isError) label = pages.test.unavailable;
  useBreadcrumbLabel(paths.testCaseDetails.getHref(id), label);
  // Its folders come before it in the trail; '' (the root) names none.
  useBreadcrumbLabel(testFolderKey(id), notFound ? null : test?.path);
}

/** The key under which a test's page gives the top bar its folder path. */
export function testFolderKey(id: string): string {
  return `${paths.testCaseDetails.getHref(id)}#folders`;
}
