import Stack from '@mui/material/Stack';
import { PageHeader } from '../../../components/PageHeader';
import { pages } from '../../../config/pages';
import { selectCurrentUserId } from '../../../features/auth/selectors';
import { selectCurrentOrganization } from '../../../features/organizations/selectors';
import { ServiceAccountKeyCard } from '../../../features/settings/components/ServiceAccountKeyCard';
import { TeamCard } from '../../../features/settings/components/TeamCard';
import { PageLoader } from '../../../components/PageLoader';
import { useGetUserOrganizationsQuery } from '../../../features/organizations/api';
import { useDocumentTitle } from '../../../hooks/useDocumentTitle';
import { useAppSelector, usePermissions } from '../../hooks';
import { SettingsTabs } from './SettingsTabs';

export function SettingsRoute() {
  useDocumentTitle(pages.settings.title);
  useGetUserOrganizationsQuery();
  const organization = useAppSelector(selectCurrentOrganization);
  const currentUserId = useAppSelector(selectCurrentUserId);
  const { can } = usePermissions();
  return (
    <>
      <PageHeader
        title={pages.settings.title}
        description={pages.settings.description(organization?.name ?? null)}
      />
      <SettingsTabs />
      {organization ? (
        <Stack spacing={3}>
          <ServiceAccountKeyCard organization={organization} />
          <TeamCard
            organizationId={organization.id}
            currentUserId={currentUserId}
            canManage={can('manageMembers')}
          />
        </Stack>
      ) : (
        <PageLoader label="Loading organization settings" />
      )}
    </>
  );
}
