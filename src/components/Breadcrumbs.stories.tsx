import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { Breadcrumbs } from './Breadcrumbs';

const meta: Meta<typeof Breadcrumbs> = {
  title: 'Shared/Breadcrumbs',
  component: Breadcrumbs,
  parameters: { layout: 'padded' },
};
export default meta;

type Story = StoryObj<typeof Breadcrumbs>;

export const FromPath: Story = {
  render: () => <Breadcrumbs path="/test-cases/details/checkout-flow/runs" />,
};

export const FromItems: Story = {
  render: () => (
    <Breadcrumbs items={[{ label: 'Settings', href: '/auth/settings' }, { label: 'Projects' }]} />
  ),
};
