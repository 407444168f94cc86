import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CountingRelevance,
  EchoDrafter,
  postsAbout,
  SourceError,
  StepClock,
  TableSource,
} from '../../tests/support/discovery-doubles';
import { openTestDatabase, type TestDatabase, testDatabases } from '../../tests/support/server-harness';
import { openDatabase } from '../db/client';
import { posts, projects, socials, workspaces } from '../db/schema';
import { createLogger } from '../logger';
import { parseFilter } from './keyword-filter';
import { bucketOf, NetworkBudget } from './network-budget';
import { type DiscoveryDeps, foundDateOf, runDiscovery } from './pipeline';
import { sharedQueryOf } from './shared-searches';
import type { SocialSlug, SourcePost, SourceQuery } from './types';

const now = new Date('2031-05-06T06:00:00Z');
const today = foundDateOf(now);
const networks: SocialSlug[] = ['reddit', 'hackernews'];

/** A table source whose searches wait until `open` is called: two runs can ask at the same moment. */
class GatedSource extends TableSource {
  /** Every search asked for, answered yet or not. */
  readonly asked: SourceQuery[] = [];
  private opened!: () => void;
  private readonly gate = new Promise<void>((resolve) => {
    this.opened = resolve;
  });

  open(): void {
    this.opened();
  }

  override async search(query: SourceQuery): Promise<SourcePost[]> {
    this.asked.push(query);
    await this.gate;
    return super.search(query);
  }
}

