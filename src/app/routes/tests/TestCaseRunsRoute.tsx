import { useParams } from 'react-router';
import { ScreenshotImage } from '../../../features/generation/components/ScreenshotImage';
import { RunScreenshotProvider } from '../../../features/runs/components/RunScreenshot';
import { TestRunsPage } from '../../../features/runs/components/TestRunsPage';
import { useTestCrumb } from './useTestCrumb';

/** /test-cases/details/{id}/runs; screenshots come through the generation feature's image cache. */
export function TestCaseRunsRoute() {
  const { id = '' } = useParams();
  // The top bar names the test's crumb by its name (or that it is not found), never its id.
  useTestCrumb(id);
  return (
    <RunScreenshotProvider value={ScreenshotImage}>
      <TestRunsPage key={id} testId={id} />
    </RunScreenshotProvider>
  );
}
