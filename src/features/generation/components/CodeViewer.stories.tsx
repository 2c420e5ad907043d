import Box from '@mui/material/Box';
import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { LazyCodeViewer } from './LazyCodeViewer';

const meta: Meta<typeof LazyCodeViewer> = {
  title: 'Generation/CodeViewer',
  component: LazyCodeViewer,
  decorators: [(Story) => <Box sx={{ p: 3, maxWidth: 800 }}>{Story()}</Box>],
};
export default meta;

type Story = StoryObj<typeof LazyCodeViewer>;

export const TypeScript: Story = {
  args: {
    label: 'Code of step 2',
    language: 'typescript',
    code: "// Type the todo\nawait page.getByPlaceholder('What needs to be done?').fill('Buy milk');\nawait expect(page.getByText('Buy milk')).toBeVisible();",
  },
};
export const Python: Story = {
  args: {
    label: 'Code of step 2',
    language: 'python',
    code: '# Type the todo\npage.get_by_placeholder("What needs to be done?").fill("Buy milk")\nexpect(page.get_by_text("Buy milk")).to_be_visible()',
  },
};
