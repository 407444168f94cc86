/**
 * `npx tsx tests/eval/proposals.ts [test|dev|ordinary]`: the keyword proposals a new user gets, as the
 * built-in drafter makes them, with the posts each finds a week on the datasets served as the networks
 * (every post served as published in the last day, as `npm run eval` serves them): for the labelled
 * products of a split (their description, goal and page where they have one), or for the 24 ordinary
 * one-line products of `corpus/ordinary-products.json` (the default). Printed to read and judge, one
 * product a paragraph.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadRealPosts } from '../../corpus/dataset';
import { corpusDir, evalProducts } from '../../corpus/products';
import { searchEstimates } from '../../server/discovery/keyword-estimates';
import { createSources } from '../../server/discovery/sources';
import { loadEnv } from '../../server/env';
import { BuiltinDrafter } from '../../server/generation/builtin-drafter';
import { createSafeFetcher } from '../../server/net/safe-fetch';
import { startPageServer } from '../support/page-server';
import { startEvalSources } from './eval-sources-server';

async function main() {
  const which = process.argv[2] ?? 'ordinary';
  const posts = loadRealPosts();
  if (!posts) throw new Error('The datasets are not there: see corpus/dataset.ts');
  const sources = await startEvalSources(posts);
  const pages = await startPageServer();
  const env = loadEnv({
    LOG_LEVEL: 'silent',
    SOCIALS: 'reddit,hackernews',
    REDDIT_API_URL: sources.url,
    HACKERNEWS_API_URL: sources.url,
  });
  const estimates = searchEstimates(async () => createSources(env), { timeoutMs: 60_000 });
  const drafter = new BuiltinDrafter(createSafeFetcher({ allowHosts: ['127.0.0.1'] }));
  const briefs =
    which === 'ordinary'
      ? (
          JSON.parse(readFileSync(join(corpusDir, 'ordinary-products.json'), 'utf8')) as {
            description: string;
            goal: string;
          }[]
        ).map((product) => ({
          label: product.description,
          goal: product.goal,
          url: null,
          description: product.description,
        }))
      : evalProducts
          .filter((product) => product.split === which)
          .map((product) => ({
            label: `${product.name} (${product.form}): ${product.description}`,
            goal: product.goal,
            url: null,
            description: product.description,
          }));
  try {
    for (const brief of briefs) {
      const project = await drafter.generateProject({
        goal: brief.goal,
        url: brief.url,
        description: brief.description,
      });
      const weekly = await estimates.weeklyPosts(project.proposals.map((keyword) => keyword.name));
      const said = project.proposals.map((keyword) => {
        const found = weekly.get(keyword.name);
        return `${keyword.name} (${found?.posts ?? '?'}${found?.more ? '+' : ''})`;
      });
      console.log(`${brief.label}\n  goal: ${brief.goal}\n  name: ${project.name}\n  ${said.join(', ')}\n`);
    }
  } finally {
    await sources.close();
    await pages.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
