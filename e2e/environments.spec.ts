import { expect, test } from '@playwright/test';
import { serveFixtureSites, type FixtureSites } from '../fixtures/sites/serve';
import { createProject, registerWithOrganization, uniqueEmail } from './helpers';

// Issue 33: a person adds an environment in the project's settings, runs a test on it, and sees the
// run say where it ran: the run page, the run history and the test's results per environment.

let sites: FixtureSites;
let staging: FixtureSites;

test.beforeAll(async () => {
  sites = await serveFixtureSites();
  staging = await serveFixtureSites();
});

test.afterAll(async () => {
  await staging?.close();
  await sites?.close();
});

test('a person adds an environment, runs a test on it and sees the run on it', async ({ page }) => {
  test.setTimeout(420_000);
  await registerWithOrganization(page, {
    first: 'Grace',
    last: 'Hopper',
    email: uniqueEmail('grace'),
    organization: 'Compilers',
  });
  await createProject(page, 'Storefront');

  // Settings → Projects → Environments: add Staging (the first one is the default).
  await page.goto('/auth/settings/projects');
  const addEnvironment = page.getByRole('button', { name: 'Add environment' }).first();
  await expect(addEnvironment).toBeVisible({ timeout: 30_000 });
  await addEnvironment.click();
  const add = page.getByRole('dialog', { name: 'Add environment' });
  await add.getByLabel('Name').fill('Staging');
  await add.getByLabel('Base URL').fill(staging.origin);
  await add.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(add).toBeHidden();
  const environments = page.getByRole('list', { name: 'Environments' });
  await expect(environments).toContainText('Staging');
  await expect(environments).toContainText('Default');

  // A generated sign-in test on the test's own website.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Tests' }).click();
  await page.getByRole('button', { name: 'New test' }).first().click();
  const create = page.getByRole('dialog', { name: 'New test' });
  await create.getByLabel('Name').fill('Sign in');
  await create.getByLabel('Website URL').fill(sites.url('login'));
  await create.getByRole('textbox', { name: 'Instructions' }).click();
  await page.keyboard.type(
    'Type "ada@example.com" into the Email field. Type "correct-horse-battery" into the Password field. ' +
      'Click the Sign in button. Verify the page shows "Welcome, Ada Lovelace".',
  );
  await create.getByRole('button', { name: 'Create without generating' }).click();
  await expect(create).toBeHidden();
  await page
    .getByRole('tree', { name: 'Tests' })
    .getByRole('treeitem', { name: 'Sign in', exact: true })
    .getByRole('link', { name: 'Sign in' })
    .click();
  await page.getByRole('button', { name: 'Generate', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Regenerate' })).toBeVisible({ timeout: 120_000 });

  // Run it on Staging.
  const runs = page.getByRole('region', { name: 'Runs' });
  await runs.getByRole('button', { name: 'Run with overrides' }).click();
  const overrides = page.getByRole('dialog', { name: 'Run with overrides' });
  await overrides.getByRole('combobox', { name: 'Environment' }).click();
  await page.getByRole('option', { name: 'Staging (default)' }).click();
  await overrides.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(overrides).toBeHidden();
  const latest = runs.getByRole('region', { name: 'Latest run' });
  await expect(latest.getByText('Passed', { exact: true })).toBeVisible({ timeout: 60_000 });
  // The test's newest result per environment.
  await expect(
    runs.getByRole('list', { name: 'Newest run per environment' }).getByRole('listitem', {
      name: 'Staging (default): Passed',
    }),
  ).toBeVisible();

  // The run page names the environment, and the run opened the test's path on its origin.
  await runs.getByRole('link', { name: 'All runs' }).click();
  const list = page.getByRole('listbox', { name: 'Runs, newest first' });
  await expect(list.getByRole('option')).toHaveCount(1);
  await expect(list.getByRole('option').first()).toHaveAccessibleName(/ · on Staging$/);
  const details = page.getByRole('article', { name: 'Run details' });
  await expect(details.getByText('Environment Staging')).toBeVisible();
  await expect(details.getByText(`Website ${staging.url('login')}`)).toBeVisible();

  // A data table: a variable, two rows typed in the grid; the next run runs the test once per row
  // and its page shows the rows as one result.
  await page.goto(page.url().replace(/\/runs(\/.*)?$/, ''));
  const addVariable = page.getByRole('form', { name: 'Add variable' });
  await addVariable.getByLabel('Variable name').fill('email');
  await addVariable.getByLabel('Value').fill('ada@example.com');
  await addVariable.getByRole('button', { name: 'Add variable' }).click();
  await page.getByRole('button', { name: 'Add row' }).click();
  await page.getByRole('textbox', { name: 'email, row 1' }).fill('ada@example.com');
  await page.getByRole('button', { name: 'Add row' }).click();
  await page.getByRole('button', { name: 'Save rows' }).click();
  await expect(page.getByText(/^Each run runs the test once per row \(2 rows\)/)).toBeVisible();
  const testRuns = page.getByRole('region', { name: 'Runs' });
  await testRuns.getByRole('button', { name: 'Run', exact: true }).click();
  await testRuns.getByRole('link', { name: 'All runs' }).click();
  await expect(list.getByRole('option')).toHaveCount(2, { timeout: 30_000 });
  await list.getByRole('option').first().click();
  await expect(details.getByText('Data rows: 2 of 2 passed')).toBeVisible({ timeout: 120_000 });
  await expect(details.getByRole('list', { name: 'Data rows' })).toContainText(
    'Row 1: email=ada@example.com',
  );
});
