import FolderOutlinedIcon from '@mui/icons-material/FolderOutlined';
import Button from '@mui/material/Button';
import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { EmptyState } from './EmptyState';

const meta: Meta<typeof EmptyState> = {
  title: 'Shared/EmptyState',
  component: EmptyState,
  args: {
    title: 'No test suites yet',
    description: 'Create a test suite to start writing tests.',
    icon: <FolderOutlinedIcon fontSize="inherit" />,
  },
};
export default meta;

type Story = StoryObj<typeof EmptyState>;

export const WithAction: Story = { args: { action: <Button variant="contained">Create test suite</Button> } };
export const TextOnly: Story = { args: { icon: undefined } };
