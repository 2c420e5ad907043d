import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { signInAsMemberOf } from '../../../testing/session';
import { CreateSuiteDialog } from './CreateSuiteDialog';

let organizationId = '';

const meta: Meta<typeof CreateSuiteDialog> = {
  title: 'Suites/CreateSuiteDialog',
  component: CreateSuiteDialog,
  parameters: {
    app: {
      seed: () => {
        organizationId = signInAsMemberOf('Acme').organization.org_id;
      },
    },
  },
  render: (args) => <CreateSuiteDialog {...args} organizationId={organizationId} />,
  args: { open: true, onClose: () => undefined },
};
export default meta;

export const Open: StoryObj<typeof CreateSuiteDialog> = {};
