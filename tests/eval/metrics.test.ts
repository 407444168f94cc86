import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadRealPosts, looseStem, PostIndex, type RealPost } from '../../corpus/dataset';
import { candidatesOf, intents, labelsOf } from '../../corpus/labels';
import { evalProducts } from '../../corpus/products';
import { createSources } from '../../server/discovery/sources';
import { loadEnv } from '../../server/env';
import { type EvalSources, startEvalSources } from './eval-sources-server';
import { Bm25, meanScores, scoreRanking } from './metrics';

function post(id: string, fields: Partial<RealPost> = {}): RealPost {
  const network = id.startsWith('hackernews:') ? 'hackernews' : 'reddit';
  return {
    id,
    network,
    kind: network === 'reddit' ? 'submission' : 'story',
    community: network === 'reddit' ? 'excel' : 'hn',
    title: 'A title',
    text: '',
    author: 'someone',
    url:
      network === 'reddit'
        ? `https://www.reddit.com/r/excel/comments/${id.slice(7)}/a_title/`
        : `https://news.ycombinator.com/item?id=${id.slice(11)}`,
    created_utc: 1_350_000_000,
    ...fields,
  };
}

describe('the evaluation figures', () => {
  it('gives precision, recall and precision@10 of a kept ranking', () => {
    const relevant = new Set(['a', 'b', 'c', 'd']);
    const scores = scoreRanking(['a', 'x', 'b', 'y'], relevant);
    expect(scores).toEqual({ kept: 4, precision: 0.5, recall: 0.5, precisionAt10: 0.5 });
    // Only the first ten count for precision@10.
    const long = ['a', 'b', 'c', 'd', ...Array.from({ length: 10 }, (_, index) => `n${index}`)];
    expect(scoreRanking(long, relevant).precisionAt10).toBeCloseTo(0.4);
    expect(scoreRanking(long, relevant).recall).toBe(1);
  });

  it('counts a product that keeps nothing as precision 0, and one with nothing relevant as full recall', () => {
    expect(scoreRanking([], new Set(['a']))).toEqual({ kept: 0, precision: 0, recall: 0, precisionAt10: 0 });
    expect(scoreRanking(['x'], new Set()).recall).toBe(1);
  });

  it('averages each figure over the products', () => {
    const mean = meanScores([
      { kept: 2, precision: 1, recall: 0.5, precisionAt10: 1 },
      { kept: 4, precision: 0, recall: 1, precisionAt10: 0.5 },
    ]);
    expect(mean).toEqual({ kept: 3, precision: 0.5, recall: 0.75, precisionAt10: 0.75 });
  });

  it('ranks with BM25 the text about the query above the text that only mentions it', () => {
    const corpus = [
      'How do I write an Excel formula that counts cells? The formula breaks.',
      'My trip to Spain, and a spreadsheet of costs mentioned once.',
      'Nothing to do with it at all.',
      'Another unrelated story about cooking.',
    ];
    const bm25 = new Bm25(corpus);
    const query = Bm25.queryOf('An Excel add-in that writes formulas');
    const scores = corpus.map((text) => bm25.score(query, text));
    expect(scores[0]).toBeGreaterThan(scores[1] ?? 0);
    expect(scores[2]).toBe(0);
    // Stop words of the description are not part of the query.
    expect(query).not.toContain(looseStem('that'));
  });
});

describe('the networks’ search over the real posts', () => {
  it('finds a post when every word of the keyword occurs in it, in any form', () => {
    const index = new PostIndex([
      post('reddit:a1', { title: 'Chasing late invoices', text: 'Clients never pay on time' }),
      post('reddit:a2', { title: 'Invoice template', text: 'nothing late here' }),
      post('reddit:a3', { title: 'Late night', text: 'no billing at all' }),
      post('reddit:c1', { kind: 'comment', title: null, text: 'late invoice again' }),
      post('hackernews:9', {
        kind: 'comment',
        title: null,
        text: '<p>My <i>invoicing</i> is always late</p>',
      }),
    ]);
    expect(index.search('reddit', 'late invoice').map((found) => found.id)).toEqual([
      'reddit:a1',
      'reddit:a2',
    ]);
    // Hacker News' search finds comments too; Reddit's link search does not.
    expect(index.search('hackernews', 'late invoices').map((found) => found.id)).toEqual(['hackernews:9']);
    expect(looseStem('invoices')).toBe(looseStem('invoicing'));
  });
});

