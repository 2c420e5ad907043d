import { expect, test } from '@playwright/test';
import { serveFixtureSites, type FixtureSites } from '../fixtures/sites/serve';
import { createProject, registerWithOrganization, shoot, uniqueEmail } from './helpers';

// Issue 14: a test passes. A real bug (the login fixture's bug-signin release) makes its run fail, and
// the healing reports the behaviour change instead of proposing anything. Then the application changes
// (the v2 release: "Work email", "Log in"): the run fails, a healing is proposed by itself, the person
// reads the diff and accepts it, and the next run passes on the new release.

let sites: FixtureSites;

test.beforeAll(async () => {
  sites = await serveFixtureSites();
});

test.afterAll(async () => {
  await sites?.close();
});

test('a real bug is reported, not healed; a changed application is healed when the person asks, with their consent', async ({
  page,
}) => {
  test.setTimeout(300_000);
  sites.setVariant('login', null);
  await registerWithOrganization(page, {
    first: 'Grace',
    last: 'Hopper',
    email: uniqueEmail('grace'),
    organization: 'Compilers',
  });
  await createProject(page, 'Portal');

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
  const runs = page.getByRole('region', { name: 'Runs' });
  await runs.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(
    runs.getByRole('region', { name: 'Latest run' }).getByText('Passed', { exact: true }),
  ).toBeVisible({
    timeout: 60_000,
  });
  await runs.getByRole('link', { name: 'All runs' }).click();
  const list = page.getByRole('listbox', { name: 'Runs, newest first' });
  const details = page.getByRole('article', { name: 'Run details' });

  try {
    // A real bug first: signing in goes nowhere. The run fails; the healing reports the behaviour
    // change with what it expected and what the page shows, and proposes nothing.
    sites.setVariant('login', 'bug-signin');
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    await expect(list.getByRole('option')).toHaveCount(2);
    await expect(details.locator('[data-status="failed"]').first()).toBeVisible({ timeout: 60_000 });
    const healing = details.getByRole('region', { name: 'Healing' });
    const report = healing.getByRole('alert', { name: 'Possible bug in the application' });
    await expect(report).toBeVisible({ timeout: 90_000 });
    await expect(report).toContainText('The application seems to have changed behaviour');
    await expect(report).toContainText('Welcome, Ada Lovelace');
    await expect(healing.getByRole('button', { name: 'Accept' })).toHaveCount(0);
    await shoot(page, 'healing-bug-report');

    // A new release renames the field and the button: the run fails at step 2.
    sites.setVariant('login', 'v2');
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    await expect(list.getByRole('option')).toHaveCount(3);
    await expect(details.locator('[data-status="failed"]').first()).toBeVisible({ timeout: 60_000 });

    // The same steps on the same site were healed automatically once already (the bug): this failure is
    // not (issue 30's back-off), the panel says why, and the person asks for a healing. It proposes new
    // targets, every check kept.
    await expect(healing).toContainText('A test is healed automatically once for each version of its steps', {
      timeout: 30_000,
    });
    await healing.getByRole('button', { name: 'Heal' }).click();
    await expect(healing.getByRole('button', { name: 'Accept' })).toBeVisible({ timeout: 90_000 });
    await expect(healing).toContainText('1 of 1 check kept unchanged');
    await expect(healing).toContainText('The "Email" field is now labelled "Work email".');
    await expect(healing).toContainText('The "Sign in" button is now called "Log in".');
    await shoot(page, 'healing-proposal');

    await healing.getByRole('button', { name: 'Accept' }).click();
    const confirm = page.getByRole('dialog', { name: 'Accept the healing' });
    await expect(confirm).toContainText("The test's steps are replaced");
    await confirm.getByRole('button', { name: 'Accept' }).click();
    await expect(page.getByText("Healing accepted: the test's steps were replaced")).toBeVisible();

    // The healed test passes on the new release.
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    await expect(list.getByRole('option')).toHaveCount(4);
    await expect(details.locator('[data-status="passed"]').first()).toBeVisible({ timeout: 60_000 });
  } finally {
    sites.setVariant('login', null);
  }
});
