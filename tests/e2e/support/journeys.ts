import type { Page } from 'playwright-core';

/** Types the credentials into the sign-in or sign-up screen and presses 'Continue'. */
export async function fillCredentials(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Continue' }).click();
}

export async function expectHeading(page: Page, name: string): Promise<void> {
  await page.getByRole('heading', { level: 1, name }).waitFor();
}

/** A new account, signed in, on the subscribe screen. */
export async function signUp(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/sign-up');
  await fillCredentials(page, email, password);
  await page.waitForURL('**/subscribe');
}

export function pathname(page: Page): string {
  return new URL(page.url()).pathname;
}
