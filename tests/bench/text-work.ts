/**
 * Whether a person's text holds up other people's requests (issue 26): while projects are generated from
 * 5,000-character descriptions (the contract's limit; real posts from the datasets, read at run time),
 * a second client asks for its projects one request after another; how long those requests take is
 * compared with the same client alone.
 */
import { readFileSync } from 'node:fs';
import { datasetDir } from '../../corpus/dataset';
import type { BenchTarget } from './target';

export interface TextWorkResult {
  descriptions: number;
  descriptionChars: number;
  /** The second client's requests alone, and while the descriptions were analysed. */
  alone: { requests: number; p50Ms: number; maxMs: number };
  during: { requests: number; p50Ms: number; maxMs: number };
  /** How long each generation took, end to end. */
  generateMs: number[];
}

/** Long descriptions made of real posts' text, `chars` characters each. */
function longDescriptions(count: number, chars: number): string[] {
  const lines = readFileSync(`${datasetDir()}/real-posts/posts.jsonl`, 'utf8').split('\n').filter(Boolean);
  const texts: string[] = [];
  let current = '';
  for (const line of lines) {
    const post = JSON.parse(line) as { title?: string; text?: string };
    current += ` ${post.title ?? ''} ${post.text ?? ''}`;
    if (current.length >= chars) {
      texts.push(current.trim().slice(0, chars));
      current = '';
      if (texts.length === count) break;
    }
  }
  return texts;
}

const summary = (times: number[]) => {
  const sorted = [...times].sort((a, b) => a - b);
  return {
    requests: sorted.length,
    p50Ms: Math.round(sorted[Math.floor(sorted.length / 2)] ?? 0),
    maxMs: Math.round(sorted.at(-1) ?? 0),
  };
};

export async function benchTextWork(target: BenchTarget, count = 6, chars = 5_000): Promise<TextWorkResult> {
  const headers = { authorization: `Bearer ${target.token}`, 'project-id': target.projectId };
  const ask = async () => {
    const started = performance.now();
    const response = await fetch(`${target.baseURL}/api/projects`, { headers });
    await response.arrayBuffer();
    return performance.now() - started;
  };
  /** The second client: one request after another until `done`. */
  const askUntil = async (done: () => boolean) => {
    const times: number[] = [];
    while (!done()) times.push(await ask());
    return times;
  };
  const generate = async (description: string) => {
    const response = await fetch(`${target.baseURL}/api/projects/generate`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({
        goal: 'Find people who need what this product does',
        noWebsite: true,
        description,
      }),
    });
    if (!response.ok) throw new Error(`generate answered ${response.status}: ${await response.text()}`);
    await response.arrayBuffer();
  };
  for (let i = 0; i < 20; i += 1) await ask(); // warm
  const aloneUntil = performance.now() + 3_000;
  const alone = await askUntil(() => performance.now() >= aloneUntil);

  const [warmUp, ...descriptions] = longDescriptions(count + 1, chars);
  // A first generation loads what reading text needs (a new server's first visitor pays for it).
  await generate(warmUp ?? '');
  let finished = 0;
  const generateMs: number[] = [];
  const generations = descriptions.map(async (description) => {
    const started = performance.now();
    await generate(description);
    generateMs.push(Math.round(performance.now() - started));
    finished += 1;
  });
  const during = askUntil(() => finished === descriptions.length);
  await Promise.all(generations);
  return {
    descriptions: descriptions.length,
    descriptionChars: chars,
    alone: summary(alone),
    during: summary(await during),
    generateMs,
  };
}

export function textWorkRows(result: TextWorkResult): [string, string, string][] {
  const label = `${result.descriptions} projects generated from ${result.descriptionChars.toLocaleString('en-US')}-character descriptions`;
  return [
    [
      label,
      'another client’s GET /api/projects alone: p50 / max',
      `${result.alone.p50Ms} / ${result.alone.maxMs} ms (${result.alone.requests} requests)`,
    ],
    [
      label,
      'the same while the descriptions are analysed: p50 / max',
      `${result.during.p50Ms} / ${result.during.maxMs} ms (${result.during.requests} requests)`,
    ],
    [label, 'each generation, end to end', result.generateMs.map((ms) => `${ms} ms`).join(', ')],
  ];
}
