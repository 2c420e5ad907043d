import ExtensionOutlinedIcon from '@mui/icons-material/ExtensionOutlined';
import HubOutlinedIcon from '@mui/icons-material/HubOutlined';
import KeyOutlinedIcon from '@mui/icons-material/KeyOutlined';
import Card from '@mui/material/Card';
import type { ReactElement } from 'react';
import { EmptyState } from '../../components/EmptyState';
import { PageHeader } from '../../components/PageHeader';
import { pages } from '../../config/pages';
import { useDocumentTitle } from '../../hooks/useDocumentTitle';

// TODO: issue 5 onwards replace these with the real screens; until then each route shows an honest empty state.
interface PlaceholderPageProps {
  page: { title: string; description: string; empty: string };
  icon: ReactElement;
}

function PlaceholderPage({ page, icon }: PlaceholderPageProps) {
  const { title, description, empty } = page;
  useDocumentTitle(title);
  return (
    <>
      <PageHeader title={title} description={description} />
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

export function SharedParametersRoute() {
  return <PlaceholderPage page={pages.secrets} icon={<KeyOutlinedIcon fontSize="inherit" />} />;
}

export function IntegrationsRoute() {
  return <PlaceholderPage page={pages.integrations} icon={<HubOutlinedIcon fontSize="inherit" />} />;
}

export function ModulesRoute() {
  return <PlaceholderPage page={pages.modules} icon={<ExtensionOutlinedIcon fontSize="inherit" />} />;
}
