import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../../server/db/client';
import { posts, projects, type StoredKeyword, socials } from '../../server/db/schema';

export type SeededProjectFields = Partial<{
  name: string;
  url: string | null;
  description: string;
  goal: string;
  tov: string;
  keywords: StoredKeyword[];
  reviewed: boolean;
  autopostingSetup: boolean;
  createdAt: Date;
}>;

/**
 * The reviewed project the browser journeys, the audits and the benchmarks seed: an invoice-reminder
 * product looking for freelancers who chase late payments.
 */
export const tallybirdProject = {
  name: 'Tallybird',
  description: 'Invoice reminders for freelancers',
  goal: 'Find freelancers who chase late payments',
  tov: 'Friendly and brief',
  keywords: [
    { name: 'late invoices', filter: null },
    { name: 'payment reminders', filter: null },
  ],
  reviewed: true,
} satisfies SeededProjectFields;

/** Stores a project straight in the database, through the server's own schema. */
export async function seedProject(db: Database, workspaceId: string, fields: SeededProjectFields = {}) {
  const [row] = await db
    .insert(projects)
    .values({ workspaceId, name: 'A project', ...fields })
    .returning();
  if (!row) throw new Error('project insert returned no row');
  return row;
}

export type SeededPostFields = Partial<{
  social: string;
  externalId: string;
  author: string;
  keyword: string;
  publishedDate: Date;
  foundDate: string;
  title: string | null;
  content: string;
  url: string;
  answer: string;
  answerVersion: number;
  approved: boolean;
  published: boolean;
}>;

let postCount = 0;

/**
 * Stores a found post straight in the database, as discovery would: on the social with that slug
 * (Reddit by default), found today unless told otherwise.
 */
export async function seedPost(db: Database, projectId: string, fields: SeededPostFields = {}) {
  const { social = 'reddit', ...values } = fields;
  const [found] = await db.select({ id: socials.id }).from(socials).where(eq(socials.slug, social));
  if (!found) throw new Error(`no social "${social}" to seed a post on`);
  postCount += 1;
  const [row] = await db
    .insert(posts)
    .values({
      projectId,
      socialId: found.id,
      externalId: `seeded-${postCount}-${randomBytes(4).toString('hex')}`,
      author: 'someone',
      keyword: 'keyword',
      publishedDate: new Date(),
      foundDate: new Date().toISOString().slice(0, 10),
      content: `A seeded post number ${postCount}.`,
      url: `https://example.com/posts/${postCount}`,
      ...values,
    })
    .returning();
  if (!row) throw new Error('post insert returned no row');
  return row;
}
