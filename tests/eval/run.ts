/**
 * `npm run eval`: how well discovery finds the posts worth answering, on real public posts. Figures,
 * not assertions. For each product of `products.ts` it serves the real-posts dataset through a fake of
 * Reddit's and Hacker News' search APIs, runs the real discovery pipeline (sources, relevance, the
 * built-in drafter, storage) on an in-memory database with the product's project, and compares what it
 * kept with the labels of `labels/` (the rule: `LABELLING.md`). Per product and mean, for the engine
 * and two baselines:
 *
 * - precision and recall of what is kept (recall over the relevant posts the searches returned);
 * - precision@10: the first ten kept (fewer when fewer are kept), by score;
 * - baseline "keep all": every post the searches returned, newest first (the networks' order);
 * - baseline "BM25": the posts ranked by Okapi BM25 of title and text against the product's
 *   description and keywords (document frequencies over the whole dataset), the top N kept where N is
 *   what the engine kept (at least 1), so the two are compared at the same budget.
 *
 * It also times each stage (fetch, score, draft, store) on a run with broad keywords that sees over
 * 1,000 candidate posts, and gives it per 1,000 (and the same over the products' runs), and writes
 * everything to `reports/eval.json`. Without the dataset it says so and exits 0.
 * `npm run eval -- gridwise querycamp` runs some products only.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { eq } from 'drizzle-orm';
import { type Database, openDatabase } from '../../server/db/client';
import { posts, projects, socials, workspaces } from '../../server/db/schema';
import { parseFilter } from '../../server/discovery/keyword-filter';
import {
  type DiscoveryDeps,
  type DiscoveryProgress,
  foundDateOf,
  runDiscovery,
} from '../../server/discovery/pipeline';
import { createRelevance } from '../../server/discovery/relevance';
import { createSources } from '../../server/discovery/sources';
import type { Relevance, Source } from '../../server/discovery/types';
import { loadEnv } from '../../server/env';
import { createDrafter } from '../../server/generation/create-drafter';
import type { Drafter } from '../../server/generation/drafter';
import { createLogger } from '../../server/logger';
import { datasetDir, loadRealPosts, PostIndex } from '../../corpus/dataset';
import { startEvalSources } from './eval-sources-server';
import { candidatesOf, labelsOf } from '../../corpus/labels';
import { Bm25, meanScores, type Scores, scoreRanking } from './metrics';
import { type EvalProduct, evalProducts } from '../../corpus/products';

/** A stored post's dataset id. */
function datasetId(network: string, externalId: string): string {
  return network === 'reddit' ? `reddit:${externalId.replace(/^t3_/, '')}` : `${network}:${externalId}`;
}

interface Stages {
  fetch: number;
  score: number;
  draft: number;
  store: number;
  found: number;
}

interface ProductResult {
  product: EvalProduct;
  candidates: number;
  labelled: number;
  relevant: number;
  engine: Scores;
  keepAll: Scores;
  bm25: Scores;
  status: string;
  errors: string[];
  stages: Stages;
}

