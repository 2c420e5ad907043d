import Box from '@mui/material/Box';
import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { seedShopSuite } from '../../../testing/testCases';
import { useGetTestCaseQuery } from '../api';
import { VariablesEditor } from './VariablesEditor';

let testId = '';

function FromServer() {
  const { data } = useGetTestCaseQuery(testId);
  return (
    <Box sx={{ p: 3, maxWidth: 800 }}>
      {data && <VariablesEditor testId={testId} variables={data.parameters} />}
    </Box>
  );
}

const meta: Meta<typeof VariablesEditor> = {
  title: 'Tests/VariablesEditor',
  component: VariablesEditor,
  render: () => <FromServer />,
};
export default meta;

type Story = StoryObj<typeof VariablesEditor>;

export const WithAVariable: Story = {
  parameters: { app: { seed: () => void (testId = seedShopSuite().tests[0]._id) } },
};
export const NoVariables: Story = {
  parameters: { app: { seed: () => void (testId = seedShopSuite().tests[1]._id) } },
};
