import { expect, test } from '@playwright/test';
import { serveFixtureSites, type FixtureSites } from '../fixtures/sites/serve';
import { accessToken, createProject, registerWithOrganization, shoot, uniqueEmail } from './helpers';

// Issue 12: a person groups a generated test and one not generated yet into a test suite, runs them all
// as one group against the real server and workers, and reads the group: one passed, one that could not
// run. Then they ask to be e-mailed on failure, schedule the suite every minute, and see the next group
// come by itself, and the failure e-mail in the dev mailbox.

let sites: FixtureSites;

test.beforeAll(async () => {
  sites = await serveFixtureSites();
});

test.afterAll(async () => {
  await sites?.close();
});

test('a person groups two tests into a test suite, runs all, reads the group, schedules it and is alerted', async ({
  page,
}) => {
  test.setTimeout(360_000);
  const email = uniqueEmail('grace');
  sites.setVariant('login', null);
  await registerWithOrganization(page, {
    first: 'Grace',
    last: 'Hopper',
    email,
    organization: 'Compilers',
  });
  await createProject(page, 'Accounts');

  // One test generated from the dashboard, one created without generating.
  await page.getByLabel('Website').fill(sites.url('login'));
  await page
    .getByLabel('What should the test do?')
    .fill('Type "ada@example.com" into the Email field. Verify the page shows "Password".');
  await page.getByRole('button', { name: 'Create and generate' }).click();
  await expect(page.getByRole('button', { name: 'Regenerate' }).first()).toBeVisible({ timeout: 120_000 });
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('link', { name: 'Tests' }).click();
  await page.getByRole('button', { name: 'New test' }).first().click();
  const create = page.getByRole('dialog', { name: 'New test' });
  await create.getByLabel('Name').fill('Not generated yet');
  await create.getByLabel('Website URL').fill(sites.url('login'));
  await create.getByRole('textbox', { name: 'Instructions' }).click();
  await page.keyboard.type('Click the Sign in button.');
  await create.getByRole('button', { name: 'Create without generating' }).click();
  await expect(create).toBeHidden();

  // The test suite, with both tests linked.
  await nav.getByRole('link', { name: 'Test suites' }).click();
  await page.getByRole('button', { name: 'Create test suite' }).first().click();
  const named = page.getByRole('dialog', { name: 'Create test suite' });
  await named.getByLabel('Name').fill('Smoke');
  await named.getByRole('button', { name: 'Create' }).click();
  await page.getByRole('link', { name: 'Smoke' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Smoke' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText('Smoke');
  // Add tests offers the generated test; the one never generated is shown disabled, with the reason (issue 28).
  await page.getByRole('button', { name: 'Add tests' }).click();
  const add = page.getByRole('dialog', { name: 'Add tests' });
  const notGenerated = add.getByRole('checkbox', { name: /Not generated yet/ });
  await expect(notGenerated).toBeDisabled();
  await expect(notGenerated).toHaveAccessibleDescription('Not generated yet: no steps to run');
  for (const checkbox of await add.getByRole('checkbox').all())
    if (await checkbox.isEnabled()) await checkbox.check();
  await add.getByRole('button', { name: 'Add test' }).click();
  await expect(page.getByRole('list', { name: 'Linked tests' }).getByRole('listitem')).toHaveCount(1);
  // The API still links it (a pipeline may), so Run all below meets a test that cannot run.
  const collectionId = decodeURIComponent(new URL(page.url()).pathname.split('/').pop() ?? '');
  const headers = { authorization: `Bearer ${await accessToken(page)}` };
  const smoke = (await (
    await page.request.get(`/api/test-suites/collection/${encodeURIComponent(collectionId)}`, { headers })
  ).json()) as { test_suite_id: string };
  const tree = (await (
    await page.request.get(`/api/test-suites/${encodeURIComponent(smoke.test_suite_id)}/tree`, { headers })
  ).json()) as { test_case_id: string | null; entity_name: string }[];
  const draft = tree.find((item) => item.entity_name === 'Not generated yet');
  expect(draft?.test_case_id).toBeTruthy();
  const linked = await page.request.put(`/api/test-suites/collection/${encodeURIComponent(collectionId)}`, {
    headers,
    data: { test_case_ids_to_add: [draft?.test_case_id] },
  });
  expect(linked.status()).toBe(200);
  await page.reload();
  await expect(page.getByRole('list', { name: 'Linked tests' }).getByRole('listitem')).toHaveCount(2);

  // Run all: one group, which ends with one pass and one test that could not run.
  await page.getByRole('button', { name: 'Run all' }).click();
  const groups = page.getByRole('list', { name: 'Recent runs' });
  await expect(groups.getByText('1 passed').first()).toBeVisible({ timeout: 90_000 });
  await expect(groups.getByText('1 error').first()).toBeVisible();
  await expect(groups.getByText(/running|pending/)).toHaveCount(0);
  // The group opens to its runs, each with its status.
  const closed = groups.getByRole('button', { expanded: false });
  if ((await closed.count()) > 0) await closed.first().click();
  const runs = groups.getByRole('list', { name: /^Runs of / });
  await expect(runs.getByText('Passed', { exact: true })).toBeVisible();
  await expect(runs.getByText('Not runnable', { exact: true })).toBeVisible();
  await expect(runs).toContainText('This test has no generated steps to run yet');
  await shoot(page, 'collection');

  // Alerts: an e-mail to the person when a group fails.
  await page.getByRole('button', { name: /Alerts & retries/ }).click();
  const alerts = page.getByRole('form', { name: 'Alerts and retries' });
  await alerts.getByRole('radio', { name: 'On failure' }).check();
  await alerts.getByLabel('E-mail address').fill(email);
  await alerts.getByRole('button', { name: 'Add recipient' }).click();
  await alerts.getByRole('button', { name: 'Save alerts' }).click();
  await expect(page.getByRole('button', { name: /Alerts & retries/ })).toContainText('Alerts on failure');

  // A schedule of every minute, said in words with its next times before it is saved.
  await page
    .getByRole('button', { name: /Schedule/ })
    .first()
    .click();
  const schedule = page.getByRole('form', { name: 'Schedule' });
  await schedule.getByRole('radio', { name: 'Custom cron' }).check();
  await schedule.getByLabel('Cron expression').fill('* * * *');
  await schedule.getByLabel('Cron expression').blur();
  await expect(schedule).toContainText('5 fields');
  await schedule.getByLabel('Cron expression').fill('* * * * *');
  const preview = page.getByRole('status', { name: 'Schedule preview' });
  await expect(preview).toContainText(/every minute/i);
  await expect(preview.getByRole('list', { name: 'Next runs' }).getByRole('listitem')).toHaveCount(3);
  await schedule.getByRole('button', { name: 'Save schedule' }).click();
  await expect(page.getByRole('button', { name: /Schedule/ }).first()).toContainText(/every minute/i);
  await shoot(page, 'collection-schedule');

  // The next minute's tick starts a group by itself; it fails (the test that cannot run) and alerts.
  await expect(groups.getByRole('listitem').filter({ hasText: /passed/ })).toHaveCount(2, {
    timeout: 150_000,
  });
  await expect(groups.getByText(/running|pending/)).toHaveCount(0, { timeout: 60_000 });
  const mail = await expect
    .poll(
      async () => {
        const response = await page.request.get(`/api/dev/mail?to=${encodeURIComponent(email)}`, {
          headers: { 'x-dev-mail-token': process.env.E2E_DEV_MAIL_TOKEN ?? '' },
        });
        const mails = (await response.json()) as { subject: string; text: string; kind: string }[];
        return mails.find((m) => m.kind === 'notification')?.subject ?? null;
      },
      { timeout: 30_000 },
    )
    .toMatch(/1 of 2 tests failed in "Smoke"/);
  void mail;
});
