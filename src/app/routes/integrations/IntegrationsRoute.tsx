import Card from '@mui/material/Card';
import { EmptyState } from '../../../components/EmptyState';
import { PageHeader } from '../../../components/PageHeader';
import { pages } from '../../../config/pages';
import { RunCountChips } from '../../../features/collections/components/RunCountChips';
import { IntegrationsPage } from '../../../features/integrations/components/IntegrationsPage';
import { selectSelectedSuiteId } from '../../../features/suites/selectors';
import { useDocumentTitle } from '../../../hooks/useDocumentTitle';
import { useAppSelector } from '../../hooks';

/** /integrations: run the selected project's test suites from CI. */
export function IntegrationsRoute() {
  const { title, description } = pages.integrations;
  useDocumentTitle(title);
  const suiteId = useAppSelector(selectSelectedSuiteId);
  return (
    <>
      <PageHeader title={title} description={description} />
      {suiteId ? (
        <IntegrationsPage key={suiteId} suiteId={suiteId} CountChips={RunCountChips} />
      ) : (
        <Card>
          <EmptyState
            title="No project selected"
            description="Create or pick a project to run its test suites from CI."
          />
        </Card>
      )}
    </>
  );
}
