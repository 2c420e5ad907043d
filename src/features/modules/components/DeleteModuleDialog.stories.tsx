import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { seedSuite, seedTestCase } from '../../../testing/msw/db';
import { seedModule } from '../../../testing/msw/modules';
import { signInAsMemberOf } from '../../../testing/session';
import type { Module } from '../types';
import { DeleteModuleDialog } from './DeleteModuleDialog';

let suiteId = '';
let moduleId = '';

const meta: Meta<typeof DeleteModuleDialog> = {
  title: 'Modules/DeleteModuleDialog',
  component: DeleteModuleDialog,
  render: (args) => (
    <DeleteModuleDialog
      {...args}
      suiteId={suiteId}
      module={{ ...(args.module as Module), module_id: moduleId }}
    />
  ),
  args: {
    module: {
      module_id: '',
      name: 'Sign in as admin',
      test_suite_id: '',
      test_case_id: null,
      module_type: 'test_case',
      linked_test_cases: [{ _id: 'test-2', name: 'Pay by card', usage: 'setup' }],
      test_case_for_module: null,
      defining_py_script: null,
      is_defining_py_script_approved: false,
      approved_by: null,
      approved_at: null,
      created_at: '2026-03-01T10:00:00.000Z',
      updated_at: '2026-03-01T10:00:00.000Z',
    },
    onClose: () => undefined,
  },
  parameters: {
    app: {
      // Deleting it is refused: a test uses it as its setup, so the dialog then names that test.
      seed: () => {
        const { organization } = signInAsMemberOf();
        const suite = seedSuite(organization.org_id, 'Shop');
        suiteId = suite.test_suite_id;
        const source = seedTestCase(suite, { name: 'Sign in as admin' });
        const module = seedModule(suite, 'Sign in as admin', { test_case_id: source._id });
        moduleId = module.module_id;
        seedTestCase(suite, { name: 'Pay by card', test_module_id_for_setup: module.module_id });
      },
    },
  },
};
export default meta;

type Story = StoryObj<typeof DeleteModuleDialog>;

export const UsedByATest: Story = {};
