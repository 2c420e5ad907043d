import { PageHeader } from '../../../components/PageHeader';
import {
  selectCurrentOrganization,
  selectCurrentOrganizationId,
} from '../../../features/organizations/selectors';
import { ProjectSettings } from '../../../features/suites/components/ProjectSettings';
import { selectSelectedSuiteId } from '../../../features/suites/selectors';
import { useDocumentTitle } from '../../../hooks/useDocumentTitle';
import { useAppSelector } from '../../hooks';
import { SettingsTabs } from './SettingsTabs';

export function ProjectSettingsRoute() {
  useDocumentTitle('Project settings');
  const organization = useAppSelector(selectCurrentOrganization);
  const organizationId = useAppSelector(selectCurrentOrganizationId);
  const selectedSuiteId = useAppSelector(selectSelectedSuiteId);
  return (
    <>
      <PageHeader title="Settings" description={organization?.name} />
      <SettingsTabs />
      <ProjectSettings organizationId={organizationId} selectedSuiteId={selectedSuiteId} />
    </>
  );
}
