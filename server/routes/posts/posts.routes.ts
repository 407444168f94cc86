import { api } from '@contract/api';
import { and, asc, desc, eq, gt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { discoveryRuns, posts, publishAttempts, socials } from '../../db/schema';
import { defaultStaleAfterMs } from '../../discovery/discovery-runs';
import { DomainError } from '../../domain/errors';
import { draftingError } from '../../generation/generation-error';
import type { Bind } from '../../http/bind-route';
import type { AppDeps } from '../../http/deps';
import { alreadyPublished, beingPublishedNow } from './post-mutations';
import { registerPostMutationRoutes } from './post-mutations.routes';
import { notHidden, postNotFound, postOfProject, reviewedProject } from './post-scope';
import { postOfRow } from './post-view';

/**
 * A discovery run of the project that is still going: started, and its process beat recently (one that
 * stopped beating died, and counts as going only once another process takes it over).
 */
const runGoingOn = (projectId: string, now: Date) =>
  and(
    eq(discoveryRuns.projectId, projectId),
    eq(discoveryRuns.status, 'started'),
    gt(discoveryRuns.heartbeatAt, new Date(now.getTime() - defaultStaleAfterMs)),
  );

/** Autopilot is sending the post's reply (an attempt started and not settled). */
async function beingPublished(db: Database, postId: string): Promise<boolean> {
  const [live] = await db
    .select({ id: publishAttempts.id })
    .from(publishAttempts)
    .where(and(eq(publishAttempts.postId, postId), eq(publishAttempts.status, 'started')))
    .limit(1);
  return live !== undefined;
}

/**
 * The posts of a project on a network (its slug), newest first, leaving out those marked 'Not relevant',
 * optionally of one keyword and one found date: one query, prepared once for each of the four
 * combinations of filters (each has its own plan: a date uses the project's found-date index).
 */
function dayPostsQueries(db: Database) {
  const prepared = new Map<string, ReturnType<typeof prepare>>();
  function prepare(byKeyword: boolean, byDate: boolean) {
    return db
      .select({ post: postOfRow })
      .from(posts)
      .innerJoin(socials, eq(socials.id, posts.socialId))
      .where(
        and(
          eq(posts.projectId, sql.placeholder('projectId')),
          eq(socials.slug, sql.placeholder('social')),
          notHidden,
          byKeyword ? eq(posts.keyword, sql.placeholder('keyword')) : undefined,
          byDate ? eq(posts.foundDate, sql.placeholder('foundDate')) : undefined,
        ),
      )
      .orderBy(desc(posts.publishedDate), desc(posts.id))
      .prepare(`day_posts_${byKeyword ? 'k' : ''}${byDate ? 'd' : ''}`);
  }
  return (filters: { keyword?: string | undefined; found_date?: string | undefined }) => {
    const [byKeyword, byDate] = [Boolean(filters.keyword), Boolean(filters.found_date)];
    const key = `${byKeyword}|${byDate}`;
    let query = prepared.get(key);
    if (!query) {
      query = prepare(byKeyword, byDate);
      prepared.set(key, query);
    }
    return query;
  };
}

/**
 * The mentions and replies calls. Every one is scoped to the `project-id` project and answers 409
 * 'Review the project first' until that project is reviewed. `published` and `meta/*` are registered
 * before `:social` so that a social slug cannot swallow them.
 */
export function registerPostRoutes(bind: Bind, { db, drafter, logger }: AppDeps): void {
  registerPostMutationRoutes(bind, db, logger);
  bind(api.listPublishedPosts, async (c) => {
    const project = reviewedProject(c);
    const rows = await db
      .select({ post: postOfRow })
      .from(posts)
      .where(and(eq(posts.projectId, project.id), eq(posts.published, true)))
      .orderBy(desc(posts.publishedDate), desc(posts.id));
    return rows.map((row) => row.post);
  });

  // A day is found once it has posts, or once its discovery run has finished with none: that day then
  // shows an empty list, not 'Search in progress…' until the next day finds something. `running` says a
  // run of the project is still going, so the app keeps checking until its last posts are in.
  bind(api.listFoundDates, async (c) => {
    const project = reviewedProject(c);
    // One round trip: the dates and whether a run is going on, in one statement.
    const { rows } = (await db.execute(sql`select array(
        select ${posts.foundDate}::text from ${posts} where ${posts.projectId} = ${project.id} and ${notHidden}
        union
        select ${discoveryRuns.foundDate}::text from ${discoveryRuns}
        where ${discoveryRuns.projectId} = ${project.id} and ${discoveryRuns.status} = 'finished'
        order by 1 desc
      ) as found_dates,
      exists (select 1 from ${discoveryRuns} where ${runGoingOn(project.id, new Date())}) as running`)) as unknown as {
      rows: { found_dates: string[]; running: boolean }[];
    };
    const [row] = rows;
    return { foundDates: row?.found_dates ?? [], running: row?.running === true };
  });

  bind(api.listKeywordsForDate, async (c, { query }) => {
    const project = reviewedProject(c);
    const rows = await db
      .selectDistinct({ name: posts.keyword })
      .from(posts)
      .where(and(eq(posts.projectId, project.id), eq(posts.foundDate, query.found_date), notHidden))
      .orderBy(asc(posts.keyword));
    return { keywords: rows };
  });

  const dayPosts = dayPostsQueries(db);
  bind(api.listPosts, async (c, { params, query }) => {
    const project = reviewedProject(c);
    const rows = await dayPosts(query).execute({
      projectId: project.id,
      social: params.social,
      keyword: query.keyword,
      foundDate: query.found_date,
    });
    // An empty answer is a day with nothing found, or a network that does not exist.
    if (rows.length === 0) {
      const [social] = await db
        .select({ id: socials.id })
        .from(socials)
        .where(eq(socials.slug, params.social));
      if (!social)
        throw new DomainError('not-found', 'not_found', `There is no social network "${params.social}"`, {
          field: 'social',
        });
    }
    return rows.map((row) => row.post);
  });

  // Drafts a new answer and stores it as the next version; a published answer stays as it went out.
  bind(api.regenerateAnswer, async (c, { params, body }) => {
    const project = reviewedProject(c);
    const post = await postOfProject(db, project.id, params.postId);
    if (post.published) throw alreadyPublished('answer');
    if (await beingPublished(db, post.id)) throw beingPublishedNow('rewritten');
    // The network decides the reply's length limit (X, Bluesky and Mastodon count characters).
    const [social] = await db
      .select({ slug: socials.slug })
      .from(socials)
      .where(eq(socials.id, post.socialId));
    let answer: string;
    try {
      answer = await drafter.draftReply({
        post: {
          author: post.author,
          keyword: post.keyword,
          title: post.title,
          content: post.content,
          url: post.url,
          ...(social ? { network: social.slug } : {}),
        },
        project: {
          name: project.name,
          url: project.url,
          description: project.description,
          goal: project.goal,
          tov: project.tov,
        },
        prompt: body.prompt,
      });
    } catch (error) {
      const refusal = draftingError(error);
      if (!refusal) throw error;
      logger.warn({ err: error, code: refusal.code }, 'drafting a reply failed');
      throw refusal;
    }
    const [row] = await db
      .update(posts)
      .set({ answer, answerVersion: sql`${posts.answerVersion} + 1`, updatedAt: new Date() })
      .where(
        and(
          eq(posts.id, post.id),
          eq(posts.projectId, project.id),
          eq(posts.published, false),
          // Drafting takes a while: a publication claimed meanwhile sends the answer it read.
          sql`not exists (select 1 from ${publishAttempts} where ${publishAttempts.postId} = ${posts.id} and ${publishAttempts.status} = 'started')`,
        ),
      )
      .returning();
    if (!row) {
      if (await beingPublished(db, post.id)) throw beingPublishedNow('rewritten');
      throw postNotFound();
    }
    return { answer: row.answer, answerVersion: row.answerVersion };
  });
}
