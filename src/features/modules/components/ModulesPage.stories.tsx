import Box from '@mui/material/Box';
import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { seedSuite, seedTestCase } from '../../../testing/msw/db';
import { seedModule } from '../../../testing/msw/modules';
import { signInAsMemberOf } from '../../../testing/session';
import { ModulesPage } from './ModulesPage';

let suiteId = '';

const SCRIPT = `from playwright.sync_api import Page, expect


def accept_cookies(page: Page) -> None:
    page.goto("https://shop.example")
    page.get_by_role("button", name="Accept all").click()
`;

function seedShop() {
  const { organization } = signInAsMemberOf();
  const suite = seedSuite(organization.org_id, 'Shop');
  suiteId = suite.test_suite_id;
  return suite;
}

function seedModules() {
  const suite = seedShop();
  const login = seedTestCase(suite, {
    name: 'Sign in as admin',
    state: 'passed',
    test_generation_steps: [
      { step_description: 'Open the login page' },
      { step_description: 'Fill in the e-mail and the password' },
      { step_description: 'Click "Sign in"' },
    ],
  });
  const admin = seedModule(suite, 'Sign in as admin', { test_case_id: login._id });
  seedTestCase(suite, { name: 'Pay by card', test_module_id_for_setup: admin.module_id });
  seedTestCase(suite, { name: 'Refund an order', test_module_id_for_setup: admin.module_id });
  seedTestCase(suite, {
    name: 'Export orders',
    description: 'Use the "Sign in as admin" module, then export.',
  });
  seedModule(suite, 'Accept cookies', { module_type: 'python_script', defining_py_script: SCRIPT });
  seedModule(suite, 'Open the catalog', {
    module_type: 'python_script',
    defining_py_script: SCRIPT,
    is_defining_py_script_approved: true,
    approved_by: 'grace@example.com',
    approved_at: '2026-03-04T10:00:00.000Z',
  });
}

const meta: Meta<typeof ModulesPage> = {
  title: 'Modules/ModulesPage',
  component: ModulesPage,
  render: (args) => (
    <Box sx={{ p: 3, maxWidth: 1100 }}>
      <ModulesPage {...args} suiteId={suiteId} />
    </Box>
  ),
  args: { canApprove: false },
};
export default meta;

type Story = StoryObj<typeof ModulesPage>;

export const Modules: Story = { parameters: { app: { seed: seedModules } } };
export const AsAnApprover: Story = { args: { canApprove: true }, parameters: { app: { seed: seedModules } } };
export const Empty: Story = { parameters: { app: { seed: seedShop } } };