async function evaluate(
  product: EvalProduct,
  dataset: { index: PostIndex; bm25: Bm25 },
  sourcesUrl: string,
  db: Database,
  overrides: Record<string, string> = {},
): Promise<ProductResult> {
  const env = loadEnv({
    LOG_LEVEL: 'silent',
    SOCIALS: 'reddit,hackernews',
    REDDIT_API_URL: sourcesUrl,
    HACKERNEWS_API_URL: sourcesUrl,
    ...Object.fromEntries(Object.entries(process.env).filter(([name]) => /^(DISCOVERY_|LLM_)/.test(name))),
    ...overrides,
  });
  const candidates = candidatesOf(dataset.index, product);
  const labels = new Map(labelsOf(product).map((label) => [label.postId, label]));
  const relevant = new Set(
    candidates.filter((post) => labels.get(post.id)?.relevant === true).map((post) => post.id),
  );

  // Each stage's wall time: a keyword's sources are searched one after another, then its posts are
  // scored, then drafted (several at once), then stored; so fetch and score are the calls' own time,
  // draft runs from the first draft's start to the last one's end, and store from there (or from the
  // scoring, when nothing was drafted) to the keyword's "stored" event.
  const stages: Stages = { fetch: 0, score: 0, draft: 0, store: 0, found: 0 };
  let lastStepEnd = 0;
  let draftStart: number | null = null;
  let draftEnd = 0;
  const sources: Source[] = createSources(env).map((source) => ({
    slug: source.slug,
    name: source.name,
    kind: source.kind,
    async search(query) {
      const start = performance.now();
      try {
        const found = await source.search(query);
        stages.found += found.length;
        return found;
      } finally {
        lastStepEnd = performance.now();
        stages.fetch += lastStepEnd - start;
      }
    },
  }));
  const baseRelevance = createRelevance(env);
  const relevance: Relevance = {
    kind: baseRelevance.kind,
    async rank(found, request) {
      const start = performance.now();
      try {
        return await baseRelevance.rank(found, request);
      } finally {
        lastStepEnd = performance.now();
        stages.score += lastStepEnd - start;
      }
    },
  };
  const baseDrafter = createDrafter(env);
  const drafter: Pick<Drafter, 'draftReply'> = {
    async draftReply(...args) {
      draftStart ??= performance.now();
      try {
        return await baseDrafter.draftReply(...args);
      } finally {
        draftEnd = Math.max(draftEnd, performance.now());
      }
    },
  };
  const onProgress = (event: DiscoveryProgress) => {
    if (event.kind !== 'stored') return;
    const now = performance.now();
    if (draftStart !== null) {
      stages.draft += draftEnd - draftStart;
      stages.store += now - Math.max(draftEnd, lastStepEnd);
    } else {
      stages.store += now - lastStepEnd;
    }
    draftStart = null;
    draftEnd = 0;
  };

  let status = 'finished';
  const errors: string[] = [];
  let kept: { id: string; score: number }[] = [];
  {
    const [workspace] = await db.insert(workspaces).values({ name: product.name }).returning();
    if (!workspace) throw new Error('no workspace');
    const [project] = await db
      .insert(projects)
      .values({
        workspaceId: workspace.id,
        name: product.name,
        url: null,
        description: product.description,
        goal: product.goal,
        tov: product.tov,
        keywords: product.keywords,
        reviewed: true,
      })
      .returning();
    if (!project) throw new Error('no project');
    const deps: DiscoveryDeps = {
      db,
      sources,
      relevance,
      drafter,
      parseFilter,
      logger: createLogger('silent'),
      maxPerKeyword: env.DISCOVERY_MAX_PER_KEYWORD,
      onProgress,
    };
    try {
      const outcome = await runDiscovery(deps, project.id, foundDateOf(new Date()));
      status = outcome.status === 'finished' ? 'finished' : `skipped (${outcome.why})`;
      if (outcome.run)
        for (const error of outcome.run.errors) errors.push(`${error.kind}: ${error.message.slice(0, 200)}`);
    } catch (error) {
      status = 'failed';
      errors.push(failureOf(error));
    }
    const rows = await db
      .select({ network: socials.slug, externalId: posts.externalId, score: posts.score })
      .from(posts)
      .innerJoin(socials, eq(socials.id, posts.socialId))
      .where(eq(posts.projectId, project.id));
    kept = rows.map((row) => ({ id: datasetId(row.network, row.externalId), score: row.score ?? 0 }));
  }

  const engineRanking = kept.sort((x, y) => y.score - x.score).map((post) => post.id);
  const newestFirst = [...candidates].sort((x, y) => y.created_utc - x.created_utc).map((post) => post.id);
  const query = Bm25.queryOf(
    [product.description, ...product.keywords.map((keyword) => keyword.name)].join(' '),
  );
  const bm25Ranking = candidates
    .map((post) => ({ id: post.id, score: dataset.bm25.score(query, `${post.title ?? ''} ${post.text}`) }))
    .sort((x, y) => y.score - x.score)
    .map((post) => post.id)
    .slice(0, Math.max(1, engineRanking.length));
  return {
    product,
    candidates: candidates.length,
    labelled: candidates.filter((post) => labels.has(post.id)).length,
    relevant: relevant.size,
    engine: scoreRanking(engineRanking, relevant),
    keepAll: scoreRanking(newestFirst, relevant),
    bm25: scoreRanking(bm25Ranking, relevant),
    status,
    errors,
    stages,
  };
}

