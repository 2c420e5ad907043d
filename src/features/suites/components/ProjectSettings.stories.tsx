import Box from '@mui/material/Box';
import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { seedSuite } from '../../../testing/msw/db';
import { signInAsMemberOf } from '../../../testing/session';
import { ProjectSettings } from './ProjectSettings';
import { permissionsOf } from '../../../app/hooks';

let organizationId = '';
let selectedSuiteId: string | null = null;

function seedSuites(names: string[]) {
  return () => {
    const { organization } = signInAsMemberOf('Acme');
    organizationId = organization.org_id;
    selectedSuiteId = names.map((name) => seedSuite(organization.org_id, name).test_suite_id)[0] ?? null;
  };
}

const meta: Meta<typeof ProjectSettings> = {
  title: 'Suites/ProjectSettings',
  component: ProjectSettings,
  render: () => (
    <Box sx={{ p: 3, maxWidth: 800 }}>
      <ProjectSettings
        organizationId={organizationId}
        selectedSuiteId={selectedSuiteId}
        permissions={permissionsOf({ role: 'admin', expert: false })}
      />
    </Box>
  ),
};
export default meta;

type Story = StoryObj<typeof ProjectSettings>;

export const WithSuites: Story = { parameters: { app: { seed: seedSuites(['Checkout', 'Search']) } } };
export const Empty: Story = { parameters: { app: { seed: seedSuites([]) } } };
