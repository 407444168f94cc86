import type { Invitation } from '@contract/auth';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { journeyPassword, subscribedPerson } from './support/accounts';
import { baseURL, launchBrowser, newVisitor, uniqueEmail } from './support/browser';
import { expectHeading, pathname, signUp } from './support/journeys';
import { emailCodeMail, latestMail } from './support/mailbox';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('invitations in local accounts mode', () => {
  test('an invitation is accepted only by the owner of the address it was sent to', async () => {
    // An admin with a subscribed workspace invites two addresses.
    const admin = await newVisitor(browser);
    const adminEmail = uniqueEmail('inviter');
    const team = await subscribedPerson(admin.context, { email: adminEmail });
    const workspaceName = `${adminEmail.split('@')[0]} workspace`;
    const invite = async (email: string) => {
      const response = await admin.context.request.post('/api/auth/invitations', {
        headers: { authorization: `Bearer ${team.token}` },
        data: { email },
      });
      expect(response.status()).toBe(201);
      return ((await response.json()) as { data: Invitation }).data;
    };
    const claimedEmail = uniqueEmail('claimed');
    const ownerEmail = uniqueEmail('owner');
    const claimed = await invite(claimedEmail);
    await invite(ownerEmail);

    // Each invitation is mailed to its address, with the app's sign-up link.
    const invitationMail = await latestMail(ownerEmail, /^You're invited to /);
    expect(invitationMail.subject).toBe(`You're invited to ${workspaceName} on ReplyRadar`);
    expect(invitationMail.text).toContain(`${baseURL()}/sign-up`);

    // Someone who does not own the first address signs up with it: no invitation, no way to accept it.
    const impostor = await newVisitor(browser);
    await signUp(impostor.page, claimedEmail, journeyPassword);
    await impostor.page.getByText(`Confirm your email to see invitations sent to ${claimedEmail}.`).waitFor();
    expect(await impostor.page.getByText(/You have been invited to join/).count()).toBe(0);
    expect(await impostor.page.getByRole('button', { name: 'Accept' }).count()).toBe(0);
    const guess = (await emailCodeMail(claimedEmail)).code === '000000' ? '111111' : '000000';
    await impostor.page.getByLabel('Code').fill(guess);
    await impostor.page.getByRole('button', { name: 'Confirm' }).click();
    await impostor.page.getByText('That code is not right. Check the email and try again.').waitFor();
    // Nor through the API with the session the page holds.
    const accepted = await impostor.context.request.post(`/api/auth/invitations/${claimed.id}/accept`, {
      data: {},
    });
    expect(accepted.status()).toBe(403);
    expect(((await accepted.json()) as { error: { code: string } }).error.code).toBe('email_unverified');
    await impostor.page.reload();
    await impostor.page.getByText(`Confirm your email to see invitations sent to ${claimedEmail}.`).waitFor();
    expect(pathname(impostor.page)).toBe('/subscribe');
    await impostor.context.close();

    // The owner of the second address, on a phone, signs up and opens the link mailed to them.
    const owner = await newVisitor(browser, { width: 360, height: 740 });
    await signUp(owner.page, ownerEmail, journeyPassword);
    const panel = owner.page.getByRole('region', { name: 'Invitations' });
    await panel.getByText(`Confirm your email to see invitations sent to ${ownerEmail}.`).waitFor();
    const overflow = await owner.page.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    const { code, link } = await emailCodeMail(ownerEmail);
    await owner.page.goto(link);
    await panel.getByRole('button', { name: 'Confirm' }).waitFor();
    expect(await owner.page.getByLabel('Code').inputValue()).toBe(code);
    await panel.getByRole('button', { name: 'Confirm' }).click();
    await owner.page.getByText(`You have been invited to join ${workspaceName}`).waitFor();
    await owner.page.getByRole('button', { name: 'Accept' }).click();
    // A member of the workspace, which has no project yet: project onboarding.
    await owner.page.waitForURL('**/onboarding/project');
    await expectHeading(owner.page, 'Add information about your project for finding relevance posts');
    await owner.context.close();
    await admin.context.close();
  });
});
