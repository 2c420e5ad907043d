import { PageHeader } from '../../../components/PageHeader';
import { pages } from '../../../config/pages';
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
  useDocumentTitle(pages.projectSettings.title);
  const organization = useAppSelector(selectCurrentOrganization);
  const organizationId = useAppSelector(selectCurrentOrganizationId);
  const selectedSuiteId = useAppSelector(selectSelectedSuiteId);
  return (
    <>
      <PageHeader
        title={pages.projectSettings.title}
        description={pages.projectSettings.description(organization?.name ?? null)}
      />
      <SettingsTabs />
      <ProjectSettings organizationId={organizationId} selectedSuiteId={selectedSuiteId} />
    </>
  );
}