describe.each(testDatabases())('shared searches and budgets on %s', (kind) => {
  let database: TestDatabase;
  let workspaceId: string;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    await database.db
      .insert(socials)
      .values(networks.map((slug, position) => ({ slug, name: slug, position, enabled: true })));
    const [workspace] = await database.db.insert(workspaces).values({ name: 'Acme' }).returning();
    if (!workspace) throw new Error('no workspace');
    workspaceId = workspace.id;
  });
  afterAll(async () => {
    await database?.close();
  });

  async function newProject(keywords: string[]) {
    const [project] = await database.db
      .insert(projects)
      .values({
        workspaceId,
        name: 'Pipewise',
        description: 'A CRM for small sales teams',
        goal: 'Find teams choosing a CRM',
        keywords: keywords.map((name) => ({ name, filter: null })),
        reviewed: true,
      })
      .returning();
    if (!project) throw new Error('no project');
    return project;
  }

  function tableSources(keyword: string, count = 3): TableSource[] {
    return networks.map(
      (network) =>
        new TableSource(network, {
          [keyword]: postsAbout(network, keyword, count, new Date(now.getTime() - 3_600_000)),
        }),
    );
  }

  function deps(sources: TableSource[], day = now): DiscoveryDeps {
    return {
      db: database.db,
      sources,
      relevance: new CountingRelevance(),
      drafter: new EchoDrafter(),
      parseFilter,
      logger: createLogger('silent'),
      maxPerKeyword: 20,
      now: () => day,
      shareSearches: true,
    };
  }

  const storedCount = async (projectId: string) =>
    (await database.db.select().from(posts).where(eq(posts.projectId, projectId))).length;

  it('projects that track one keyword share each network’s search of the day, whatever its case', async () => {
    const sources = tableSources('invoice tool');
    const first = await newProject(['invoice tool']);
    const second = await newProject(['Invoice  Tool']);
    await runDiscovery(deps(sources), first.id, today);
    await runDiscovery(deps(sources), second.id, today);

    for (const source of sources)
      expect(source.queries.map((query) => query.keyword)).toEqual(['invoice tool']);
    expect(await storedCount(first.id)).toBe(3 * networks.length);
    expect(await storedCount(second.id)).toBe(3 * networks.length);
  });

  it('the next day the keyword is searched again', async () => {
    const sources = tableSources('late payment');
    const project = await newProject(['late payment']);
    const tomorrow = new Date(now.getTime() + 86_400_000);
    await runDiscovery(deps(sources), project.id, today);
    await runDiscovery(deps(sources, tomorrow), project.id, foundDateOf(tomorrow));
    for (const source of sources) expect(source.queries).toHaveLength(2);
  });

  it('a search that failed is made again by the next project that needs it', async () => {
    const sources = tableSources('dunning');
    const [reddit] = sources;
    if (!reddit) throw new Error('no reddit source');
    reddit.failFor.set('dunning', new SourceError('reddit', 'unavailable', 'reddit is unavailable (503)'));
    const first = await newProject(['dunning']);
    await runDiscovery(deps(sources), first.id, today);
    reddit.failFor.clear();
    const second = await newProject(['dunning']);
    await runDiscovery(deps(sources), second.id, today);

    expect(reddit.queries).toHaveLength(2);
    expect(sources[1]?.queries).toHaveLength(1);
    expect(await storedCount(first.id)).toBe(3);
    expect(await storedCount(second.id)).toBe(3 * networks.length);
  });

  it('two runs that need one search at once make it once: the second waits for the first’s', async () => {
    const table = {
      'cash flow': postsAbout('reddit', 'cash flow', 4, new Date(now.getTime() - 3_600_000)),
    };
    const gated = [new GatedSource('reddit', table), new GatedSource('hackernews', {})];
    const first = await newProject(['cash flow']);
    const second = await newProject(['cash flow']);
    const runs = Promise.all([
      runDiscovery(deps(gated), first.id, today),
      runDiscovery(deps(gated), second.id, today),
    ]);
    await expect.poll(() => gated[0]?.asked.length, { timeout: 60_000 }).toBe(1);
    for (const source of gated) source.open();
    await runs;

    for (const source of gated) expect(source.asked).toHaveLength(1);
    const searched = await database.db
      .select({ projectId: posts.projectId })
      .from(posts)
      .where(eq(posts.keyword, 'cash flow'))
      .orderBy(asc(posts.projectId));
    expect(searched).toHaveLength(8);
    expect(await storedCount(first.id)).toBe(4);
    expect(await storedCount(second.id)).toBe(4);
  });

  it('the shared query is the keyword in lower case with its authors', () => {
    expect(sharedQueryOf('  Invoice   Tool ', null)).toBe('invoice tool');
    expect(sharedQueryOf('crm', parseFilter('author:Bob author:al -spam'))).toBe('crm author:al,bob');
  });

  it('a network’s budget is one for every process: a second process waits for the refill', async () => {
    // Two handles on one database stand for two processes (PGlite in memory has one: it is shared).
    const other = database.url ? await openDatabase({ databaseUrl: database.url, dataDir: null }) : null;
    try {
      const limits = { reddit: { requests: 2, windowMs: 60_000 } };
      const clock = new StepClock();
      const controller = new AbortController();
      await new NetworkBudget(database.db, limits).take('reddit');
      const waiting = new NetworkBudget(other?.db ?? database.db, limits, {
        now: () => clock.now(),
        sleep: async (ms) => {
          await clock.sleep(ms);
          controller.abort(new Error('the test has seen the wait'));
        },
      }).take('reddit', controller.signal);
      await expect(waiting).rejects.toThrow('the test has seen the wait');
      // One token a minute after the first: the second request is told to wait most of a minute.
      expect(clock.waits).toHaveLength(1);
      expect(clock.waits[0]).toBeGreaterThan(45_000);
      expect(clock.waits[0]).toBeLessThan(70_000);
      // A network without a limit is not counted.
      await new NetworkBudget(database.db, limits).take('hackernews');
    } finally {
      await other?.close();
    }
  });

  it('a bucket never grants more than the limit in any window', () => {
    const bucket = bucketOf({ requests: 100, windowMs: 60_000 });
    // What it holds at the start of a window and what refills during it.
    expect(bucket.capacity + (bucket.perSecond * 60_000) / 1000).toBe(100);
  });
});
