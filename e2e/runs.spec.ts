import { expect, test, type Locator } from '@playwright/test';
import { serveFixtureSites, type FixtureSites } from '../fixtures/sites/serve';
import { createProject, registerWithOrganization, uniqueEmail } from './helpers';

// A person generates a sign-in test, runs it and watches it pass; the site changes (the login fixture's
// v2 release), they run it again and read, from the run page alone, which step failed and why: the
// step outlined with its error, its screenshot, the trace in our viewer and the log.

let sites: FixtureSites;

test.beforeAll(async () => {
  sites = await serveFixtureSites();
});

test.afterAll(async () => {
  await sites?.close();
});

/** An image that really loaded (through its signed link), at the test's viewport width. */
async function expectLoadedScreenshot(image: Locator) {
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1280);
}

test('a person runs a generated test, sees it pass, breaks the site, runs it again and sees why it failed', async ({
  page,
}) => {
  test.setTimeout(240_000);
  sites.setVariant('login', null);
  await registerWithOrganization(page, {
    first: 'Ada',
    last: 'Lovelace',
    email: uniqueEmail('ada'),
    organization: 'Engines',
  });
  await createProject(page, 'Accounts');

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
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();

  // Generate it (the offline rules model), then run it from the test page.
  await page.getByRole('button', { name: 'Generate', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Regenerate' })).toBeVisible({ timeout: 120_000 });
  const runs = page.getByRole('region', { name: 'Runs' });
  await expect(runs.getByText('No runs yet — run the test to see its results here')).toBeVisible();
  await runs.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(page.getByText('Test run started')).toBeVisible();
  const latest = runs.getByRole('region', { name: 'Latest run' });
  // Live over the socket: queued or running first, then passed.
  await expect(latest.getByText('Passed', { exact: true })).toBeVisible({ timeout: 60_000 });

  // The runs page: the passing run in full.
  await runs.getByRole('link', { name: 'All runs' }).click();
  await expect(page).toHaveURL(/\/test-cases\/details\/[^/]+\/runs$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Runs of Sign in' })).toBeVisible();
  const list = page.getByRole('listbox', { name: 'Runs, newest first' });
  await expect(list.getByRole('option')).toHaveCount(1);
  const details = page.getByRole('article', { name: 'Run details' });
  await expect(details.locator('[data-status="passed"]')).toBeVisible();
  const steps = details.getByRole('list', { name: 'Steps of the run' }).locator(':scope > li');
  await expect(steps).toHaveCount(5);
  for (let index = 0; index < 5; index++)
    await expect(steps.nth(index)).toHaveAttribute('data-state', 'passed');

  // The site changes: the Email field is now "Work email". Run again, here.
  sites.setVariant('login', 'v2');
  try {
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    await expect(list.getByRole('option')).toHaveCount(2);
    // The new run is the one shown, and it ends failed without a reload.
    await expect(list.getByRole('option', { selected: true })).toHaveAttribute(
      'data-run-id',
      (await list.getByRole('option').first().getAttribute('data-run-id'))!,
    );
    await expect(details.locator('[data-status="failed"]').first()).toBeVisible({ timeout: 60_000 });

    // Which step failed and why, from the page alone.
    await expect(details.getByRole('alert').first()).toContainText(
      'Step 2, "Type "ada@example.com" into the Email field", failed: The "Email" field was not found',
    );
    const failing = details.locator('li[aria-current="step"]');
    await expect(failing).toHaveAttribute('data-state', 'failed');
    await expect(failing.getByRole('alert')).toContainText('Step 2 failed: The "Email" field was not found');
    await expect(failing.getByRole('alert')).toContainText('Work email');
    await expectLoadedScreenshot(failing.getByRole('img', { name: 'Page after step 2' }));
    await expect(steps).toHaveCount(5);
    await expect(steps.nth(2)).toHaveAttribute('data-state', 'skipped');
    const strip = details.getByRole('toolbar', { name: 'Screenshots of the steps' });
    await expect(strip.getByRole('button', { name: 'Step 2: failed' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );

    // The trace in our viewer, in a new tab.
    const trace = details.getByRole('link', { name: 'Open trace' });
    await expect(trace).toHaveAttribute('href', /\/trace\/index\.html\?trace=/);
    await expect(trace).toHaveAttribute('target', '_blank');
    const viewerUrl = new URL((await trace.getAttribute('href'))!, page.url());
    const traceZip = await page.request.get(new URL(viewerUrl.searchParams.get('trace')!, page.url()).href);
    expect(traceZip.status()).toBe(200);
    expect((await traceZip.body()).subarray(0, 2).toString()).toBe('PK');
    const [viewer] = await Promise.all([page.waitForEvent('popup'), trace.click()]);
    await expect(viewer).toHaveURL(/\/trace\/index\.html\?trace=/);
    await viewer.close();

    // The log, coloured by level, says the same.
    const log = details.getByRole('region', { name: 'Log' });
    await expect(
      log.locator('.cm-log-error').filter({ hasText: 'The "Email" field was not found' }).first(),
    ).toBeVisible();
    await expect(log.getByRole('link', { name: 'Download log' })).toBeVisible();

    // The history chart has both runs; the passing one is still there to compare with.
    await expect(page.getByRole('region', { name: 'Run history' })).toContainText(
      'Last 2 runs: 1 passed, 1 failed',
    );
    await list.getByRole('option').nth(1).click();
    await expect(details.locator('[data-status="passed"]')).toBeVisible();
  } finally {
    sites.setVariant('login', null);
  }
});
