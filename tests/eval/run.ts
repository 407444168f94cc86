/**
 * `npm run eval [-- <split|product>…]`: how well discovery finds the posts worth answering, on real
 * public posts. Figures, not assertions. For each labelled product (`corpus/products.json`) it serves
 * the datasets through a fake of Reddit's and Hacker News' search APIs, runs the real discovery
 * pipeline (sources, hard rules, the trained ranker, the built-in drafter, storage) on an in-memory
 * database with the product's project, and compares what it kept with the labels (`corpus/labels/`,
 * the rule: `corpus/LABELLING.md`). Train, dev and test products are reported apart; only dev figures
 * may steer a change. Per product and per split:
 *
 * - precision and recall of what is kept (recall over the relevant posts the searches returned);
 * - precision@10: the first ten kept (fewer when fewer are kept), by score;
 * - baseline "keep all": every post the searches returned, newest first (the networks' order);
 * - baseline "BM25": the posts ranked by Okapi BM25 of title and text against the product's
 *   description and keywords, the top N kept where N is what the engine kept (at least 1);
 * - the learning curve: P@10 on the posts not yet judged after the person judged the first 0, 5, 10
 *   and 20 of the ranking (their labels replayed), every candidate ranked by the engine.
 *
 * Means are given over every product and over the products with at least 5 relevant candidates (fewer
 * cannot fill a top ten). It also times each stage (fetch, score, draft, store) on a run with broad
 * keywords that sees over 1,000 candidate posts, per 1,000 posts, and writes everything to
 * `reports/eval.json`. Without the datasets it says so and exits 0.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { eq } from 'drizzle-orm';
import { datasetDir, loadRealPosts, PostIndex, type RealPost } from '../../corpus/dataset';
import { candidatesOf, labelsOf } from '../../corpus/labels';
import { type EvalProduct, evalProducts, type Split } from '../../corpus/products';
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
import { PostReader } from '../../server/engine/ranking/profiles';
import { ProjectSignals } from '../../server/engine/ranking/project-signals';
import { rankPosts } from '../../server/engine/ranking/rank-posts';
import { loadEnv } from '../../server/env';
import { createDrafter } from '../../server/generation/create-drafter';
import type { Drafter } from '../../server/generation/drafter';
import { createLogger } from '../../server/logger';
import { startEvalSources } from './eval-sources-server';
import { Bm25, meanScores, type Scores, scoreRanking } from './metrics';

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

/** P@10 on the posts not yet judged, after the person judged this many of the ranking's first. */
export const curvePoints = [0, 5, 10, 20] as const;

/** What the engine got wrong on a product, by the post's labelled intent. */
interface Errors {
  /** Kept but not worth answering. */
  keptWrongly: Record<string, number>;
  /** Worth answering but not kept. */
  missed: Record<string, number>;
}

interface ProductResult {
  product: EvalProduct;
  errors_: Errors;
  candidates: number;
  relevant: number;
  engine: Scores;
  keepAll: Scores;
  bm25: Scores;
  /** P@10 at each of `curvePoints`. */
  curve: number[];
  /** The same posts judged and left out, the rest in the first ranking's order: what learning adds to. */
  unlearned: number[];
  status: string;
  errors: string[];
  stages: Stages;
}

const measurable = (result: Pick<ProductResult, 'relevant'>) => result.relevant >= 5;

function precisionAt10(ranked: readonly string[], relevant: ReadonlySet<string>): number {
  const top = ranked.slice(0, 10);
  return top.length ? top.filter((id) => relevant.has(id)).length / top.length : 0;
}

/**
 * The learning curve: every candidate ranked by the engine; the person judges the first few of the
 * ranking (their labels), the project's signals take them in, the rest is ranked again.
 */
