import Stack from '@mui/material/Stack';
import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { RUN_STATES } from '../../../../contract/states';
import { RunStatusChip } from './RunStatusChip';

const meta: Meta<typeof RunStatusChip> = { title: 'Runs/RunStatusChip', component: RunStatusChip };
export default meta;

type Story = StoryObj<typeof RunStatusChip>;

export const EveryState: Story = {
  render: () => (
    <Stack direction="row" sx={{ p: 3, gap: 1, flexWrap: 'wrap' }}>
      {RUN_STATES.map((status) => (
        <RunStatusChip key={status} status={status} />
      ))}
    </Stack>
  ),
};
