import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { RunCountChips } from './RunCountChips';

const meta: Meta<typeof RunCountChips> = {
  title: 'Collections/RunCountChips',
  component: RunCountChips,
};
export default meta;

type Story = StoryObj<typeof RunCountChips>;

export const Finished: Story = {
  args: { counts: { pending: 0, running: 0, passed: 8, failed: 2, cancelled: 1, error: 1, flaky: 0 } },
};
export const InProgress: Story = {
  args: { counts: { pending: 3, running: 2, passed: 4, failed: 0, cancelled: 0, error: 0, flaky: 0 } },
};
/** Passed on retry: counted apart, in the warning colour. */
export const WithFlaky: Story = {
  args: { counts: { pending: 0, running: 0, passed: 6, failed: 1, cancelled: 0, error: 0, flaky: 2 } },
};
