import Box from '@mui/material/Box';
import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { seedSuite, seedTestCase } from '../../../testing/msw/db';
import { seedBrowserState, seedModule } from '../../../testing/msw/modules';
import { signInAsMemberOf } from '../../../testing/session';
import type { Module } from '../types';
import { BrowserStatesSection } from './BrowserStatesSection';

let suiteId = '';
let modules: Module[] = [];

/** A shop with a sign-in module; `withStates` adds a saved state and one not saved yet. */
function seedShop(withStates: boolean) {
  return () => {
    const { organization } = signInAsMemberOf();
    const suite = seedSuite(organization.org_id, 'Shop');
    suiteId = suite.test_suite_id;
    const login = seedTestCase(suite, { name: 'Sign in as admin', state: 'passed' });
    const admin = seedModule(suite, 'Sign in as admin', { test_case_id: login._id });
    const buyer = seedModule(suite, 'Sign in as a buyer', { test_case_id: login._id });
    seedModule(suite, 'Accept cookies', { module_type: 'python_script', defining_py_script: 'x' });
    modules = [admin, buyer].map((module) => ({
      ...module,
      linked_test_cases: [],
      test_case_for_module: null,
    })) as Module[];
    if (!withStates) return;
    seedBrowserState(suite, 'Signed in as admin', {
      module_id: admin.module_id,
      updated_at: '2026-03-04T10:00:00.000Z',
    });
    seedBrowserState(suite, 'Signed in as a buyer', { module_id: buyer.module_id, updated_at: null });
  };
}

const meta: Meta<typeof BrowserStatesSection> = {
  title: 'Modules/BrowserStatesSection',
  component: BrowserStatesSection,
  render: (args) => (
    <Box sx={{ p: 3, maxWidth: 1100 }}>
      <BrowserStatesSection {...args} suiteId={suiteId} modules={modules} />
    </Box>
  ),
  args: { canWrite: true },
};
export default meta;

type Story = StoryObj<typeof BrowserStatesSection>;

export const States: Story = { parameters: { app: { seed: seedShop(true) } } };
export const AsAViewer: Story = { args: { canWrite: false }, parameters: { app: { seed: seedShop(true) } } };
export const Empty: Story = { parameters: { app: { seed: seedShop(false) } } };
