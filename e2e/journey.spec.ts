import { expect, test } from '@playwright/test';
import { serveFixtureSites, type FixtureSites } from '../fixtures/sites/serve';
import { createProject, registerWithOrganization, shoot, uniqueEmail } from './helpers';

// Issue 11's journey: a person writes a test on the dashboard (a website typed without its scheme),
// watches it generate, runs it, moves it to another copy of the site that has since changed, and the
// second run opens that address and fails there honestly. Then they leave with unsaved instructions and
// are asked; a reload brings the draft back.
// `E2E_SCREENSHOTS=<folder>` also saves each screen at 1440 and 375 px wide, to look at.

let siteA: FixtureSites;
let siteB: FixtureSites;

test.beforeAll(async () => {
  [siteA, siteB] = await Promise.all([serveFixtureSites(), serveFixtureSites()]);
});

test.afterAll(async () => {
  await Promise.all([siteA?.close(), siteB?.close()]);
});

const INSTRUCTIONS =
  'Type "ada@example.com" into the Email field. Type "correct-horse-battery" into the Password field. ' +
  'Click the Sign in button. Verify the page shows "Welcome, Ada Lovelace".';

test('a person writes a test on the dashboard, runs it, moves it to a changed site and sees the honest result; unsaved instructions are kept', async ({
  page,
}) => {
  test.setTimeout(300_000);
  siteA.setVariant('login', null);
  siteB.setVariant('login', null);
  await registerWithOrganization(page, {
    first: 'Ada',
    last: 'Lovelace',
    email: uniqueEmail('ada'),
    organization: 'Analytical Engines',
  });
  await createProject(page, 'Accounts');
  // The organization one works in is in the top bar.
  await expect(page.getByRole('group', { name: 'Organization: Analytical Engines' })).toBeVisible();

  // The dashboard's headline is where a test starts: the website without its scheme, the plain words.
  const loginA = siteA.url('login');
  await page.getByLabel('Website').fill(loginA.replace(/^http:\/\//, ''));
  await page.getByLabel('What should the test do?').fill(INSTRUCTIONS);
  await shoot(page, 'dashboard');
  await page.getByRole('button', { name: 'Create and generate' }).click();

  // The test opens, generating; the agents finish with the steps.
  await expect(page).toHaveURL(/\/test-cases\/details\/[^/]+$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Type "ada@example.com"');
  await expect(page.getByRole('link', { name: loginA })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Regenerate' })).toBeVisible({ timeout: 120_000 });

  // Run it: it passes on the site it was generated on.
  const runs = page.getByRole('region', { name: 'Runs' });
  await runs.getByRole('button', { name: 'Run', exact: true }).click();
  const latest = runs.getByRole('region', { name: 'Latest run' });
  await expect(latest.getByText('Passed', { exact: true })).toBeVisible({ timeout: 60_000 });
  await shoot(page, 'test-page');

  // Another copy of the site, where the Email field is now "Work email". Change the test's website.
  siteB.setVariant('login', 'v2');
  const loginB = siteB.url('login');
  await page.getByRole('button', { name: 'Change URL' }).click();
  await page.getByLabel('Website URL').fill(loginB);
  await page.getByLabel('Website URL').press('Enter');
  await expect(page.getByRole('link', { name: loginB })).toBeVisible();

  // The second run opens B — its label says so — and fails there, saying what it saw.
  await runs.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(latest.getByText('Failed', { exact: true })).toBeVisible({ timeout: 60_000 });
  await runs.getByRole('link', { name: 'All runs' }).click();
  const details = page.getByRole('article', { name: 'Run details' });
  await expect(details.locator('[data-status="failed"]').first()).toBeVisible();
  const steps = details.getByRole('list', { name: 'Steps of the run' }).locator(':scope > li');
  await expect(steps.first()).toContainText(`Open ${loginB}`);
  await expect(details).not.toContainText(`Open ${loginA}`);
  await expect(details.getByRole('alert').first()).toContainText('Step 2');
  await expect(details.getByRole('alert').first()).toContainText('Email');
  await expect(
    details.getByRole('region', { name: 'Log' }).getByText(`its steps were generated on ${loginA}`),
  ).toBeVisible();
  await shoot(page, 'run-page');

  // Back on the test, instructions edited and not saved: leaving asks, Stay keeps them.
  await page.goBack();
  // The steps were generated on A: the page says so and offers to regenerate them.
  await expect(page.getByText('Instructions changed since these steps were generated')).toBeVisible();
  const editor = page.getByRole('textbox', { name: 'Instructions' });
  await editor.click();
  await page.keyboard.press('End');
  await page.keyboard.type(' Then check the dashboard.');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Tests' }).click();
  const ask = page.getByRole('dialog', { name: 'Leave without saving?' });
  await expect(ask).toBeVisible();
  await ask.getByRole('button', { name: 'Stay' }).click();
  await expect(page).toHaveURL(/\/test-cases\/details\/[^/]+$/);
  await expect(editor).toContainText('Then check the dashboard.');

  // A reload keeps the draft (the browser asks first; the person goes on).
  page.once('dialog', (dialog) => void dialog.accept());
  await page.reload();
  await expect(page.getByText('Unsaved draft restored')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Instructions' })).toContainText(
    'Then check the dashboard.',
  );
});
