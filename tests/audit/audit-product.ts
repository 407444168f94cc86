import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext } from 'playwright-core';
import { type SubscribedPerson, subscribedPerson } from '../e2e/support/accounts';
import { type RunningProduct, startProduct } from '../support/product-server';
import { seedPost, seedProject, tallybirdProject } from '../support/seed';
import { openTestDatabase, type TestDatabase } from '../support/server-harness';

/**
 * The product the audits run against: the built app served the way `npm start` serves it, on a fresh
 * PostgreSQL database the audit seeds posts into. The app is served from a copy of `dist/client`, so the
 * update check can put a second build in its place without touching `dist/`.
 */
export interface AuditProduct {
  product: RunningProduct;
  database: TestDatabase;
  /** The folder the server serves the app from. */
  staticDir: string;
  close(): Promise<void>;
}

export async function startAuditProduct(): Promise<AuditProduct> {
  const database = await openTestDatabase('postgres');
  if (!database.url) throw new Error('the audit needs a PostgreSQL database');
  const staticDir = mkdtempSync(path.join(tmpdir(), 'replyradar-audit-app-'));
  cpSync('dist/client', staticDir, { recursive: true });
  try {
    const product = await startProduct({
      DATABASE_URL: database.url,
      STATIC_DIR: staticDir,
      // The audit signs up a person per state it looks at, all from one address.
      AUTH_RATE_LIMIT_PER_MINUTE: '10000',
    });
    return {
      product,
      database,
      staticDir,
      close: async () => {
        await product.stop();
        await database.close();
        rmSync(staticDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await database.close();
    throw error;
  }
}

const today = new Date().toISOString().slice(0, 10);
const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);

const keywords = [
  { name: 'late invoices', filter: null },
  { name: 'payment reminders', filter: '"payment reminder" -hiring' },
];

const posts = [
  ['freelance_fran', 'late invoices', 'How do you chase late invoices?', 'Three clients are 45 days late.'],
  ['designer_dan', 'payment reminders', null, 'Which tool sends payment reminders automatically?'],
  ['studio_sue', 'late invoices', 'Invoices paid in 90 days', 'Our agency waits three months for money.'],
  ['dev_dora', 'payment reminders', null, 'Is it rude to send a reminder on the due date?'],
  ['copy_cal', 'late invoices', 'Late fees: yes or no?', 'Does adding a late fee clause actually help?'],
  ['photo_pia', 'late invoices', null, 'A client ghosted me after delivery. What now?'],
] as const;

export type AuditPerson = SubscribedPerson & { projectId: string };

/**
 * A subscribed person (Autopilot) with a reviewed project and a day of mentions, two of them published
 * (the replies page's content), and yesterday's too; signed in on `context`.
 */
export async function personWithPosts(audit: AuditProduct, context: BrowserContext): Promise<AuditPerson> {
  const person = await subscribedPerson(context, { autopost: true });
  const project = await seedProject(audit.database.db, person.workspaceId, {
    ...tallybirdProject,
    url: 'https://tallybird.example/',
    keywords,
    autopostingSetup: true,
  });
  for (const [index, [author, keyword, title, content]] of posts.entries()) {
    await seedPost(audit.database.db, project.id, {
      author,
      keyword,
      title,
      content: `${content} I have tried spreadsheets and calendar reminders, and neither keeps up.`,
      foundDate: today,
      answer: `Hi ${author}, a short reminder on day 1, 7 and 14 usually does it. Happy to share our template.`,
      published: index < 2,
      approved: index < 2,
    });
  }
  await seedPost(audit.database.db, project.id, { author: 'older_olga', foundDate: yesterday });
  return { ...person, projectId: project.id };
}

/** How many posts the low-end phone's day of mentions has (issue 16). */
export const lowEndDayPosts = 50;

/**
 * A subscribed person with a day of `lowEndDayPosts` mentions, of a length and mix like a real day's
 * (titles or not, a paragraph of text, a drafted answer), signed in on `context`: what the low-end phone
 * opens.
 */
export async function personWithABusyDay(audit: AuditProduct, context: BrowserContext): Promise<AuditPerson> {
  const person = await personWithPosts(audit, context);
  for (let n = posts.length; n < lowEndDayPosts; n += 1) {
    const [author, keyword, title, content] = posts[n % posts.length] ?? posts[0];
    await seedPost(audit.database.db, person.projectId, {
      author: `${author}_${n}`,
      keyword,
      title: title ? `${title} (${n})` : null,
      content: `${content} I have tried spreadsheets, calendar reminders and a polite phone call, and the client still pays a month late. What do you do once a second reminder has gone unanswered?`,
      foundDate: today,
      answer: `Hi ${author}, a short reminder on day 1, 7 and 14 usually does it; after that, a late fee clause for the next project.`,
    });
  }
  return person;
}

/**
 * A subscribed person (Autopilot) whose project is not reviewed yet: the empty mentions and replies
 * screens, and the project page before review.
 */
export async function personWithNewProject(
  audit: AuditProduct,
  context: BrowserContext,
): Promise<AuditPerson> {
  const person = await subscribedPerson(context, { autopost: true });
  const project = await seedProject(audit.database.db, person.workspaceId, {
    name: 'Tallybird',
    url: 'https://tallybird.example/',
    description: '',
    goal: 'Find freelancers who chase late payments',
    tov: '',
    keywords: [],
    reviewed: false,
  });
  return { ...person, projectId: project.id };
}

/** The `rr_session` cookie of a signed-in context, as a `Cookie` header. */
export async function sessionCookieHeader(context: BrowserContext): Promise<string> {
  const cookie = (await context.cookies()).find((c) => c.name === 'rr_session');
  if (!cookie) throw new Error('the context holds no rr_session cookie: the person is not signed in');
  return `${cookie.name}=${cookie.value}`;
}

/** A new browser context on the product, at a laptop's size. */
export function visitorContext(browser: Browser, audit: AuditProduct): Promise<BrowserContext> {
  return browser.newContext({ baseURL: audit.product.baseURL, viewport: { width: 1280, height: 900 } });
}
