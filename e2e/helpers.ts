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
