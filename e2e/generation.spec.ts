import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { serveFixtureSites, type FixtureSites } from '../fixtures/sites/serve';
import { createProject, registerWithOrganization, uniqueEmail } from './helpers';

// A person writes a test for the todo fixture site in plain words, watches the agents generate it
// step by step, looks at a step's screenshot and trace, corrects a step by clicking its screenshot,
// and downloads the TypeScript spec.

let sites: FixtureSites;

test.beforeAll(async () => {
  sites = await serveFixtureSites();
});

test.afterAll(async () => {
  await sites?.close();
});

/** The rows of the Steps list (not the lists inside a step). */
const stepRows = (page: Page) => page.getByRole('list', { name: 'Steps' }).locator(':scope > li');

async function openStep(page: Page, number: number): Promise<Locator> {
  const row = stepRows(page).nth(number - 1);
  const summary = row.getByRole('button').first();
  if ((await summary.getAttribute('aria-expanded')) !== 'true') await summary.click();
  return row;
}

/** Where the todo site's new-todo field is, in CSS pixels of a 1280×720 page (the test's viewport). */
async function newTodoFieldCentre(browser: Browser, url: string): Promise<{ x: number; y: number }> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
  try {
    await page.goto(url);
    const box = await page.getByPlaceholder('What needs to be done?').boundingBox();
    if (!box) throw new Error('The todo site has no new-todo field');
    return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  } finally {
    await page.close();
  }
}

test('a person generates a test, inspects a step, corrects it by clicking its screenshot and downloads the spec', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await registerWithOrganization(page, {
    first: 'Ada',
    last: 'Lovelace',
    email: uniqueEmail('ada'),
    organization: 'Engines',
  });
  await createProject(page, 'Todo');

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Tests' }).click();
  await page.getByRole('button', { name: 'New test' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'New test' });
  await dialog.getByLabel('Name').fill('Add a todo');
  await dialog.getByLabel('Website URL').fill(sites.url('todo'));
  await dialog.getByRole('textbox', { name: 'Instructions' }).click();
  await page.keyboard.type('Add a todo "Buy milk". Verify "1 item left" is shown.');
  await dialog.getByRole('button', { name: 'Create without generating' }).click();
  await expect(dialog).toBeHidden();
  await page
    .getByRole('tree', { name: 'Tests' })
    .getByRole('treeitem', { name: 'Add a todo', exact: true })
    .getByRole('link', { name: 'Add a todo' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Add a todo' })).toBeVisible();
  await expect(page.getByText('No steps yet')).toBeVisible();

  // Generate: progress shows while the steps arrive over the live socket, then the test has passed.
  await page.getByRole('button', { name: 'Generate' }).click();
  await expect(page.getByRole('progressbar', { name: 'Generation progress' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cancel generation' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Regenerate' })).toBeVisible({ timeout: 90_000 });
  await expect(page.getByRole('progressbar', { name: 'Generation progress' })).toBeHidden();
  await expect(stepRows(page)).toHaveCount(4);
  await expect(stepRows(page).nth(1)).toContainText('Buy milk');
  await expect(page.getByText('Passed', { exact: true })).toBeVisible();

  // A step: its code, its screenshot (a real image through a signed link), its trace in our viewer.
  const step = await openStep(page, 2);
  await expect(step.getByRole('textbox', { name: 'Code of step 2' })).toContainText('Buy milk');
  // On a wide screen the selected step's page is in the browser view beside the list.
  const view = page.getByRole('region', { name: 'Browser view' });
  await expect(view).toContainText('Step 2 of 4');
  const after = view.getByRole('img', { name: 'Page after step 2' });
  await expect(after).toBeVisible();
  await expect.poll(() => after.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1280);

  const traceLink = step.getByRole('link', { name: 'Open trace' });
  await expect(traceLink).toHaveAttribute('target', '_blank');
  const viewerUrl = new URL((await traceLink.getAttribute('href'))!, page.url());
  expect(viewerUrl.pathname).toBe('/trace/index.html');
  expect((await page.request.get(viewerUrl.href)).status()).toBe(200);
  const traceZip = await page.request.get(new URL(viewerUrl.searchParams.get('trace')!, page.url()).href);
  expect(traceZip.status()).toBe(200);
  expect((await traceZip.body()).subarray(0, 2).toString()).toBe('PK');
  const [viewer] = await Promise.all([page.waitForEvent('popup'), traceLink.click()]);
  await expect(viewer).toHaveURL(/\/trace\/index\.html\?trace=/);
  await viewer.close();

  // Correct step 2 by clicking, on the page before it, the field it should type into.
  const target = await newTodoFieldCentre(browser, sites.url('todo'));
  await view.getByRole('button', { name: 'Before the step' }).click();
  const before = view.getByRole('img', { name: 'Page before step 2' });
  await expect.poll(() => before.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1280);
  const shown = (await before.boundingBox())!;
  // The field step 2 typed into is outlined where it was on that page (measured when the step acted).
  const outline = (await view.getByTestId('element-outline').boundingBox())!;
  const outlineCentre = {
    x: ((outline.x + outline.width / 2 - shown.x) * 1280) / shown.width,
    y: ((outline.y + outline.height / 2 - shown.y) * 720) / shown.height,
  };
  expect(Math.abs(outlineCentre.x - target.x)).toBeLessThan(8);
  expect(Math.abs(outlineCentre.y - target.y)).toBeLessThan(8);
  await before.click({
    position: { x: (target.x * shown.width) / 1280, y: (target.y * shown.height) / 720 },
  });
  const confirm = view.getByRole('group', { name: 'Visual feedback' });
  await expect(confirm).toContainText('Target at (');
  const [, shownX, shownY] = /Target at \((\d+), (\d+)\)/.exec((await confirm.textContent()) ?? '')!;
  // Within one shown pixel: the screenshot is shown scaled down, and a click lands on a whole pixel.
  const onePixel = 1280 / shown.width + 1;
  expect(Math.abs(Number(shownX) - target.x)).toBeLessThanOrEqual(onePixel);
  expect(Math.abs(Number(shownY) - target.y)).toBeLessThanOrEqual(onePixel);
  const feedback = page.waitForRequest(
    (request) => request.method() === 'PUT' && request.url().endsWith('/user-feedback'),
  );
  await confirm.getByRole('button', { name: 'Send feedback' }).click();
  const sent = (await feedback).postDataJSON() as { step: number; locator_based_feedback: { x: number } };
  expect(sent.step).toBe(1);
  expect(sent.locator_based_feedback.x).toBe(Number(shownX));
  await expect(page.getByText('Feedback sent: regenerating from this step')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Regenerate' })).toBeVisible({ timeout: 90_000 });
  await expect(stepRows(page)).toHaveCount(4);
  await expect(page.getByText('Passed', { exact: true })).toBeVisible();

  // Export the Playwright Test spec.
  await page.getByRole('button', { name: 'Export' }).click();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('menuitem', { name: /Download TypeScript/ }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('add-a-todo.spec.ts');
  const spec = await (await download.createReadStream()).toArray();
  const text = Buffer.concat(spec).toString('utf8');
  expect(text).toContain("from '@playwright/test'");
  expect(text).toContain('Buy milk');
});
