import { AxeBuilder } from '@axe-core/playwright';
import { eq } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { projects } from '../../server/db/schema';
import { uniqueEmail } from '../e2e/support/browser';
import { type AuditProduct, personWithNewProject, personWithPosts, visitorContext } from './audit-product';
import type { Finding } from './findings';
import { writeReport } from './findings';

const password = 'a long enough password';

async function heading(page: Page, name: string | RegExp): Promise<void> {
  await page.getByRole('heading', { level: 1, name }).waitFor({ timeout: 30_000 });
}

interface Violation {
  id: string;
  impact?: string | null;
  help: string;
  nodes: { target: unknown; failureSummary?: string }[];
}

/** axe-core on the page as it is now: one finding, listing every violation. */
async function check(page: Page, screen: string, state: string): Promise<Finding> {
  // Let transitions (dialogs, toasts) settle so axe sees the final colours.
  await page.waitForTimeout(400);
  const results = await new AxeBuilder({ page }).analyze();
  const violations = results.violations as Violation[];
  writeReport(`axe/${screen}-${state}.json`, { url: page.url(), violations, incomplete: results.incomplete });
  const detail = violations
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help}, at ${v.nodes
          .slice(0, 3)
          .map((n) => JSON.stringify(n.target))
          .join(', ')}${v.nodes.length > 3 ? ` and ${v.nodes.length - 3} more` : ''}`,
    )
    .join('\n    ');
  return {
    audit: 'axe',
    metric: `${screen}, ${state}`,
    value: violations.length === 0 ? 'none' : `${violations.length} violations`,
    bar: 'none',
    pass: violations.length === 0,
    ...(violations.length === 0 ? {} : { detail }),
  };
}

/** A screen the audit could not reach: a failed finding, and the screens before it still count. */
function stepFailed(where: string, error: unknown): Finding {
  const message = error instanceof Error ? error.message : String(error);
  return {
    audit: 'axe',
    metric: `reaching ${where}`,
    value: 'error',
    bar: 'reached',
    pass: false,
    detail: message,
  };
}

/**
 * Every screen the browser journeys visit, empty and filled: sign in, sign up, subscribe, the two
 * onboarding screens (on the way a new person takes), then project, mentions, replies and billing for a
 * person whose project is not reviewed yet and for one with a day of mentions.
 */
export async function axeAudit(browser: Browser, audit: AuditProduct): Promise<Finding[]> {
  const findings: Finding[] = [];

  // A new visitor: sign in, sign up, then the first run up to project onboarding.
  const newcomer = await visitorContext(browser, audit);
  try {
    const page = await newcomer.newPage();
    await page.goto('/sign-in');
    await heading(page, 'Sign in');
    findings.push(await check(page, 'sign-in', 'empty'));
    await page.getByLabel('Email address').fill('nobody@example.com');
    await page.getByLabel('Password', { exact: true }).fill('not the password');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('alert').first().waitFor();
    findings.push(await check(page, 'sign-in', 'filled, refused'));

    await page.goto('/sign-up');
    await heading(page, 'Create your account');
    findings.push(await check(page, 'sign-up', 'empty'));
    await page.getByLabel('Email address').fill('not an email');
    await page.getByLabel('Password', { exact: true }).fill('short');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByLabel('Email address').waitFor();
    findings.push(await check(page, 'sign-up', 'filled, invalid'));
    await page.getByLabel('Email address').fill(uniqueEmail('audit'));
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Continue' }).click();

    await page.waitForURL('**/subscribe');
    await heading(page, 'Start Growing Today');
    findings.push(await check(page, 'subscribe', 'monthly'));
    await page.getByRole('radio', { name: 'Pay Yearly save 20%' }).click();
    await page.getByRole('group', { name: 'Autopilot' }).getByRole('button', { name: 'Get started' }).click();
    const checkout = page.getByRole('dialog');
    await checkout.waitFor();
    findings.push(await check(page, 'subscribe', 'yearly, checkout open'));
    await checkout.getByRole('button', { name: 'Confirm' }).click();

    await page.waitForURL('**/onboarding/workspace');
    await heading(page, 'Set up your workspace');
    findings.push(await check(page, 'onboarding workspace', 'empty'));
    await page.getByLabel('Workspace name').fill('Ab');
    await page.getByText('Workspace name should be longer then 3 symbols').waitFor();
    findings.push(await check(page, 'onboarding workspace', 'filled, too short'));
    await page.getByLabel('Workspace name').fill('Tallybird Labs');
    await page.getByRole('button', { name: 'Continue' }).click();

    await page.waitForURL('**/onboarding/project');
    await heading(page, 'Add information about your project for finding relevance posts');
    findings.push(await check(page, 'onboarding project', 'empty'));
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByText('Required').first().waitFor();
    findings.push(await check(page, 'onboarding project', 'required messages'));
    await page.getByLabel("I don't have website").click();
    await page.getByLabel('Description').fill('Invoice reminders for freelancers');
    await page.getByLabel('Filter').fill('Freelancers who chase late invoices');
    findings.push(await check(page, 'onboarding project', 'filled, no website'));
  } catch (error) {
    findings.push(stepFailed('the first run', error));
  } finally {
    await newcomer.close();
  }

  // The signed-in screens, before review (empty) and with a day of mentions (filled).
  for (const state of ['empty', 'filled'] as const) {
    const context = await visitorContext(browser, audit);
    try {
      const page = await context.newPage();
      const person =
        state === 'empty'
          ? await personWithNewProject(audit, context)
          : await personWithPosts(audit, context);

      await page.goto('/project');
      await heading(page, state === 'empty' ? 'Review suggested information' : 'Project');
      findings.push(await check(page, 'project', state === 'empty' ? 'not reviewed' : 'filled'));
      if (state === 'filled') {
        await page
          .getByRole('button', { name: /^Manage keyword filter for / })
          .first()
          .click();
        await page.getByRole('dialog', { name: 'Manage keyword filter' }).waitFor();
        findings.push(await check(page, 'project', 'keyword filter dialog'));
        await page.keyboard.press('Escape');
      }

      await page.goto('/mentions/reddit');
      await heading(page, 'Mentions');
      if (state === 'empty')
        await page.getByText('To get first results review information about your project').waitFor();
      else await page.locator('[data-post-id]').first().waitFor();
      findings.push(await check(page, 'mentions', state === 'empty' ? 'not reviewed' : 'filled'));

      if (state === 'empty') {
        // Reviewed, nothing found yet: 'Search in progress…', and no published replies.
        await audit.database.db
          .update(projects)
          .set({ reviewed: true })
          .where(eq(projects.id, person.projectId));
        await page.goto('/mentions/reddit');
        await page.getByText('Search in progress…').waitFor();
        findings.push(await check(page, 'mentions', 'search in progress'));
      }

      await page.goto('/replies');
      await heading(page, 'Replies');
      if (state === 'empty') await page.getByText('Your published replies will appear here').waitFor();
      else await page.getByText('freelance_fran', { exact: true }).waitFor();
      findings.push(await check(page, 'replies', state));

      // Billing has one state per plan; the second person opens the cancel dialog on it.
      await page.goto('/billing');
      await page.getByText('Autopilot').first().waitFor();
      if (state === 'empty') findings.push(await check(page, 'billing', 'plan'));
      else {
        await page.getByRole('button', { name: 'Cancel subscription' }).click();
        await page.getByRole('dialog').waitFor();
        findings.push(await check(page, 'billing', 'cancel dialog open'));
      }
    } catch (error) {
      findings.push(stepFailed(`the signed-in screens, ${state}`, error));
    } finally {
      await context.close();
    }
  }
  return findings;
}
