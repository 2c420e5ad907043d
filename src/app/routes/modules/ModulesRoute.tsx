import { skipToken } from '@reduxjs/toolkit/query';
import Card from '@mui/material/Card';
import { useMemo } from 'react';
import { EmptyState } from '../../../components/EmptyState';
import { PageHeader } from '../../../components/PageHeader';
import { pages } from '../../../config/pages';
import { ModulesPage } from '../../../features/modules/components/ModulesPage';
import { useGetOrganizationUsersQuery } from '../../../features/organizations/api';
import { selectCurrentOrganization } from '../../../features/organizations/selectors';
import { selectSelectedSuiteId } from '../../../features/suites/selectors';
import { useDocumentTitle } from '../../../hooks/useDocumentTitle';
import { useAppSelector, usePermissions } from '../../hooks';

/** /modules: the selected project's modules. */
export function ModulesRoute() {
  const { title, description } = pages.modules;
  useDocumentTitle(title);
  const suiteId = useAppSelector(selectSelectedSuiteId);
  const organization = useAppSelector(selectCurrentOrganization);
  // The organization's admins and experts (issue 27: the expert right is the membership's).
  const permissions = usePermissions();
  const canApprove = permissions.can('approveModules');
  // Issue 28: viewers see the project's browser states but may not make, refresh or delete them.
  const canWriteStates = permissions.can('writeBrowserStates');
  // Approvals name people by id; the team list turns them into e-mails.
  const { data: team } = useGetOrganizationUsersQuery(organization?.id ?? skipToken);
  const people = useMemo(() => new Map((team ?? []).map(({ id, email }) => [id, email])), [team]);
  return (
    <>
      <PageHeader title={title} description={description} />
      {suiteId ? (
        <ModulesPage
          key={suiteId}
          suiteId={suiteId}
          canApprove={canApprove}
          canWriteStates={canWriteStates}
          writeLock={permissions.reason('writeModules')}
          people={people}
        />
      ) : (
        <Card>
          <EmptyState
            title="No project selected"
            description="Create or pick a project to see its modules."
          />
        </Card>
      )}
    </>
  );
}
