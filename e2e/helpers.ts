import path from 'node:path';
import { expect, type Page } from '@playwright/test';

export const PASSWORD = 'correct horse battery staple';

/** Registers through the SPA (the e2e server autoconfirms) and creates the person's organization. */
export async function registerWithOrganization(
  page: Page,
  person: { first: string; last: string; email: string; organization: string },
) {
  await page.goto('/auth/register');
  await page.getByLabel('First name').fill(person.first);
  await page.getByLabel('Last name').fill(person.last);
  await page.getByLabel('Email').fill(person.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
  await page.getByRole('textbox', { name: 'Confirm password' }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/auth\/no-organization/);
  await page.getByLabel('Organization name').fill(person.organization);
  await page.getByRole('button', { name: 'Create organization' }).click();
  await expect(page.getByRole('heading', { name: 'What do you want to test today?' })).toBeVisible();
}

/** The signed-in person's access token, as supabase-js stored it. */
export async function accessToken(page: Page): Promise<string> {
  const stored = await page.evaluate(() => {
    const key = Object.keys(localStorage).find((k) => k.startsWith('sb-') && k.endsWith('-auth-token'));
    return key ? localStorage.getItem(key) : null;
  });
  if (!stored) throw new Error('No session in localStorage');
  return (JSON.parse(stored) as { access_token: string }).access_token;
}

export function uniqueEmail(name: string): string {
  return `${name}.${Date.now()}.${Math.random().toString(36).slice(2, 7)}@example.com`;
}

/** Creates a project (a test suite) from the top bar's selector; it becomes the selected one. */
export async function createProject(page: Page, name: string) {
  await page.getByRole('button', { name: /^Project:/ }).click();
  await page.getByRole('menuitem', { name: 'Create project' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel('Name').press('Enter');
  await expect(page.getByRole('button', { name: `Project: ${name}` })).toBeVisible();
}

/** With `E2E_SCREENSHOTS=<folder>`, saves the screen at 1440 and 375 px wide (full page), to look at. */
export async function shoot(page: Page, name: string) {
  const folder = process.env.E2E_SCREENSHOTS;
  if (!folder) return;
  const viewport = page.viewportSize()!;
  for (const width of [1440, 375]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    // From the top, so the fixed header sits where it belongs; layout and lazy images settle.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.waitForTimeout(600);
    await page.screenshot({ path: path.join(folder, `${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize(viewport);
}
