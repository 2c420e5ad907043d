import { useParams } from 'react-router';
import { paths } from '../../../config/paths';
import { ScreenshotImage } from '../../../features/generation/components/ScreenshotImage';
import { RunScreenshotProvider } from '../../../features/runs/components/RunScreenshot';
import { TestRunsPage } from '../../../features/runs/components/TestRunsPage';
import { useGetTestCaseQuery } from '../../../features/tests/api';
import { useBreadcrumbLabel } from '../../layouts/BreadcrumbLabels';

/** /test-cases/details/{id}/runs; screenshots come through the generation feature's image cache. */
export function TestCaseRunsRoute() {
  const { id = '' } = useParams();
  const { data: test } = useGetTestCaseQuery(id, { skip: !id });
  // The top bar names the test's crumb by its name rather than its id.
  useBreadcrumbLabel(paths.testCaseDetails.getHref(id), test?.name);
  return (
    <RunScreenshotProvider value={ScreenshotImage}>
      <TestRunsPage key={id} testId={id} />
    </RunScreenshotProvider>
  );
}