function learningCurve(
  product: EvalProduct,
  candidates: readonly RealPost[],
  relevant: ReadonlySet<string>,
): { curve: number[]; unlearned: number[] } {
  const reader = new PostReader(20_000);
  const text = {
    name: product.name,
    description: product.description,
    goal: product.goal,
    keywords: product.keywords.map((keyword) => keyword.name),
  };
  const index = new PostIndex(candidates);
  const keywordOf = (post: RealPost) =>
    product.keywords.find((keyword) => index.matches(post, keyword.name))?.name ?? text.keywords[0] ?? '';
  const toCandidate = (post: RealPost) => ({
    key: post.id,
    post: {
      title: post.title,
      content: post.text,
      network: post.network,
      comment: post.kind === 'comment',
      url: post.url,
    },
  });
  const rank = (pool: readonly RealPost[], signals: ProjectSignals | null) => {
    const byKeyword = new Map<string, RealPost[]>();
    for (const post of pool)
      byKeyword.set(keywordOf(post), [...(byKeyword.get(keywordOf(post)) ?? []), post]);
    return [...byKeyword]
      .flatMap(([keyword, found]) => rankPosts(reader, text, keyword, found.map(toCandidate), signals))
      .sort((a, b) => b.score - a.score)
      .map((ranked) => ranked.key);
  };
  const byId = new Map(candidates.map((post) => [post.id, post]));
  const first = rank(candidates, null);
  const unlearned = curvePoints.map((judged) => precisionAt10(first.slice(judged), relevant));
  const curve = curvePoints.map((judged) => {
    if (judged === 0) return precisionAt10(first, relevant);
    const seen = first.slice(0, judged);
    const profile = (id: string) => {
      const post = byId.get(id) as RealPost;
      return reader.profile(id, toCandidate(post).post);
    };
    const signals = new ProjectSignals(
      seen.filter((id) => relevant.has(id)).map(profile),
      seen.filter((id) => !relevant.has(id)).map(profile),
    );
    const rest = candidates.filter((post) => !seen.includes(post.id));
    return precisionAt10(rank(rest, signals), relevant);
  });
  return { curve, unlearned };
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
  const errors_: Errors = { keptWrongly: {}, missed: {} };
  const keptIds = new Set(engineRanking);
  for (const post of candidates) {
    const label = labels.get(post.id);
    if (!label) continue;
    if (keptIds.has(post.id) && !label.relevant)
      errors_.keptWrongly[label.intent] = (errors_.keptWrongly[label.intent] ?? 0) + 1;
    if (!keptIds.has(post.id) && label.relevant)
      errors_.missed[label.intent] = (errors_.missed[label.intent] ?? 0) + 1;
  }
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
    errors_,
    candidates: candidates.length,
    relevant: relevant.size,
    engine: scoreRanking(engineRanking, relevant),
    keepAll: scoreRanking(newestFirst, relevant),
    bm25: scoreRanking(bm25Ranking, relevant),
    ...(product.slug === 'timing'
      ? { curve: [], unlearned: [] }
      : learningCurve(product, candidates, relevant)),
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
  form: 'sentence',
  description: 'A helpful tool for people who need good advice at work.',
  goal: 'Find people looking for advice',
  tov: 'Plain',
  keywords: ['help', 'need', 'looking', 'work'].map((name) => ({ name, filter: null })),
  split: 'dev',
};

const figure = (value: number) => value.toFixed(2);

