import Box from '@mui/material/Box';
import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { useState } from 'react';
import { seedSuite } from '../../../testing/msw/db';
import { signInAsMemberOf } from '../../../testing/session';
import { SuiteSelector } from './SuiteSelector';

let organizationId = '';

function seedSuites(names: string[]) {
  return () => {
    const { organization } = signInAsMemberOf('Acme');
    organizationId = organization.org_id;
    for (const name of names) seedSuite(organization.org_id, name);
  };
}

function Selector() {
  const [selected, setSelected] = useState<string | null>(null);
  return (
    <Box sx={{ p: 3 }}>
      <SuiteSelector organizationId={organizationId} selectedSuiteId={selected} onSelect={setSelected} />
    </Box>
  );
}

const meta: Meta<typeof SuiteSelector> = {
  title: 'Suites/SuiteSelector',
  component: SuiteSelector,
  render: () => <Selector />,
};
export default meta;

type Story = StoryObj<typeof SuiteSelector>;

export const WithSuites: Story = {
  parameters: { app: { seed: seedSuites(['Checkout', 'Search', 'Sign-up']) } },
};
export const Empty: Story = { parameters: { app: { seed: seedSuites([]) } } };
