import { useParams } from 'react-router';
import { ScreenshotImage } from '../../../features/generation/components/ScreenshotImage';
import { HealingPanel } from '../../../features/healing/components/HealingPanel';
import { HealingScreenshotProvider } from '../../../features/healing/components/HealingScreenshot';
import { RunScreenshotProvider } from '../../../features/runs/components/RunScreenshot';
import { TestRunsPage } from '../../../features/runs/components/TestRunsPage';
import { type TestRun } from '../../../features/runs/types';
import { usePermissions } from '../../hooks';
import { useTestCrumb } from './useTestCrumb';

/** Under an ended run that did not pass: its healing, or Heal (issue 14). */
function RunHealing({ run, viewport }: { run: TestRun; viewport: { width: number; height: number } }) {
  const healLock = usePermissions().reason('heal');
  if (run.status === 'passed') return null;
  return (
    <HealingPanel
      testCaseId={run.test_case_id}
      run={{ id: run._id, status: run.status }}
      aspectRatio={viewport.width / viewport.height}
      locked={healLock}
    />
  );
}

/** /test-cases/details/{id}/runs; screenshots come through the generation feature's image cache. */
export function TestCaseRunsRoute() {
  const { id = '' } = useParams();
  // The top bar names the test's crumb by its name (or that it is not found), never its id.
  useTestCrumb(id);
  const runLock = usePermissions().reason('runTests');
  return (
    <RunScreenshotProvider value={ScreenshotImage}>
      <HealingScreenshotProvider value={ScreenshotImage}>
        <TestRunsPage key={id} testId={id} runExtra={RunHealing} runLock={runLock} />
      </HealingScreenshotProvider>
    </RunScreenshotProvider>
  );
}
