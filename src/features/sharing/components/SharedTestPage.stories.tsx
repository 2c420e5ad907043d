import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { seedOrganization, seedSuite, seedTestCase, seedUser } from '../../../testing/msw/db';
import { seedShare } from '../../../testing/msw/sharing';
import { SharedTestPage } from './SharedTestPage';

// A 16:9 screenshot drawn inline, so the story needs no server for images.
const screenshot = (label: string) =>
  `data:image/svg+xml,${encodeURIComponent(
    `<svg xmlns="http://www.w3.org/2000/svg" width="1280" height="720"><rect width="100%" height="100%" fill="#eef2ff"/><text x="64" y="120" font-size="64" font-family="sans-serif" fill="#3730a3">${label}</text></svg>`,
  )}`;

function seedSharedTest(visibility: 'public' | 'private') {
  const member = seedUser({ email: 'ada@example.com' });
  const organization = seedOrganization('Acme', [{ user: member }]);
  const suite = seedSuite(organization.org_id, 'Shop');
  const test = seedTestCase(suite, {
    name: 'Pay by card',
    website: 'https://shop.example',
    description: '<p>Add the red mug to the cart.</p><p>Pay by card as {{user}} and check the receipt.</p>',
    latest_run_status: 'passed',
    latest_run_time: '2026-02-01T09:30:00.000Z',
    final_script:
      "import { test, expect } from '@playwright/test';\n\ntest('Pay by card', async ({ page }) => {\n  // Go to the shop\n  await page.goto('https://shop.example');\n  // Add the red mug to the cart\n  await page.getByRole('button', { name: 'Add to cart' }).click();\n  await expect(page.getByText('1 item')).toBeVisible();\n});\n",
    final_script_py:
      "from playwright.sync_api import Page, expect\n\ndef test_pay_by_card(page: Page):\n    # Go to the shop\n    page.goto('https://shop.example')\n    page.get_by_role('button', name='Add to cart').click()\n    expect(page.get_by_text('1 item')).to_be_visible()\n",
  });
  seedShare(test, {
    slug: 'pay-by-card',
    visibility,
    steps: [
      {
        description: 'Go to the shop',
        code: "await page.goto('https://shop.example');",
        screenshot_url: screenshot('Shop'),
      },
      {
        description: 'Add the red mug to the cart',
        code: "await page.getByRole('button', { name: 'Add to cart' }).click();",
        screenshot_url: screenshot('Cart: 1 item'),
      },
      {
        description: 'Check the receipt',
        code: "await expect(page.getByText('Receipt')).toBeVisible();",
        screenshot_url: null,
      },
    ],
  });
}

const meta: Meta<typeof SharedTestPage> = {
  title: 'Sharing/SharedTestPage',
  component: SharedTestPage,
  args: { slug: 'pay-by-card', signedIn: false },
};
export default meta;

type Story = StoryObj<typeof SharedTestPage>;

export const Public: Story = { parameters: { app: { seed: () => seedSharedTest('public') } } };

/** A private share opened without signing in: the not-found page, with a way to sign in. */
export const PrivateSignedOut: Story = { parameters: { app: { seed: () => seedSharedTest('private') } } };

export const NotShared: Story = { args: { slug: 'no-such-test' } };
