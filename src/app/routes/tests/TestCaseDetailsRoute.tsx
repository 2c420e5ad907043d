import { useParams } from 'react-router';
import { paths } from '../../../config/paths';
import { GenerationActions } from '../../../features/generation/components/GenerationActions';
import { GenerationPanel } from '../../../features/generation/components/GenerationPanel';
import { RunPanel } from '../../../features/runs/components/RunPanel';
import { useGetTestCaseQuery } from '../../../features/tests/api';
import { TestDetails, type TestDetailsSlots } from '../../../features/tests/components/TestDetails';
import { useBreadcrumbLabel } from '../../layouts/BreadcrumbLabels';

// The generation and runs features' parts of the page, composed here (features never import each other).
const slots: TestDetailsSlots = { actions: GenerationActions, steps: GenerationPanel, runs: RunPanel };

/** /test-cases/details/{id} */
export function TestCaseDetailsRoute() {
  const { id = '' } = useParams();
  // The crumb shows the test's name, not its id (the same request as the page's: RTK Query shares it).
  const { data: test } = useGetTestCaseQuery(id, { skip: !id });
  useBreadcrumbLabel(paths.testCaseDetails.getHref(id), test?.name);
  return <TestDetails key={id} id={id} slots={slots} />;
}
