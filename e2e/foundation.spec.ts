import { expect, test } from '@playwright/test';
import { accessToken, registerWithOrganization, uniqueEmail } from './helpers';

test('a person signs up, creates an organization and a suite, renames and deletes it; another person cannot reach it', async ({
  page,
  browser,
}) => {
  await registerWithOrganization(page, {
    first: 'Ada',
    last: 'Lovelace',
    email: uniqueEmail('ada'),
    organization: 'Analytical Engines',
  });

  // Create a suite from the top bar's selector; Enter submits the dialog.
  await page.getByRole('button', { name: /^Project:/ }).click();
  await page.getByRole('menuitem', { name: 'Create project' }).click();
  const createDialog = page.getByRole('dialog');
  await createDialog.getByLabel('Name').fill('Checkout');
  await createDialog.getByLabel('Name').press('Enter');
  await expect(page.getByRole('button', { name: 'Project: Checkout' })).toBeVisible();

  const adaToken = await accessToken(page);
  const organizations = await (
    await page.request.get('/api/auth/get-user-organizations', {
      headers: { authorization: `Bearer ${adaToken}` },
    })
  ).json();
  const suites = await (
    await page.request.get(`/api/organizations/${organizations[0].org_id}/test-suites`, {
      headers: { authorization: `Bearer ${adaToken}` },
    })
  ).json();
  const suiteId: string = suites[0].test_suite_id;

  // A second person, in a browser of their own, sees none of it and cannot touch it.
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await registerWithOrganization(otherPage, {
    first: 'Boris',
    last: 'Other',
    email: uniqueEmail('boris'),
    organization: 'Elsewhere',
  });
  await otherPage.getByRole('button', { name: /^Project:/ }).click();
  await expect(otherPage.getByRole('menu')).not.toContainText('Checkout');
  await otherPage.keyboard.press('Escape');
  const otherToken = await accessToken(otherPage);
  const headers = { authorization: `Bearer ${otherToken}` };
  expect(
    (
      await otherPage.request.put(`/api/test-suites/${suiteId}/rename?new_name=Hijacked`, { headers })
    ).status(),
  ).toBe(404);
  expect((await otherPage.request.delete(`/api/test-suites/${suiteId}`, { headers })).status()).toBe(404);
  expect(
    (
      await otherPage.request.get(`/api/organizations/${organizations[0].org_id}/test-suites`, { headers })
    ).status(),
  ).toBe(404);
  await other.close();

  // Rename, then delete, from project settings.
  await page.goto('/auth/settings/projects');
  const list = page.getByRole('list', { name: 'Projects' });
  await expect(list).toContainText('Checkout');
  await page.getByRole('button', { name: 'Rename Checkout' }).click();
  const renameDialog = page.getByRole('dialog');
  await renameDialog.getByLabel('Name').fill('Checkout flow');
  await renameDialog.getByRole('button', { name: 'Rename' }).click();
  await expect(list).toContainText('Checkout flow');
  await expect(page.getByRole('button', { name: 'Project: Checkout flow' })).toBeVisible();

  await page.getByRole('button', { name: 'Delete Checkout flow' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('No projects yet')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Project: No projects' })).toBeVisible();
});

test('the not-found page offers a way home', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
  await expect(page.getByText('404')).toBeVisible();
  await page.getByRole('button', { name: /go home/i }).click();
  await expect(page).toHaveURL(/\/auth/);
});
