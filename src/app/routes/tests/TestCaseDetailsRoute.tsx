import Stack from '@mui/material/Stack';
import { useParams } from 'react-router';
import { describeError } from '../../../api/apiError';
import { t } from '../../../config/locale';
import { GenerationActions } from '../../../features/generation/components/GenerationActions';
import { GenerationPanel } from '../../../features/generation/components/GenerationPanel';
import { ScreenshotImage } from '../../../features/generation/components/ScreenshotImage';
import { HealingHistory } from '../../../features/healing/components/HealingHistory';
import { HealingPanel } from '../../../features/healing/components/HealingPanel';
import { HealingScreenshotProvider } from '../../../features/healing/components/HealingScreenshot';
import { TestSetupFields, type TestSetupPatch } from '../../../features/modules/components/TestSetupFields';
import { RunPanel } from '../../../features/runs/components/RunPanel';
import { TestSchedule } from '../../../features/schedules/components/TestSchedule';
import { ShareButton } from '../../../features/sharing/components/ShareButton';
import {
  TestDetails,
  type TestDetailsSlots,
  type TestEditor,
} from '../../../features/tests/components/TestDetails';
import { type TestCase } from '../../../features/tests/types';
import { notify } from '../../../lib/notify';
import { usePermissions } from '../../hooks';
import { useTestCrumb } from './useTestCrumb';

/** The generation actions, then Share (issue 15). */
function TestActions({ test }: { test: TestCase }) {
  const permissions = usePermissions();
  return (
    <>
      <GenerationActions test={test} permissions={permissions} />
      <ShareButton testCaseId={test.id} testName={test.name} permissions={permissions} />
    </>
  );
}

/** The test's setup module and browser state (issue 13), saved with the test like its other fields. */
function TestSetup({ test, onSave, locked }: { test: TestCase; onSave: TestEditor; locked: string | null }) {
  return (
    <TestSetupFields
      suiteId={test.suiteId}
      testId={test.id}
      moduleId={test.testModuleIdForSetup}
      browserStateId={test.browserStateId}
      onChange={(patch) => void save(patch)}
      disabled={locked !== null}
    />
  );
  async function save(patch: TestSetupPatch) {
    const error = await onSave({
      ...(patch.test_module_id_for_setup !== undefined && {
        testModuleIdForSetup: patch.test_module_id_for_setup,
      }),
      ...(patch.browser_state_id !== undefined && { browserStateId: patch.browser_state_id }),
    });
    if (error) notify.error(describeError(error, t.tests.updateFailed));
  }
}

/** The steps, with corrections off for those who may not give feedback (issue 27: generateTests). */
function TestSteps({ test }: { test: TestCase }) {
  return <GenerationPanel test={test} locked={usePermissions().reason('generateTests')} />;
}

/** The test's current healing and its healing history (issue 14) around its runs. */
function TestRuns({ test }: { test: TestCase }) {
  const aspectRatio = test.viewportWidth / test.viewportHeight;
  const permissions = usePermissions();
  const runLock = permissions.reason('runTests');
  const healLock = permissions.reason('heal');
  return (
    <HealingScreenshotProvider value={ScreenshotImage}>
      <Stack spacing={2}>
        <HealingPanel testCaseId={test.id} aspectRatio={aspectRatio} locked={healLock} />
        <RunPanel test={test} runLock={runLock} quarantineLock={permissions.reason('writeTests')} />
        <HealingHistory testCaseId={test.id} aspectRatio={aspectRatio} locked={healLock} />
      </Stack>
    </HealingScreenshotProvider>
  );
}

/** The test's schedule, locked with the reason for those who may not change it (issue 27). */
function TestScheduleSection({ test }: { test: TestCase }) {
  return <TestSchedule test={test} locked={usePermissions().reason('writeSchedules')} />;
}

// The generation, runs, healing, schedules, modules and sharing features' parts of the page, composed here
// (features never import each other).
const slots: TestDetailsSlots = {
  actions: TestActions,
  steps: TestSteps,
  runs: TestRuns,
  schedule: TestScheduleSection,
  setup: TestSetup,
};

/** /test-cases/details/{id} */
export function TestCaseDetailsRoute() {
  const { id = '' } = useParams();
  // The crumb shows the test's name (or that it is not found), never its id.
  useTestCrumb(id);
  // Issue 27: a viewer sees the test read-only (writeTests).
  const locked = usePermissions().reason('writeTests');
  return <TestDetails key={id} id={id} slots={slots} locked={locked} />;
}
