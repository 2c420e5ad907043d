import { expect, test } from '@playwright/test';
import { serveFixtureSites, type FixtureSites } from '../fixtures/sites/serve';
import { createProject, registerWithOrganization, shoot, uniqueEmail } from './helpers';

// Issue 15: a person shares a generated test publicly; a fresh browser that never signed in opens the
// link and sees the test's steps and code; made private, the same link refuses that browser.

let sites: FixtureSites;

test.beforeAll(async () => {
  sites = await serveFixtureSites();
});

test.afterAll(async () => {
  await sites?.close();
});

test('a test shared publicly opens without sign-in, and no longer once it is private', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  await registerWithOrganization(page, {
    first: 'Katherine',
    last: 'Johnson',
    email: uniqueEmail('katherine'),
    organization: 'Trajectories',
  });
  await createProject(page, 'Orbits');
  await page.getByLabel('Website').fill(sites.url('todo'));
  await page
    .getByLabel('What should the test do?')
    .fill(
      'Type "Check the launch window" into "What needs to be done?" and press Enter. Verify the page shows "1 item left".',
    );
  await page.getByRole('button', { name: 'Create and generate' }).click();
  await expect(page.getByRole('button', { name: 'Regenerate' }).first()).toBeVisible({ timeout: 120_000 });

  // Share it publicly under a link name of one's own.
  await page.getByRole('button', { name: 'Share' }).click();
  const dialog = page.getByRole('dialog', { name: /Share/ });
  await dialog.getByLabel('Link name').fill('launch-window-check');
  await dialog.getByLabel('Public').check();
  await dialog.getByRole('button', { name: 'Share publicly' }).click();
  await expect(dialog.getByText('Shared publicly: anyone with the link can open it.')).toBeVisible();
  await shoot(page, 'share-dialog');
  const link = `${new URL(page.url()).origin}/shared/launch-window-check`;

  // A browser that has never signed in opens it.
  const stranger = await browser.newContext();
  const visitor = await stranger.newPage();
  await visitor.goto(link);
  await expect(visitor.getByRole('heading', { level: 1 })).toContainText(/launch window/i);
  await expect(visitor.getByText('1 item left').first()).toBeVisible();
  await expect(visitor.getByText("page.getByText('1 item left')").first()).toBeVisible();
  await shoot(visitor, 'shared-public');

  // Private now: the same link refuses the stranger, and says they may sign in.
  await dialog.getByLabel('Private').check();
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(
    dialog.getByText('Shared privately: members of your organization can open it once signed in.'),
  ).toBeVisible();
  await visitor.reload();
  await expect(visitor.getByText('This shared test does not exist or is no longer shared')).toBeVisible();
  await expect(visitor.getByRole('link', { name: 'Sign in' })).toBeVisible();
  await expect(visitor.getByText('1 item left')).toHaveCount(0);
  await shoot(visitor, 'shared-private-refused');

  // The member still opens it.
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(/launch window/i);
  await stranger.close();
});