/** A failure in one line: the database's own message rather than the whole query. */
function failureOf(error: unknown): string {
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  const message = cause instanceof Error ? cause.message : String(cause);
  return message.split('\n')[0]?.slice(0, 200) ?? '';
}

/**
 * A project whose keywords are common words, so its run sees over a thousand candidate posts, run with
 * no score threshold so each keyword keeps and drafts up to its cap: what each stage costs at that
 * volume (its relevance is not measured).
 */
const timingProduct: EvalProduct = {
  slug: 'timing',
  name: 'Stage timing',
  kind: 'timing',
  description: 'A helpful tool for people who need good advice at work.',
  goal: 'Find people looking for advice',
  tov: 'Plain',
  keywords: ['help', 'need', 'looking', 'work'].map((name) => ({ name, filter: null })),
  heldOut: false,
};

const figure = (value: number) => value.toFixed(2);

function table(rows: string[][]): string {
  const widths = (rows[0] ?? []).map((_, column) => Math.max(...rows.map((row) => row[column]?.length ?? 0)));
  const line = (row: readonly string[]) =>
    row.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join(' | ');
  return [
    line(rows[0] ?? []),
    widths.map((width) => '-'.repeat(width)).join('-|-'),
    ...rows.slice(1).map(line),
  ].join('\n');
}

function scoreCells(scores: Scores): string[] {
  return [figure(scores.precision), figure(scores.recall), figure(scores.precisionAt10)];
}

