import CollectionsBookmarkOutlinedIcon from '@mui/icons-material/CollectionsBookmarkOutlined';
import ExtensionOutlinedIcon from '@mui/icons-material/ExtensionOutlined';
import HubOutlinedIcon from '@mui/icons-material/HubOutlined';
import KeyOutlinedIcon from '@mui/icons-material/KeyOutlined';
import Card from '@mui/material/Card';
import type { ReactElement } from 'react';
import { EmptyState } from '../../components/EmptyState';
import { PageHeader } from '../../components/PageHeader';
import { useDocumentTitle } from '../../hooks/useDocumentTitle';

// TODO: issue 5 onwards replace these with the real screens; until then each route shows an honest empty state.
function PlaceholderPage({ title, empty, icon }: { title: string; empty: string; icon: ReactElement }) {
  useDocumentTitle(title);
  return (
    <>
      <PageHeader title={title} />
      <Card>
        <EmptyState
          icon={icon}
          title={empty}
          description="This screen is on its way in an upcoming release."
        />
      </Card>
    </>
  );
}

export function CollectionsRoute() {
  return (
    <PlaceholderPage
      title="Test suites"
      empty="No test suites of tests yet"
      icon={<CollectionsBookmarkOutlinedIcon fontSize="inherit" />}
    />
  );
}

export function CollectionDetailsRoute() {
  return (
    <PlaceholderPage
      title="Collection"
      empty="Collection details are not available yet"
      icon={<CollectionsBookmarkOutlinedIcon fontSize="inherit" />}
    />
  );
}

export function SharedParametersRoute() {
  return (
    <PlaceholderPage title="Secrets" empty="No secrets yet" icon={<KeyOutlinedIcon fontSize="inherit" />} />
  );
}

export function IntegrationsRoute() {
  return (
    <PlaceholderPage
      title="Integrations"
      empty="No integrations yet"
      icon={<HubOutlinedIcon fontSize="inherit" />}
    />
  );
}

export function ModulesRoute() {
  return (
    <PlaceholderPage
      title="Modules"
      empty="No modules yet"
      icon={<ExtensionOutlinedIcon fontSize="inherit" />}
    />
  );
}
