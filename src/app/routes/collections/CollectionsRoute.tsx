import Card from '@mui/material/Card';
import { PageHeader } from '../../../components/PageHeader';
import { EmptyState } from '../../../components/EmptyState';
import { pages } from '../../../config/pages';
import { CollectionsPage } from '../../../features/collections/components/CollectionsPage';
import { selectSelectedSuiteId } from '../../../features/suites/selectors';
import { useDocumentTitle } from '../../../hooks/useDocumentTitle';
import { useAppSelector, usePermissions } from '../../hooks';

/** /test-cases/collections: the selected project's test suites. */
export function CollectionsRoute() {
  const { title, description } = pages.collections;
  useDocumentTitle(title);
  const suiteId = useAppSelector(selectSelectedSuiteId);
  const permissions = usePermissions();
  return (
    <>
      <PageHeader title={title} description={description} />
      {suiteId ? (
        <CollectionsPage key={suiteId} suiteId={suiteId} permissions={permissions} />
      ) : (
        <Card>
          <EmptyState
            title="No project selected"
            description="Create or pick a project to see its test suites."
          />
        </Card>
      )}
    </>
  );
}