async function main() {
  const dir = datasetDir();
  const dataset = loadRealPosts(dir);
  if (!dataset) {
    console.log(`No real-posts dataset at ${dir} (set REAL_POSTS_DIR): the evaluation is skipped.`);
    return;
  }
  const wanted = process.argv.slice(2);
  const products = wanted.length
    ? evalProducts.filter((product) => wanted.includes(product.slug))
    : evalProducts;
  const index = new PostIndex(dataset);
  const bm25 = new Bm25(dataset.map((post) => `${post.title ?? ''} ${post.text}`));
  const server = await startEvalSources(dataset);
  // One in-memory database; each product is its own workspace and project, so what one keeps is never
  // "already seen" for another.
  const handle = await openDatabase({ dataDir: null });
  await handle.db.insert(socials).values([
    { slug: 'reddit', name: 'Reddit', position: 0, enabled: true },
    { slug: 'hackernews', name: 'Hacker News', position: 1, enabled: true },
  ]);
  const results: ProductResult[] = [];
  let timing: ProductResult | undefined;
  const started = performance.now();
  try {
    for (const product of products) {
      process.stdout.write(`${product.name}… `);
      const result = await evaluate(product, { index, bm25 }, server.url, handle.db);
      results.push(result);
      console.log(`${result.status}, ${result.engine.kept} kept of ${result.candidates}`);
    }
    if (!wanted.length) {
      process.stdout.write('Stage times, broad keywords… ');
      timing = await evaluate(timingProduct, { index, bm25 }, server.url, handle.db, {
        DISCOVERY_MIN_SCORE: '0',
      });
      console.log(`${timing.stages.found} candidate posts`);
    }
  } finally {
    await server.close();
    await handle.close();
  }
  const totalMs = performance.now() - started;

  const header = [
    'product',
    'held out',
    'cand.',
    'rel.',
    'kept',
    'P',
    'R',
    'P@10',
    'all: P',
    'all: R',
    'all: P@10',
    'BM25: P',
    'BM25: R',
    'BM25: P@10',
  ];
  const row = (
    label: string,
    heldOut: string,
    result: Omit<ProductResult, 'product' | 'status' | 'errors' | 'stages'>,
  ) => [
    label,
    heldOut,
    String(Math.round(result.candidates)),
    String(Math.round(result.relevant)),
    String(Math.round(result.engine.kept)),
    ...scoreCells(result.engine),
    ...scoreCells(result.keepAll),
    ...scoreCells(result.bm25),
  ];
  const meanOf = (group: ProductResult[]) => ({
    candidates: group.reduce((sum, result) => sum + result.candidates, 0) / (group.length || 1),
    labelled: group.reduce((sum, result) => sum + result.labelled, 0) / (group.length || 1),
    relevant: group.reduce((sum, result) => sum + result.relevant, 0) / (group.length || 1),
    engine: meanScores(group.map((result) => result.engine)),
    keepAll: meanScores(group.map((result) => result.keepAll)),
    bm25: meanScores(group.map((result) => result.bm25)),
  });
  const tuned = results.filter((result) => !result.product.heldOut);
  const heldOut = results.filter((result) => result.product.heldOut);
  const rows = [header];
  for (const result of tuned) rows.push(row(result.product.name, 'no', result));
  if (tuned.length) rows.push(row('mean (tuned on)', 'no', meanOf(tuned)));
  for (const result of heldOut) rows.push(row(result.product.name, 'yes', result));
  if (heldOut.length) rows.push(row('mean (held out)', 'yes', meanOf(heldOut)));
  rows.push(row('mean (all)', '', meanOf(results)));

  const total = results.reduce(
    (sum, result) => ({
      fetch: sum.fetch + result.stages.fetch,
      score: sum.score + result.stages.score,
      draft: sum.draft + result.stages.draft,
      store: sum.store + result.stages.store,
      found: sum.found + result.stages.found,
    }),
    { fetch: 0, score: 0, draft: 0, store: 0, found: 0 },
  );
  const per1000 = (ms: number, found = total.found) => (found ? (ms / found) * 1000 : 0);
  const timingStages = timing?.stages;
  const stageRows = [
    [
      'stage',
      timingStages ? `broad keywords: ms for ${timingStages.found} posts` : 'broad keywords',
      'ms per 1,000 candidate posts',
      `products: ms per 1,000 (of ${total.found})`,
    ],
    ...(['fetch', 'score', 'draft', 'store'] as const).map((stage) => [
      stage,
      timingStages ? timingStages[stage].toFixed(0) : '-',
      timingStages ? per1000(timingStages[stage], timingStages.found).toFixed(0) : '-',
      per1000(total[stage]).toFixed(0),
    ]),
  ];

  console.log(
    `\nRelevance: ${createRelevance(loadEnv({ LOG_LEVEL: 'silent' })).kind}; P/R/P@10 of what is kept`,
  );
  console.log(table(rows));
  console.log(`\n${table(stageRows)}`);
  for (const result of results) {
    if (result.labelled < result.candidates)
      console.log(
        `${result.product.name}: ${result.candidates - result.labelled} candidates have no label (counted not relevant)`,
      );
    if (result.status !== 'finished' || result.errors.length)
      console.log(`${result.product.name}: run ${result.status}; ${result.errors.slice(0, 3).join('; ')}`);
  }
  console.log(`\nWhole evaluation: ${(totalMs / 1000).toFixed(1)} s`);

  mkdirSync('reports', { recursive: true });
  writeFileSync(
    'reports/eval.json',
    `${JSON.stringify(
      {
        at: new Date().toISOString(),
        machine: { cpus: cpus().length, memoryGiB: Math.round(totalmem() / 2 ** 30), node: process.version },
        dataset: dir,
        products: results.map(({ product, ...result }) => ({
          slug: product.slug,
          name: product.name,
          heldOut: product.heldOut,
          ...result,
        })),
        mean: { tuned: meanOf(tuned), heldOut: meanOf(heldOut), all: meanOf(results) },
        stagesPer1000: {
          fetch: per1000(total.fetch),
          score: per1000(total.score),
          draft: per1000(total.draft),
          store: per1000(total.store),
        },
        timing: timing
          ? {
              keywords: timingProduct.keywords.map((keyword) => keyword.name),
              stages: timing.stages,
              kept: timing.engine.kept,
              status: timing.status,
              per1000: {
                fetch: per1000(timing.stages.fetch, timing.stages.found),
                score: per1000(timing.stages.score, timing.stages.found),
                draft: per1000(timing.stages.draft, timing.stages.found),
                store: per1000(timing.stages.store, timing.stages.found),
              },
            }
          : null,
        table: rows,
      },
      null,
      2,
    )}\n`,
  );
  console.log('Written to reports/eval.json');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
