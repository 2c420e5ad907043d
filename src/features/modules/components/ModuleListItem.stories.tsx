import Card from '@mui/material/Card';
import List from '@mui/material/List';
import type { Meta, StoryObj } from '@storybook/react-webpack5';
import type { Module } from '../types';
import { ModuleListItem } from './ModuleListItem';

const base: Module = {
  module_id: 'module-1',
  name: 'Sign in as admin',
  test_suite_id: 'suite-1',
  test_case_id: 'test-1',
  module_type: 'test_case',
  linked_test_cases: [
    { _id: 'test-2', name: 'Pay by card', usage: 'setup' },
    { _id: 'test-3', name: 'Export orders', usage: 'instructions' },
  ],
  test_case_for_module: {
    _id: 'test-1',
    name: 'Sign in as admin',
    website: 'https://shop.example',
    steps: ['Open the login page', 'Sign in'],
  },
  defining_py_script: null,
  is_defining_py_script_approved: false,
  approved_by: null,
  approved_at: null,
  created_at: '2026-03-01T10:00:00.000Z',
  updated_at: '2026-03-01T10:00:00.000Z',
};

const script: Module = {
  ...base,
  module_id: 'module-2',
  name: 'Accept cookies',
  module_type: 'python_script',
  test_case_id: null,
  test_case_for_module: null,
  linked_test_cases: [],
  defining_py_script: 'page.goto("https://shop.example")',
};

const meta: Meta<typeof ModuleListItem> = {
  title: 'Modules/ModuleListItem',
  component: ModuleListItem,
  decorators: [
    (Story) => (
      <Card sx={{ m: 3, maxWidth: 960 }}>
        <List disablePadding>
          <Story />
        </List>
      </Card>
    ),
  ],
  args: {
    canApprove: false,
    onRename: () => undefined,
    onEditScript: () => undefined,
    onDelete: () => undefined,
    onApprove: () => undefined,
  },
};
export default meta;

type Story = StoryObj<typeof ModuleListItem>;

export const FromATest: Story = { args: { module: base } };
export const ScriptWaitingForApproval: Story = { args: { module: script, canApprove: true } };
export const ApprovedScript: Story = {
  args: {
    module: {
      ...script,
      is_defining_py_script_approved: true,
      approved_by: 'grace@example.com',
      approved_at: '2026-03-04T10:00:00.000Z',
    },
    canApprove: true,
  },
};