describe('the fake networks the evaluation runs discovery against', () => {
  let server: EvalSources;
  const posts = Array.from({ length: 130 }, (_, index) =>
    post(`reddit:p${index}`, { title: `Spreadsheet question ${index}`, created_utc: 1_350_000_000 + index }),
  ).concat([
    post('hackernews:42', { title: 'Ask HN: a spreadsheet for my team?', text: '<p>Which one?</p>' }),
  ]);

  beforeAll(async () => {
    server = await startEvalSources(posts);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('serves every matching post to the real Reddit and Hacker News adapters, newest first, within the last day', async () => {
    const env = loadEnv({
      LOG_LEVEL: 'silent',
      SOCIALS: 'reddit,hackernews',
      REDDIT_API_URL: server.url,
      HACKERNEWS_API_URL: server.url,
    });
    const [reddit, hackernews] = createSources(env);
    const until = new Date(Date.now() + 60_000);
    const since = new Date(until.getTime() - 86_400_000);
    const query = { keyword: 'spreadsheet', filter: null, since, until, limit: 100 };
    const fromReddit = (await reddit?.search(query)) ?? [];
    expect(fromReddit.length).toBeGreaterThanOrEqual(100);
    expect(fromReddit[0]?.title).toBe('Spreadsheet question 129');
    expect(fromReddit[0]?.url).toBe('https://www.reddit.com/r/excel/comments/p129/a_title/');
    for (const found of fromReddit)
      expect(found.publishedAt.getTime()).toBeGreaterThanOrEqual(since.getTime());
    const fromHackerNews = (await hackernews?.search(query)) ?? [];
    expect(fromHackerNews.map((found) => found.externalId)).toEqual(['42']);
    expect(fromHackerNews[0]?.content).toBe('Which one?');
  });

  it('pages Reddit’s answers with after, as the network does', async () => {
    const first = (await (await fetch(`${server.url}/search.json?q=spreadsheet&limit=100`)).json()) as {
      data: { after: string | null; children: { data: { name: string } }[] };
    };
    expect(first.data.children).toHaveLength(100);
    expect(first.data.after).toBe(first.data.children.at(-1)?.data.name);
    const second = (await (
      await fetch(`${server.url}/search.json?q=spreadsheet&limit=100&after=${first.data.after}`)
    ).json()) as typeof first;
    expect(second.data.children).toHaveLength(30);
    expect(second.data.after).toBeNull();
  });
});

describe('the labels', () => {
  const dataset = loadRealPosts();

  it('split the products by a fixed draw: at least 12 kept for testing, half of each form in each split', () => {
    const count = (split: string, form?: string) =>
      evalProducts.filter((product) => product.split === split && (!form || product.form === form)).length;
    expect(evalProducts.length).toBeGreaterThanOrEqual(40);
    expect(count('test')).toBeGreaterThanOrEqual(12);
    expect(count('dev')).toBeGreaterThanOrEqual(5);
    for (const split of ['train', 'dev', 'test'])
      expect(Math.abs(count(split, 'sentence') - count(split, 'phrase'))).toBeLessThanOrEqual(2);
  });

  it.skipIf(dataset === null)(
    'judge every post each product’s keywords find, and only those, with an intent',
    () => {
      const index = new PostIndex(dataset ?? []);
      let pairs = 0;
      for (const product of evalProducts) {
        const candidates = candidatesOf(index, product).map((found) => found.id);
        const labels = labelsOf(product);
        expect(labels.map((label) => label.postId).sort(), product.slug).toEqual([...candidates].sort());
        for (const label of labels) {
          expect(typeof label.relevant, label.postId).toBe('boolean');
          expect(intents, label.postId).toContain(label.intent);
          expect(label.note.length, label.postId).toBeGreaterThan(0);
          expect(Object.keys(label).sort()).toEqual(['intent', 'note', 'postId', 'relevant']);
        }
        pairs += labels.length;
      }
      expect(pairs).toBeGreaterThanOrEqual(5_000);
    },
  );
});
