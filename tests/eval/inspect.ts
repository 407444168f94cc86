/**
 * `npx tsx tests/eval/inspect.ts <product…>`: every candidate of a product as relevance judged it in the
 * real pipeline (the keyword that scored it best, score, reason, kept or not) beside its label and the
 * label's note, with the title and the text's first words: what to read when tuning; `--summary` prints only the
 * figures, `--json <file>` writes every candidate with its score, label and text. Held-out products
 * are refused unless `--held-out` is given, so tuning does not look at them by accident.
 */
import { writeFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { openDatabase } from '../../server/db/client';
import { posts, projects, socials, workspaces } from '../../server/db/schema';
import { applyHardRules } from '../../server/discovery/hard-rules';
import { parseFilter } from '../../server/discovery/keyword-filter';
import { scoreLexically } from '../../server/discovery/lexical-score';
import { foundDateOf, runDiscovery } from '../../server/discovery/pipeline';
import { createRelevance } from '../../server/discovery/relevance';
import { createSources } from '../../server/discovery/sources';
import type { Relevance } from '../../server/discovery/types';
import { loadEnv } from '../../server/env';
import { createDrafter } from '../../server/generation/create-drafter';
import { createLogger } from '../../server/logger';
import { loadRealPosts, PostIndex } from '../../corpus/dataset';
import { startEvalSources } from './eval-sources-server';
import { candidatesOf, labelsOf } from '../../corpus/labels';
import { evalProducts } from '../../corpus/products';

const datasetId = (network: string, externalId: string) =>
  network === 'reddit' ? `reddit:${externalId.replace(/^t3_/, '')}` : `${network}:${externalId}`;

async function main() {
  const args = process.argv.slice(2);
  const heldOutAllowed = args.includes('--held-out');
  const dataset = loadRealPosts();
  if (!dataset) throw new Error('no dataset');
  const index = new PostIndex(dataset);
  const server = await startEvalSources(dataset);
  const handle = await openDatabase({ dataDir: null });
  await handle.db.insert(socials).values([
    { slug: 'reddit', name: 'Reddit', position: 0, enabled: true },
    { slug: 'hackernews', name: 'Hacker News', position: 1, enabled: true },
  ]);
  const dump: unknown[] = [];
  try {
    for (const product of evalProducts.filter((each) => args.includes(each.slug))) {
      if (product.heldOut && !heldOutAllowed) {
        console.log(`${product.name} is held out: pass --held-out to read it`);
        continue;
      }
      const env = loadEnv({
        LOG_LEVEL: 'silent',
        SOCIALS: 'reddit,hackernews',
        REDDIT_API_URL: server.url,
        HACKERNEWS_API_URL: server.url,
      });
      const seen = new Map<string, { keyword: string; score: number; reason: string }>();
      const base = createRelevance(env);
      const relevance: Relevance = {
        kind: base.kind,
        async rank(found, request) {
          const { kept } = applyHardRules(found, request);
          for (const judged of scoreLexically(kept, request)) {
            const id = datasetId(judged.post.network, judged.post.externalId);
            const before = seen.get(id);
            if (!before || before.score < judged.score)
              seen.set(id, { keyword: request.keyword, score: judged.score, reason: judged.reason });
          }
          return base.rank(found, request);
        },
      };
      const [workspace] = await handle.db.insert(workspaces).values({ name: product.name }).returning();
      const [project] = await handle.db
        .insert(projects)
        .values({
          workspaceId: workspace?.id ?? '',
          name: product.name,
          url: null,
          description: product.description,
          goal: product.goal,
          tov: product.tov,
          keywords: product.keywords,
          reviewed: true,
        })
        .returning();
      await runDiscovery(
        {
          db: handle.db,
          sources: createSources(env),
          relevance,
          drafter: createDrafter(env),
          parseFilter,
          logger: createLogger('silent'),
          maxPerKeyword: env.DISCOVERY_MAX_PER_KEYWORD,
        },
        project?.id ?? '',
        foundDateOf(new Date()),
      );
      const stored = await handle.db
        .select({ network: socials.slug, externalId: posts.externalId })
        .from(posts)
        .innerJoin(socials, eq(socials.id, posts.socialId))
        .where(eq(posts.projectId, project?.id ?? ''));
      const kept = new Set(stored.map((row) => datasetId(row.network, row.externalId)));
      const labels = new Map(labelsOf(product).map((label) => [label.postId, label]));
      const rows = candidatesOf(index, product)
        .map((post) => ({ post, judged: seen.get(post.id), label: labels.get(post.id) }))
        .sort((x, y) => (y.judged?.score ?? -1) - (x.judged?.score ?? -1));
      // The ranking of every candidate by its best score, whatever the threshold: P@10 and average precision.
      const ranked = rows.filter((row) => row.judged);
      let hits = 0;
      let precisionSum = 0;
      for (const [rank, row] of ranked.entries())
        if (row.label?.relevant) {
          hits++;
          precisionSum += hits / (rank + 1);
        }
      const relevantCount = rows.filter((row) => row.label?.relevant).length;
      const top10 = ranked.slice(0, 10).filter((row) => row.label?.relevant).length / 10;
      const keptRelevant = rows.filter((row) => row.label?.relevant && kept.has(row.post.id)).length;
      console.log(
        `\n===== ${product.name}: ranking P@10 ${top10.toFixed(2)}, AP ${(precisionSum / (relevantCount || 1)).toFixed(2)}; kept ${kept.size}, P ${(keptRelevant / (kept.size || 1)).toFixed(2)}, R ${(keptRelevant / (relevantCount || 1)).toFixed(2)}`,
      );
      for (const { post, judged, label } of rows)
        dump.push({
          product: product.slug,
          id: post.id,
          score: judged?.score ?? -1,
          reason: judged?.reason ?? '',
          keyword: judged?.keyword ?? '',
          kept: kept.has(post.id),
          relevant: label?.relevant ?? false,
          title: post.title,
          text: post.text,
        });
      if (args.includes('--summary')) continue;
      for (const { post, judged, label } of rows) {
        const mark = label?.relevant ? 'REL' : '---';
        const outcome = kept.has(post.id) ? 'KEPT' : '    ';
        const verdict =
          label?.relevant && !kept.has(post.id)
            ? 'MISS'
            : !label?.relevant && kept.has(post.id)
              ? 'ERR '
              : '    ';
        console.log(
          `\n${verdict} ${mark} ${outcome} ${String(judged?.score ?? '-').padStart(3)} [${judged?.keyword ?? 'dropped'}] ${post.id} r/${post.community}`,
        );
        console.log(`  T: ${(post.title ?? '').slice(0, 140)}`);
        console.log(`  X: ${post.text.replace(/\s+/g, ' ').slice(0, 320)}`);
        console.log(`  why: ${judged?.reason ?? ''}`);
        console.log(`  label: ${label?.note ?? '(none)'}`);
      }
    }
    const jsonAt = args.indexOf('--json');
    if (jsonAt >= 0) writeFileSync(args[jsonAt + 1] ?? 'inspect.json', JSON.stringify(dump));
  } finally {
    await server.close();
    await handle.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
