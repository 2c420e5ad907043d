import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { exampleScript } from '../messages';
import { ApproveScriptDialog } from './ApproveScriptDialog';

const meta: Meta<typeof ApproveScriptDialog> = {
  title: 'Modules/ApproveScriptDialog',
  component: ApproveScriptDialog,
  args: {
    module: {
      module_id: 'module-1',
      name: 'Sign in as admin',
      test_suite_id: 'suite-1',
      test_case_id: null,
      module_type: 'python_script',
      linked_test_cases: [{ _id: 'test-2', name: 'Pay by card', usage: 'setup' }],
      test_case_for_module: null,
      defining_py_script: exampleScript,
      is_defining_py_script_approved: false,
      approved_by: null,
      approved_at: null,
      created_at: '2026-03-01T10:00:00.000Z',
      updated_at: '2026-03-01T10:00:00.000Z',
    },
    onApprove: () => undefined,
    onClose: () => undefined,
  },
};
export default meta;

type Story = StoryObj<typeof ApproveScriptDialog>;

/** Issue 28: the script is read before it is approved. */
export const WaitingForApproval: Story = {};
export const Approving: Story = { args: { pending: true } };
