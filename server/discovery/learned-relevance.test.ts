import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CountingRelevance, EchoDrafter, TableSource } from '../../tests/support/discovery-doubles';
import { seedPost } from '../../tests/support/seed';
import { openTestDatabase, type TestDatabase, testDatabases } from '../../tests/support/server-harness';
import { posts, projects, socials, workspaces } from '../db/schema';
import { createLogger } from '../logger';
import { parseFilter } from './keyword-filter';
import { LearnedRelevance, MIN_SIGNALS_EACH } from './learned-relevance';
import { foundDateOf, runDiscovery } from './pipeline';
import type { SourcePost } from './types';

const now = new Date('2031-05-06T06:00:00Z');
const today = foundDateOf(now);
const keyword = 'invoices';

/** What the people of an invoicing product copied and approved: owners chasing clients who pay late. */
const goodFinds = [
  'My clients keep paying invoices late and I hate sending the reminder emails myself.',
  'How do you chase overdue invoices without sounding rude to the client?',
  'Any tool that sends automatic reminders for unpaid invoices? Clients pay weeks late.',
  'Freelancer here: tired of chasing late invoices every month, what do you use for reminders?',
  'Our agency has twenty unpaid invoices, clients ignore the reminder, how do you get paid on time?',
  'Is there a simple way to send polite payment reminders for overdue invoices?',
];
/** What they marked 'Not relevant': job ads for accounts clerks. */
const badFinds = [
  'Hiring: accounts payable clerk to process invoices, full-time, salary and benefits, apply now.',
  'We are hiring a remote bookkeeper to enter invoices, apply with your resume and salary expectations.',
  'Job opening: invoices processing specialist, hybrid role, competitive salary, apply today.',
  'Now hiring part-time data entry clerk for supplier invoices, apply on our careers page.',
  'Position: accounts clerk matching purchase orders to invoices. Salary range listed, apply now.',
  'Hiring urgently: payroll and invoices assistant, entry level, apply with resume.',
];

describe.each(testDatabases())("a project's own signals re-rank its new posts (%s)", (kind) => {
  let database: TestDatabase;
  let workspaceId: string;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    await database.db.insert(socials).values({ slug: 'reddit', name: 'Reddit', position: 0, enabled: true });
    const [workspace] = await database.db.insert(workspaces).values({ name: 'Acme' }).returning();
    if (!workspace) throw new Error('no workspace');
    workspaceId = workspace.id;
  });
  afterAll(async () => {
    await database?.close();
  });

  async function newProject() {
    const [project] = await database.db
      .insert(projects)
      .values({
        workspaceId,
        name: 'Nudgely',
        description: 'Nudgely sends polite reminders for unpaid invoices.',
        goal: 'Find owners whose clients pay late',
        tov: 'plain',
        keywords: [{ name: keyword, filter: null }],
        reviewed: true,
      })
      .returning();
    if (!project) throw new Error('no project');
    return project;
  }

  /** Earlier days' posts with the person's signals: copied (good) or marked 'Not relevant' (bad). */
  async function judge(projectId: string, good: readonly string[], bad: readonly string[]) {
    for (const content of good) {
      const row = await seedPost(database.db, projectId, { keyword, content, foundDate: '2031-05-01' });
      await database.db.update(posts).set({ copiedAt: new Date() }).where(eq(posts.id, row.id));
    }
    for (const content of bad) {
      const row = await seedPost(database.db, projectId, { keyword, content, foundDate: '2031-05-01' });
      await database.db.update(posts).set({ relevant: false }).where(eq(posts.id, row.id));
    }
  }

  const fresh = (externalId: string, content: string): SourcePost => ({
    externalId,
    network: 'reddit',
    author: `${externalId}-author`,
    title: null,
    content,
    url: `https://reddit.example/${externalId}`,
    publishedAt: new Date(now.getTime() - 3_600_000),
  });
  // The job ad names the keyword twice, so keyword counting alone puts it first.
  const leadLike = fresh(
    'lead',
    'Clients pay our invoices late again, is there a tool that sends the reminder for us?',
  );
  const jobAdLike = fresh(
    'job',
    'Hiring: invoices clerk, remote, salary listed, apply now. You will process invoices daily.',
  );

  async function discover(projectId: string) {
    const outcome = await runDiscovery(
      {
        db: database.db,
        sources: [new TableSource('reddit', { [keyword]: [jobAdLike, leadLike] })],
        relevance: new CountingRelevance(),
        drafter: new EchoDrafter(),
        parseFilter,
        logger: createLogger('silent'),
        maxPerKeyword: 20,
        now: () => now,
      },
      projectId,
      today,
    );
    expect(outcome.status).toBe('finished');
    const rows = await database.db
      .select({ externalId: posts.externalId, score: posts.score, reason: posts.reason })
      .from(posts)
      .where(eq(posts.projectId, projectId));
    return new Map(
      rows.filter((row) => ['lead', 'job'].includes(row.externalId)).map((row) => [row.externalId, row]),
    );
  }

  it('ranks a post like the ones people found relevant above one like those they marked not relevant', async () => {
    const project = await newProject();
    await judge(project.id, goodFinds, badFinds);
    const found = await discover(project.id);
    const lead = found.get('lead');
    expect(lead?.reason).toMatch(
      /People on this project marked posts like this relevant: .*'(invoices|late|reminder|clients)'/,
    );
    // So like the job ads people hid that it is not kept at all, though it names the keyword twice.
    expect(found.has('job')).toBe(false);
  });

  it('leaves the ranking to relevance until there are enough signals of each kind', async () => {
    const project = await newProject();
    await judge(project.id, goodFinds, badFinds.slice(0, MIN_SIGNALS_EACH - 1));
    const found = await discover(project.id);
    const lead = found.get('lead');
    const job = found.get('job');
    expect(job?.score ?? 0).toBeGreaterThan(lead?.score ?? 0);
    expect(lead?.reason).not.toMatch(/People on this project/);
  });
});

describe('the learned model', () => {
  const example = (content: string, good: boolean) => ({
    post: { title: null, content, network: 'reddit' },
    keyword,
    good,
  });

  it('names the words that made a post look like the good finds, and those that made it look like the bad', () => {
    const model = new LearnedRelevance([
      ...goodFinds.map((content) => example(content, true)),
      ...badFinds.map((content) => example(content, false)),
    ]);
    expect(model.ready).toBe(true);
    const lead = model.judge(
      { title: null, content: 'Clients pay late, need reminders', network: 'reddit' },
      keyword,
    );
    const job = model.judge(
      { title: null, content: 'Hiring a clerk, salary listed, apply', network: 'reddit' },
      keyword,
    );
    expect(lead.probability).toBeGreaterThan(0.5);
    expect(job.probability).toBeLessThan(0.5);
    expect(job.because).toEqual(expect.arrayContaining(["'salary'", "'apply'"]));
  });
});
