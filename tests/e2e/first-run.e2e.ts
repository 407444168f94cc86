import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { waitUntil } from '../support/wait-until';
import { launchBrowser, newVisitor, productPageURL, uniqueEmail } from './support/browser';
import { expectHeading, fillCredentials, pathname, signUp } from './support/journeys';
import { emailCodeMail } from './support/mailbox';

let browser: Browser;
let admin: { context: BrowserContext; page: Page };
const adminEmail = uniqueEmail('founder');
const memberEmail = uniqueEmail('teammate');
const password = 'a long enough password';
const workspaceName = 'Tallybird Labs';

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await newVisitor(browser);
});
afterAll(async () => {
  await browser?.close();
});

describe('the first run: subscribe, set up a workspace, describe the project, review the proposal', () => {
  test('a new user goes from sign-up to a reviewed project', async () => {
    const { page } = admin;
    await signUp(page, adminEmail, password);
    await expectHeading(page, 'Start Growing Today');
    await page.getByText('Choose the plan that works best for you').waitFor();

    // Autopilot, yearly, through the local checkout.
    await page.getByRole('radio', { name: 'Pay Yearly save 20%' }).click();
    const autopilot = page.getByRole('group', { name: 'Autopilot' });
    await autopilot.getByText('/ year').waitFor();
    await autopilot.getByRole('button', { name: 'Get started' }).click();
    const checkout = page.getByRole('dialog');
    await checkout.waitFor();
    await checkout.getByRole('button', { name: 'Confirm' }).click();

    await page.waitForURL('**/onboarding/workspace');
    await expectHeading(page, 'Set up your workspace');
    const workspace = page.getByLabel('Workspace name');
    expect(await workspace.getAttribute('placeholder')).toBe('Company name');
    await workspace.fill('Ab');
    await page.getByText('Workspace name should be longer then 3 symbols').waitFor();
    await workspace.fill(workspaceName);
    await page.getByRole('button', { name: 'Continue' }).click();

    await page.waitForURL('**/onboarding/project');
    await expectHeading(page, 'Add information about your project for finding relevance posts');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByText('Required').first().waitFor();
    const link = page.getByLabel('Product link');
    await link.fill('not a url');
    await page.getByText('Invalid url').waitFor();
    await link.fill(productPageURL());
    await page.getByLabel('Filter').fill('Freelancers who chase late invoices');
    await page.getByRole('button', { name: 'Continue' }).click();

    await page.waitForURL('**/project', { timeout: 30_000 });
    await expectHeading(page, 'Review suggested information');
    expect(await page.getByLabel('Project description').inputValue()).not.toBe('');
    expect(await page.getByLabel('Tone of Voice').inputValue()).not.toBe('');
    const keywordButtons = page.getByRole('button', { name: /^Manage keyword filter for / });
    const generated = await keywordButtons.count();
    expect(generated).toBeGreaterThanOrEqual(3);
    expect(generated).toBeLessThanOrEqual(5);

    // A suggested keyword, shown with the posts it found a week, joins the keywords and leaves the list.
    const suggested = page.getByRole('group', { name: 'Suggested keywords' }).getByRole('button');
    const suggestion = (await suggested.first().getAttribute('aria-label')) ?? '';
    expect(suggestion).toMatch(/^Add keyword .+, (\d[\d,]*\+? posts? a week|No estimate)$/);
    const suggestedName = suggestion.replace(/^Add keyword /, '').replace(/, [^,]*$/, '');
    await suggested.first().click();
    await page
      .getByRole('button', { name: `Manage keyword filter for ${suggestedName}`, exact: true })
      .waitFor();
    await page.getByRole('button', { name: suggestion, exact: true }).waitFor({ state: 'detached' });

    // Keywords up to the limit, then one more: the limit's message.
    const keywordInput = page.getByLabel('Keywords');
    for (let n = generated + 1; n <= 5; n += 1) {
      // Typed key by key, as a person types, then Enter; the next keyword once this one shows as a tag.
      await keywordInput.click();
      await keywordInput.pressSequentially(`extra keyword ${n}`);
      expect(await keywordInput.inputValue()).toBe(`extra keyword ${n}`);
      await keywordInput.press('Enter');
      await page.getByRole('button', { name: `Manage keyword filter for extra keyword ${n}` }).waitFor();
    }
    await page.getByText('Max 5 keywords allowed').waitFor();
    await page.getByRole('button', { name: 'Manage keyword filter for extra keyword 5' }).waitFor();
    // Remove the one over the limit again (Backspace in the empty input deletes the last tag).
    await keywordInput.press('Backspace');
    await keywordInput.press('Backspace');
    await expectCount(keywordButtons, 5);

    // A keyword's filter, through 'Manage keyword filter'.
    const firstKeyword = (await keywordButtons.first().getAttribute('aria-label'))?.replace(
      'Manage keyword filter for ',
      '',
    );
    await keywordButtons.first().click();
    const dialog = page.getByRole('dialog', { name: 'Manage keyword filter' });
    await dialog.waitFor();
    expect(await dialog.getByLabel('Keyword').inputValue()).toBe(firstKeyword);
    await dialog.getByLabel('Filter').fill('"late invoices" -hiring');
    await dialog.getByRole('button', { name: 'Update' }).click();
    await dialog.waitFor({ state: 'hidden' });

    await page.getByRole('button', { name: 'Save and find relevant posts' }).click();
    await page.waitForURL('**/mentions/reddit');
    await expectHeading(page, 'Mentions');

    // The review starts discovery: 'Search in progress…' until the first posts are stored, each with a
    // drafted reply and the reason it was picked.
    const cards = page.locator('[data-post-id]');
    await expect
      .poll(
        async () => {
          if ((await cards.count()) > 0) return true;
          const check = page.getByRole('button', { name: 'Check for Results' });
          if (await check.isVisible()) await check.click();
          return false;
        },
        { timeout: 60_000, interval: 1_000 },
      )
      .toBe(true);
    expect(await cards.first().getByRole('textbox', { name: 'Answer' }).inputValue()).not.toBe('');
    await cards
      .first()
      .getByText(/^Why this post: /)
      .waitFor();

    await page.goto('/project');
    await expectHeading(page, 'Project');
    await page.getByRole('button', { name: 'Save', exact: true }).waitFor();
    // The suggested keyword was saved with the others.
    await page
      .getByRole('button', { name: `Manage keyword filter for ${suggestedName}`, exact: true })
      .waitFor();
    await keywordButtons.first().click();
    expect(await page.getByRole('dialog').getByLabel('Filter').inputValue()).toBe('"late invoices" -hiring');
    await page.keyboard.press('Escape');
  });

  test('an invited teammate accepts, lands on mentions and has no subscription settings; the admin does', async () => {
    const { page } = admin;
    await page.goto('/mentions');
    await page.getByRole('button', { name: new RegExp(workspaceName) }).click();
    await page.getByRole('menuitem', { name: 'Invite member' }).click();
    const invite = page.getByRole('dialog', { name: 'Invite member' });
    await invite.getByLabel('Email').fill(memberEmail);
    await invite.getByRole('button', { name: 'Send invitation' }).click();
    await invite.getByText(`Invitation sent to ${memberEmail}`).waitFor();
    await page.keyboard.press('Escape');

    const member = await newVisitor(browser);
    await member.page.goto('/sign-up');
    await fillCredentials(member.page, memberEmail, password);
    // The invitation shows once the teammate proves the address with the code mailed to it.
    await member.page.getByText(`Confirm your email to see invitations sent to ${memberEmail}.`).waitFor();
    await member.page.getByLabel('Code').fill((await emailCodeMail(memberEmail)).code);
    await member.page.getByRole('button', { name: 'Confirm' }).click();
    await member.page.getByText(`You have been invited to join ${workspaceName}`).waitFor();
    await member.page.getByRole('button', { name: 'Accept' }).click();
    await member.page.waitForURL('**/mentions/reddit');
    await expectHeading(member.page, 'Mentions');
    await member.page.getByRole('button', { name: new RegExp(workspaceName) }).click();
    await member.page.getByRole('menuitem', { name: 'Log out' }).waitFor();
    expect(await member.page.getByRole('menuitem', { name: 'Subscription settings' }).count()).toBe(0);
    await member.context.close();

    // The admin's 'Subscription settings' opens the billing portal link in a new tab.
    await page.getByRole('button', { name: new RegExp(workspaceName) }).click();
    const [portal] = await Promise.all([
      admin.context.waitForEvent('page'),
      page.getByRole('menuitem', { name: 'Subscription settings' }).click(),
    ]);
    await portal.waitForURL('**/billing');
    expect(pathname(portal)).toBe('/billing');
    await portal.getByText('Autopilot').first().waitFor();
    await portal.close();
  });
});

/** Waits until `locator` finds `count` elements (the test's limit ends a wait that never comes true). */
async function expectCount(locator: ReturnType<Page['getByRole']>, count: number): Promise<void> {
  await waitUntil(async () => (await locator.count()) === count, 100);
  expect(await locator.count()).toBe(count);
}
