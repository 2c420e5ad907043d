import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { seedShopSuite } from '../../../testing/testCases';
import { ShareButton } from './ShareButton';
import { permissionsOf } from '../../../app/hooks';

let testCaseId = '';

const meta: Meta<typeof ShareButton> = {
  title: 'Sharing/ShareButton',
  component: ShareButton,
  render: () => (
    <ShareButton
      testCaseId={testCaseId}
      testName="Pay by card"
      permissions={permissionsOf({ role: 'admin', expert: false })}
    />
  ),
};
export default meta;

type Story = StoryObj<typeof ShareButton>;

export const Default: Story = {
  parameters: { app: { seed: () => void (testCaseId = seedShopSuite().tests[0]._id) } },
};
