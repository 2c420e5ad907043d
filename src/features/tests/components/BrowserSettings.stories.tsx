import Box from '@mui/material/Box';
import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { seedTestCase, type DbTestCase } from '../../../testing/msw/db';
import { seedShopSuite } from '../../../testing/testCases';
import { toTestCase } from '../types';
import { BrowserSettings } from './BrowserSettings';

let dto: DbTestCase | null = null;
const seedWith = (overrides: Partial<DbTestCase>) => () => {
  dto = seedTestCase(seedShopSuite().suite, { name: 'Pay by card', ...overrides });
};

const meta: Meta<typeof BrowserSettings> = {
  title: 'Tests/BrowserSettings',
  component: BrowserSettings,
  args: { onSave: async () => null },
  render: (args) => (
    <Box sx={{ p: 3, maxWidth: 900 }}>{dto && <BrowserSettings {...args} test={toTestCase(dto)} />}</Box>
  ),
  parameters: { app: { seed: seedWith({}) } },
};
export default meta;

type Story = StoryObj<typeof BrowserSettings>;

export const Collapsed: Story = {};
export const Desktop: Story = { args: { defaultExpanded: true } };
export const Mobile: Story = {
  args: { defaultExpanded: true },
  parameters: {
    app: {
      seed: seedWith({
        viewport_width: 375,
        viewport_height: 667,
        user_agent:
          'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      }),
    },
  },
};
export const Custom: Story = {
  args: { defaultExpanded: true },
  parameters: {
    app: { seed: seedWith({ viewport_width: 1366, viewport_height: 768, user_agent: 'PlainwrightBot/1.0' }) },
  },
};
