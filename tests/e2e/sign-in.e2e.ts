import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { launchBrowser, newVisitor, uniqueEmail } from './support/browser';
import { expectHeading, fillCredentials } from './support/journeys';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('signing up and signing in', () => {
  test('a new visitor signs up, lands on subscribe, logs out and signs in again', async () => {
    const { context, page } = await newVisitor(browser);
    const email = uniqueEmail('journey');
    const password = 'correct horse battery';

    await page.goto('/project');
    await page.waitForURL('**/sign-in');
    await expectHeading(page, 'Sign in');

    await page.getByRole('link', { name: 'Sign up' }).click();
    await page.waitForURL('**/sign-up');
    await expectHeading(page, 'Create your account');

    await fillCredentials(page, email, 'nine char');
    await page.getByText('Passwords must be 10 characters or more.').waitFor();
    expect(new URL(page.url()).pathname).toBe('/sign-up');

    await fillCredentials(page, email, 'password123');
    await page.getByText('This password is too common. Choose another.').waitFor();
    expect(new URL(page.url()).pathname).toBe('/sign-up');

    await fillCredentials(page, email, password);
    await page.waitForURL('**/subscribe');
    await expectHeading(page, 'Start Growing Today');

    // The session outlives a reload: the refresh cookie signs the person back in.
    await page.reload();
    await expectHeading(page, 'Start Growing Today');

    await page.getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL('**/sign-in');
    await expectHeading(page, 'Sign in');

    await fillCredentials(page, email, 'not the password');
    await page.getByText('Password is incorrect. Try again, or use another method.').waitFor();
    expect(new URL(page.url()).pathname).toBe('/sign-in');

    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL('**/subscribe');
    await expectHeading(page, 'Start Growing Today');

    // Signed in, sign-in itself goes home, and home (no subscription yet) is subscribe.
    await page.goto('/sign-in');
    await page.waitForURL('**/subscribe');
    await context.close();
  });

  test('an unknown email and a taken email say so', async () => {
    const { context, page } = await newVisitor(browser);
    await page.goto('/sign-in');
    await fillCredentials(page, uniqueEmail('nobody'), 'whatever123');
    await page.getByText("Couldn't find your account.").waitFor();

    const email = uniqueEmail('taken');
    await page.goto('/sign-up');
    await fillCredentials(page, email, 'a good password');
    await page.waitForURL('**/subscribe');
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL('**/sign-in');

    await page.goto('/sign-up');
    await fillCredentials(page, email, 'a good password');
    await page.getByText('That email address is taken. Please try another.').waitFor();
    await context.close();
  });

  test('the sign-in screen fits a 360 px wide phone', async () => {
    const { context, page } = await newVisitor(browser, { width: 360, height: 740 });
    await page.goto('/sign-in');
    await expectHeading(page, 'Sign in');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expect(page.getByRole('button', { name: 'Continue' }).isVisible()).resolves.toBe(true);
    await context.close();
  });
});
