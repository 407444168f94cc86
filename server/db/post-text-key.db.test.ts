import { readFileSync } from 'node:fs';
import path from 'node:path';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase, testDatabases } from '../../tests/support/server-harness';
import { sourceFixture } from '../../tests/support/sources-fake-server';
import { textKey } from '../discovery/types';
import { migrationsFolder } from './client';
import { posts, projects, socials, workspaces } from './schema';

/** The key posts were stored with before it became a digest: the normalised text itself. */
const normalised = (content: string) =>
  content
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/** The statements of the migration that turned stored text keys into digests. */
function digestMigration(): string[] {
  const file = path.join(migrationsFolder(), '0005_post_text_digest.sql');
  return readFileSync(file, 'utf8')
    .split('--> statement-breakpoint')
    .map((statement) => statement.trim())
    .filter(Boolean);
}

describe.each(testDatabases())('stored text keys become digests (%s)', (kind) => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
  });
  afterAll(async () => {
    await database?.close();
  });

  it('digests the keys stored before exactly as the server digests a post, and drops links that are not http(s)', async () => {
    const { db } = database;
    const [workspace] = await db.insert(workspaces).values({ name: 'Keys' }).returning();
    if (!workspace) throw new Error('no workspace');
    const [project] = await db
      .insert(projects)
      .values({ workspaceId: workspace.id, name: 'Keys' })
      .returning();
    if (!project) throw new Error('no project');
    const [social] = await db
      .insert(socials)
      .values({ slug: 'reddit', name: 'Reddit', position: 0 })
      .onConflictDoNothing()
      .returning();
    const socialId = social?.id ?? (await db.select().from(socials).where(eq(socials.slug, 'reddit')))[0]?.id;
    if (!socialId) throw new Error('no social');

    const long = `Why you didn’t get the interview. ${'Recruiters read résumés in six seconds; '.repeat(300)}`;
    const rows = [
      { id: 'ascii', content: 'Which invoicing tool do you use?', url: 'https://www.reddit.com/r/a/1' },
      {
        id: 'polish',
        content: 'Coleadium jest firmą – zażółć gęślą jaźń! 🚀',
        url: 'https://www.reddit.com/r/a/2',
      },
      { id: 'long', content: long, url: 'https://www.reddit.com/r/a/3' },
      { id: 'script', content: 'A post whose link would run a script', url: 'javascript:alert(1)' },
    ];
    // Stored as before: the key is the normalised text (the long one is too long for the index then,
    // so it is stored without a key, as a post kept before text keys existed).
    await db.insert(posts).values(
      rows.map((row) => ({
        projectId: project.id,
        socialId,
        externalId: row.id,
        author: 'someone',
        keyword: 'invoicing',
        publishedDate: new Date('2025-05-01T12:00:00Z'),
        foundDate: '2025-05-01',
        content: row.content,
        url: row.url,
        textKey: row.id === 'long' ? null : normalised(row.content),
      })),
    );
    await db.insert(posts).values({
      projectId: project.id,
      socialId,
      externalId: 'empty',
      author: 'someone',
      keyword: 'invoicing',
      publishedDate: new Date('2025-05-01T12:00:00Z'),
      foundDate: '2025-05-01',
      content: '—',
      url: 'https://www.reddit.com/r/a/4',
      textKey: '',
    });

    for (const statement of digestMigration()) await db.execute(sql.raw(statement));

    const after = await db
      .select({ externalId: posts.externalId, content: posts.content, textKey: posts.textKey })
      .from(posts)
      .where(eq(posts.projectId, project.id))
      .orderBy(asc(posts.externalId));
    expect(after.map((row) => row.externalId)).toEqual(['ascii', 'empty', 'long', 'polish']);
    const byId = new Map(after.map((row) => [row.externalId, row]));
    for (const id of ['ascii', 'polish']) {
      const row = byId.get(id);
      expect(row?.textKey).toMatch(/^[0-9a-f]{64}$/);
      expect(row?.textKey).toBe(textKey(row?.content ?? ''));
    }
    expect(byId.get('empty')?.textKey).toBeNull();
    expect(byId.get('long')?.textKey).toBeNull();
  });

  it('holds a 10 KB post under its digest, where the whole text was too long for the index', async () => {
    const { db } = database;
    const [project] = await db.select().from(projects).limit(1);
    const [social] = await db.select().from(socials).limit(1);
    if (!project || !social) throw new Error('no project');
    // A real 14 KB post (see tests/fixtures/sources/README.md).
    const recorded = JSON.parse(sourceFixture('reddit/search-real-posts.json')) as {
      data: { children: { data: { selftext: string } }[] };
    };
    const content = recorded.data.children[0]?.data.selftext ?? '';
    expect(Buffer.byteLength(content)).toBeGreaterThan(10_000);
    await db.insert(posts).values({
      projectId: project.id,
      socialId: social.id,
      externalId: 'ten-kb',
      author: 'someone',
      keyword: 'invoicing',
      publishedDate: new Date('2025-05-01T12:00:00Z'),
      foundDate: '2025-05-01',
      content,
      url: 'https://www.reddit.com/r/a/5',
      textKey: textKey(content),
    });
    const [row] = await db.select().from(posts).where(eq(posts.externalId, 'ten-kb'));
    expect(row?.content).toBe(content);
    expect(row?.textKey).toHaveLength(64);
  });
});
