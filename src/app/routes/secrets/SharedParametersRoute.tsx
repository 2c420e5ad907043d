import Card from '@mui/material/Card';
import { EmptyState } from '../../../components/EmptyState';
import { PageHeader } from '../../../components/PageHeader';
import { pages } from '../../../config/pages';
import { SecretsPage } from '../../../features/secrets/components/SecretsPage';
import { selectSelectedSuiteId } from '../../../features/suites/selectors';
import { useDocumentTitle } from '../../../hooks/useDocumentTitle';
import { useAppSelector, usePermissions } from '../../hooks';

/** /test-cases/shared-parameters: the selected project's secrets. */
export function SharedParametersRoute() {
  const { title, description } = pages.secrets;
  useDocumentTitle(title);
  const suiteId = useAppSelector(selectSelectedSuiteId);
  const permissions = usePermissions();
  return (
    <>
      <PageHeader title={title} description={description} />
      {suiteId ? (
        <SecretsPage key={suiteId} suiteId={suiteId} permissions={permissions} />
      ) : (
        <Card>
          <EmptyState
            title="No project selected"
            description="Create or pick a project to see its secrets."
          />
        </Card>
      )}
    </>
  );
}
