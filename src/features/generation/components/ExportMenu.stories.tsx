import Box from '@mui/material/Box';
import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { ExportMenu } from './ExportMenu';

const meta: Meta<typeof ExportMenu> = {
  title: 'Generation/ExportMenu',
  component: ExportMenu,
  decorators: [(Story) => <Box sx={{ p: 3 }}>{Story()}</Box>],
};
export default meta;

type Story = StoryObj<typeof ExportMenu>;

export const BothLanguages: Story = {
  args: {
    test: {
      name: 'Add a todo',
      finalScript:
        "import { test, expect } from '@playwright/test';\n\ntest('Add a todo', async ({ page }) => {});\n",
      finalScriptPy: 'def test_add_a_todo(page):\n    pass\n',
    },
  },
};
export const TypeScriptOnly: Story = {
  args: {
    test: { name: 'Add a todo', finalScript: "test('Add a todo', async () => {});\n", finalScriptPy: null },
  },
};
