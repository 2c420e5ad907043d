import Box from '@mui/material/Box';
import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { UnsafeCodeList } from './UnsafeCodeList';

const meta: Meta<typeof UnsafeCodeList> = {
  title: 'Modules/UnsafeCodeList',
  component: UnsafeCodeList,
  decorators: [
    (Story) => (
      <Box sx={{ p: 3, maxWidth: 640 }}>
        <Story />
      </Box>
    ),
  ],
};
export default meta;

type Story = StoryObj<typeof UnsafeCodeList>;

export const TwoRefusedLines: Story = {
  args: {
    details: [
      { line: 1, column: 1, code: 'import os', reason: 'Only playwright.sync_api may be imported' },
      {
        line: 7,
        column: 5,
        code: 'page.evaluate("document.cookie")',
        reason: 'page.evaluate runs arbitrary JavaScript and is outside the supported subset',
      },
    ],
  },
};
