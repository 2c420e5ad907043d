import { expect, test } from '@playwright/test';
import { createProject, registerWithOrganization, uniqueEmail } from './helpers';

// Issue 28: at 375 px the phone drawer's first link sits below the header, and the Secrets page (with a
// secret in its table) is no wider than the window, so the account avatar stays in view.

test('at 375 px the drawer starts below the header and the Secrets page does not scroll sideways', async ({
  page,
}) => {
  await registerWithOrganization(page, {
    first: 'Katherine',
    last: 'Johnson',
    email: uniqueEmail('katherine'),
    organization: 'Trajectories',
  });
  await createProject(page, 'Orbits');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('link', { name: 'Secrets' }).click();
  await page.getByRole('button', { name: 'Create secret' }).first().click();
  const secret = page.getByRole('dialog', { name: 'Create secret' });
  await secret.getByLabel('Name').fill('API_TOKEN');
  await secret.getByLabel('Value').fill('tok-123');
  await secret.getByRole('button', { name: 'Create' }).click();
  await expect(secret).toBeHidden();
  await expect(page.getByRole('table', { name: 'Secrets' })).toContainText('API_TOKEN');

  await page.setViewportSize({ width: 375, height: 812 });
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  const avatar = await page.getByRole('button', { name: 'Account menu' }).boundingBox();
  expect(avatar!.x + avatar!.width).toBeLessThanOrEqual(375);

  await page.getByRole('button', { name: 'Toggle sidebar' }).click();
  // The open drawer hides the rest from assistive technology, so the header is found by its element.
  const header = await page.locator('header').first().boundingBox();
  const first = await nav.getByRole('link', { name: 'Dashboard' }).boundingBox();
  expect(first!.y).toBeGreaterThanOrEqual(header!.y + header!.height);
});
