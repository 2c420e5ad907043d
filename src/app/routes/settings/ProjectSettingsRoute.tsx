import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import { PageHeader } from '../../../components/PageHeader';
import { pages } from '../../../config/pages';
import {
  selectCurrentOrganization,
  selectCurrentOrganizationId,
} from '../../../features/organizations/selectors';
import { AutoHealSwitch } from '../../../features/healing/components/AutoHealSwitch';
import { EnvironmentsSection } from '../../../features/suites/components/EnvironmentsSection';
import { ProjectSettings } from '../../../features/suites/components/ProjectSettings';
import { RetentionSection } from '../../../features/suites/components/RetentionSection';
import { selectSelectedSuiteId } from '../../../features/suites/selectors';
import { useDocumentTitle } from '../../../hooks/useDocumentTitle';
import { useAppSelector, usePermissions } from '../../hooks';
import { SettingsTabs } from './SettingsTabs';

export function ProjectSettingsRoute() {
  useDocumentTitle(pages.projectSettings.title);
  const organization = useAppSelector(selectCurrentOrganization);
  const organizationId = useAppSelector(selectCurrentOrganizationId);
  const selectedSuiteId = useAppSelector(selectSelectedSuiteId);
  const permissions = usePermissions();
  return (
    <>
      <PageHeader
        title={pages.projectSettings.title}
        description={pages.projectSettings.description(organization?.name ?? null)}
      />
      <SettingsTabs />
      <ProjectSettings
        organizationId={organizationId}
        selectedSuiteId={selectedSuiteId}
        permissions={permissions}
      />
      {selectedSuiteId && (
        <Card variant="outlined" sx={{ mt: 2 }}>
          <CardHeader
            title="Environments"
            subheader="Run the same tests on staging, preview or production: each test keeps its path and opens on the environment's URL."
            slotProps={{ title: { component: 'h2', variant: 'h6' } }}
          />
          <CardContent>
            <EnvironmentsSection key={selectedSuiteId} suiteId={selectedSuiteId} permissions={permissions} />
          </CardContent>
        </Card>
      )}
      {selectedSuiteId && (
        <Card variant="outlined" sx={{ mt: 2 }}>
          <CardHeader
            title="Healing"
            subheader="When a run fails because the application changed, propose a fix to accept or reject."
            slotProps={{ title: { component: 'h2', variant: 'h6' } }}
          />
          <CardContent>
            <AutoHealSwitch suiteId={selectedSuiteId} />
          </CardContent>
        </Card>
      )}
      {selectedSuiteId && (
        <Card variant="outlined" sx={{ mt: 2 }}>
          <CardHeader
            title="Retention and disk"
            subheader="How long the project keeps its runs, and the disk its runs and files take."
            slotProps={{ title: { component: 'h2', variant: 'h6' } }}
          />
          <CardContent>
            <RetentionSection key={selectedSuiteId} suiteId={selectedSuiteId} permissions={permissions} />
          </CardContent>
        </Card>
      )}
    </>
  );
}
