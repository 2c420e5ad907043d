import Box from '@mui/material/Box';
import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { LogViewer } from './LogViewer';

const meta: Meta<typeof LogViewer> = {
  title: 'Runs/LogViewer',
  component: LogViewer,
  decorators: [
    (Story) => (
      <Box sx={{ p: 3, maxWidth: 960 }}>
        <Story />
      </Box>
    ),
  ],
};
export default meta;

type Story = StoryObj<typeof LogViewer>;

export const RunLogMode: Story = {
  args: {
    mode: 'log',
    label: 'Log of the run',
    downloads: [{ label: 'Download log', href: 'data:text/plain,run.log', filename: 'run.log' }],
    text: [
      '2026-01-02T10:00:00.120Z INFO run: Run 1b2c… of "Sign in" (5 steps) on http://127.0.0.1:4400/login/',
      '2026-01-02T10:00:00.480Z SUCCESS step: 1. Open http://127.0.0.1:4400/login/ (312 ms)',
      '2026-01-02T10:00:00.700Z ERROR console: Uncaught TypeError: x is undefined (app.js:12)',
      '2026-01-02T10:00:00.705Z WARNING network: 404 GET http://127.0.0.1:4400/login/favicon.ico',
      '2026-01-02T10:00:00.710Z ERROR network: GET http://127.0.0.1:4400/api/me failed: net::ERR_CONNECTION_REFUSED',
      '2026-01-02T10:00:03.300Z ERROR step: 3. Click the "Sign in" button: the "Sign in" button was not found…',
      '2026-01-02T10:00:03.400Z ERROR run: Failed at step 3 after 3.2 s',
    ].join('\n'),
  },
};

export const FreeFormMode: Story = {
  args: {
    mode: 'fclog',
    label: 'Console output',
    text: [
      '> npm test',
      '[info] starting 12 tests',
      '[WARN] cache is cold',
      'Error: expected 200, got 500',
      '    at check (api.test.ts:4:9)',
      '✓ 11 tests passed',
    ].join('\n'),
  },
};
