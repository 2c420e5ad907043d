import { useParams } from 'react-router';
import { GenerationActions } from '../../../features/generation/components/GenerationActions';
import { GenerationPanel } from '../../../features/generation/components/GenerationPanel';
import { RunPanel } from '../../../features/runs/components/RunPanel';
import { TestSchedule } from '../../../features/schedules/components/TestSchedule';
import { TestDetails, type TestDetailsSlots } from '../../../features/tests/components/TestDetails';
import { useTestCrumb } from './useTestCrumb';

// The generation, runs and schedules features' parts of the page, composed here (features never import each other).
const slots: TestDetailsSlots = {
  actions: GenerationActions,
  steps: GenerationPanel,
  runs: RunPanel,
  schedule: TestSchedule,
};

/** /test-cases/details/{id} */
export function TestCaseDetailsRoute() {
  const { id = '' } = useParams();
  // The crumb shows the test's name (or that it is not found), never its id.
  useTestCrumb(id);
  return <TestDetails key={id} id={id} slots={slots} />;
}
