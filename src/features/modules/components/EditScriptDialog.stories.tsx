import type { Meta, StoryObj } from '@storybook/react-webpack5';
import type { Module } from '../types';
import { EditScriptDialog } from './EditScriptDialog';

const module: Module = {
  module_id: 'module-2',
  name: 'Accept cookies',
  test_suite_id: 'suite-1',
  test_case_id: null,
  module_type: 'python_script',
  linked_test_cases: [],
  test_case_for_module: null,
  defining_py_script:
    'from playwright.sync_api import Page, expect\n\n\ndef accept_cookies(page: Page) -> None:\n    page.goto("https://shop.example")\n    page.get_by_role("button", name="Accept all").click()\n',
  is_defining_py_script_approved: true,
  approved_by: 'grace@example.com',
  approved_at: '2026-03-04T10:00:00.000Z',
  created_at: '2026-03-01T10:00:00.000Z',
  updated_at: '2026-03-01T10:00:00.000Z',
};

const meta: Meta<typeof EditScriptDialog> = {
  title: 'Modules/EditScriptDialog',
  component: EditScriptDialog,
  args: { module, suiteId: 'suite-1', onClose: () => undefined },
};
export default meta;

type Story = StoryObj<typeof EditScriptDialog>;

export const ApprovedScript: Story = {};
export const WaitingForApproval: Story = {
  args: {
    module: { ...module, is_defining_py_script_approved: false, approved_by: null, approved_at: null },
  },
};