export function table(rows: string[][]): string {
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

type Summary = Pick<
  ProductResult,
  'candidates' | 'relevant' | 'engine' | 'keepAll' | 'bm25' | 'curve' | 'unlearned'
>;

function meanOf(group: readonly ProductResult[]): Summary {
  const mean = (pick: (result: ProductResult) => number) =>
    group.reduce((sum, result) => sum + pick(result), 0) / (group.length || 1);
  return {
    candidates: mean((result) => result.candidates),
    relevant: mean((result) => result.relevant),
    engine: meanScores(group.map((result) => result.engine)),
    keepAll: meanScores(group.map((result) => result.keepAll)),
    bm25: meanScores(group.map((result) => result.bm25)),
    curve: curvePoints.map((_, i) => mean((result) => result.curve[i] ?? 0)),
    unlearned: curvePoints.map((_, i) => mean((result) => result.unlearned[i] ?? 0)),
  };
}

const header = [
  'product',
  'split',
  'cand.',
  'rel.',
  'kept',
  'P',
  'R',
  'P@10',
  'BM25: P',
  'BM25: R',
  'BM25: P@10',
  'all: P',
  ...curvePoints.map((judged) => `P@10 after ${judged}`),
];

function row(label: string, split: string, result: Summary): string[] {
  return [
    label,
    split,
    String(Math.round(result.candidates)),
    String(Math.round(result.relevant)),
    String(Math.round(result.engine.kept)),
    ...scoreCells(result.engine),
    ...scoreCells(result.bm25),
    figure(result.keepAll.precision),
    ...result.curve.map(figure),
  ];
}

async function main() {
  const dir = datasetDir();
  const dataset = loadRealPosts(dir);
  if (!dataset) {
    console.log(`No datasets at ${dir} (set DATASETS_DIR): the evaluation is skipped.`);
    return;
  }
  const wanted = process.argv.slice(2);
  const splits = wanted.filter((arg): arg is Split => arg === 'train' || arg === 'dev' || arg === 'test');
  const slugs = wanted.filter((arg) => !splits.includes(arg as Split));
  const products = evalProducts.filter(
    (product) =>
      (splits.length === 0 && slugs.length === 0) ||
      splits.includes(product.split) ||
      slugs.includes(product.slug),
  );
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
      process.stdout.write(`${product.name} (${product.split})… `);
      const result = await evaluate(product, { index, bm25 }, server.url, handle.db);
      results.push(result);
      console.log(`${result.status}, ${result.engine.kept} kept of ${result.candidates}`);
    }
    if (slugs.length === 0) {
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

  const rows = [header];
  const means: Record<string, { all: Summary; measurable: Summary; products: number; measured: number }> = {};
  for (const split of ['train', 'dev', 'test'] as const) {
    const group = results.filter((result) => result.product.split === split);
    if (group.length === 0) continue;
    for (const result of group) rows.push(row(result.product.name, split, result));
    const measured = group.filter(measurable);
    means[split] = {
      all: meanOf(group),
      measurable: meanOf(measured),
      products: group.length,
      measured: measured.length,
    };
    rows.push(row(`mean, ${split} (${group.length})`, split, meanOf(group)));
    rows.push(row(`mean, ${split}, ≥ 5 relevant (${measured.length})`, split, meanOf(measured)));
  }

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
    `\nRelevance: ${createRelevance(loadEnv({ LOG_LEVEL: 'silent' })).kind}; P/R/P@10 of what is kept; the learning curve ranks every candidate`,
  );
  console.log(table(rows));
  console.log(`\n${table(stageRows)}`);
  const errorRows = [['split', 'kept wrongly, by intent', 'missed, by intent']];
  for (const split of ['train', 'dev', 'test'] as const) {
    const group = results.filter((result) => result.product.split === split);
    if (group.length === 0) continue;
    const sum = (pick: (errors: Errors) => Record<string, number>) => {
      const total: Record<string, number> = {};
      for (const result of group)
        for (const [intent, count] of Object.entries(pick(result.errors_)))
          total[intent] = (total[intent] ?? 0) + count;
      return Object.entries(total)
        .sort((a, b) => b[1] - a[1])
        .map(([intent, count]) => `${intent} ${count}`)
        .join(', ');
    };
    errorRows.push([split, sum((errors) => errors.keptWrongly), sum((errors) => errors.missed)]);
  }
  console.log(`\nErrors left, by the post's labelled intent\n${table(errorRows)}`);
  const learningRows = [
    ['split', ...curvePoints.map((judged) => `P@10 after ${judged}: learned / not`)],
    ...Object.entries(means).map(([split, { all }]) => [
      split,
      ...curvePoints.map((_, i) => `${figure(all.curve[i] ?? 0)} / ${figure(all.unlearned[i] ?? 0)}`),
    ]),
  ];
  console.log(
    `\nLearning from the person: the first posts of the ranking judged, the rest ranked again with their signals or left in order\n${table(learningRows)}`,
  );
  for (const result of results) {
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
          split: product.split,
          ...result,
        })),
        means,
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
