import type { EligiblePost } from './hard-rules';
import { containsTerm } from './keyword-filter';
import { type TextWord, textWords } from './post-words';
import type { RelevanceRequest, SourcePost } from './types';

/** A post's score from 0 to 100 and the line that says why. */
export interface Judgement {
  score: number;
  reason: string;
}

/**
 * How much each signal can add; they sum to 100, so a score means the same whatever the batch: a post
 * that names the keyword and asks for a tool clears the default threshold; one that names the keyword
 * once in passing, with nothing of the goal, does not.
 */
const points = { keyword: 35, goal: 35, intent: 12, description: 10, filter: 8 } as const;

// BM25's term-frequency saturation and length normalisation.
const k1 = 1.2;
const b = 0.75;

// Words a goal is written with that say nothing about the posts wanted ("Find people who…").
const goalFiller = textWords(
  'find search look looking post posts people person someone users discuss discussing mention mentions conversation thread lead leads want wants who about',
).map((word) => word.stem);

const intents = [
  {
    points: points.intent,
    says: 'asks for a tool',
    pattern:
      /\b(recommend\w*|suggest\w*|looking for|alternatives? to|any (good |decent )?(tools?|apps?|software|services?|platforms?)|(do|does|did) (you|everyone|people|anyone|y'all) use|(which|what) (\w+ )?(tools?|apps?|software|services?|platforms?)\b|is there (a|an|any)|anyone (use|using|tried|know)|tool for)\b/iu,
  },
  {
    points: Math.round(points.intent * 0.65),
    says: 'asks a question',
    pattern: /\?|^(how|what|why|which|where|who|can|should|does|is|are|do)\b/imu,
  },
  {
    points: Math.round(points.intent * 0.5),
    says: 'describes a problem',
    pattern:
      /\b(struggl\w*|frustrat\w*|annoy\w*|hate|tired of|sick of|pain|problem|stuck|wast\w*|nightmare|headache|can't|cannot)\b/iu,
  },
] as const;

/** The distinct stems of a text worth matching: no stop words, none of `leaveOut`. */
function contentStems(text: string, leaveOut: ReadonlySet<string>): string[] {
  const stems = new Set<string>();
  for (const word of textWords(text)) if (!word.stop && !leaveOut.has(word.stem)) stems.add(word.stem);
  return [...stems];
}

/** How often `stems` occur one after the other in `words`. */
function occurrences(words: readonly TextWord[], stems: readonly string[]): number {
  if (stems.length === 0) return 0;
  let count = 0;
  for (let start = 0; start + stems.length <= words.length; start++) {
    if (stems.every((stem, offset) => words[start + offset]?.stem === stem)) count++;
  }
  return count;
}

interface Profile {
  tf: Map<string, number>;
  /** The post's own spelling of each stem, for the reason. */
  spelling: Map<string, string>;
  length: number;
}

function profileOf(words: readonly TextWord[]): Profile {
  const tf = new Map<string, number>();
  const spelling = new Map<string, string>();
  let length = 0;
  for (const word of words) {
    if (word.stem === '') continue;
    length++;
    tf.set(word.stem, (tf.get(word.stem) ?? 0) + 1);
    if (!spelling.has(word.stem)) spelling.set(word.stem, word.normal);
  }
  return { tf, spelling, length };
}

const saturate = (hits: number, scale: number) => 1 - Math.exp(-hits / scale);
const quoted = (text: string) => `“${text}”`;

/**
 * Scores posts lexically against the keyword, its filter's positive terms, the project's goal and
 * (lightly) its description: BM25-style term weights over the batch (saturating term frequency,
 * length-normalised, rarer goal words weighing more), each signal saturating towards a fixed share of
 * 100, plus a share when the post asks for a tool, asks a question or describes a problem.
 */
export function scoreLexically(
  posts: readonly EligiblePost[],
  request: Pick<RelevanceRequest, 'keyword' | 'filter' | 'project'>,
): Array<Judgement & { post: SourcePost }> {
  const profiles = posts.map((post) => profileOf(post.words));
  const averageLength = Math.max(1, profiles.reduce((sum, p) => sum + p.length, 0) / (profiles.length || 1));

  const keywordWords = textWords(request.keyword);
  const keywordAll = keywordWords.map((word) => word.stem);
  const keywordContent = keywordWords.filter((word) => !word.stop).map((word) => word.stem);
  const keywordStems = keywordContent.length ? keywordContent : keywordAll;
  const taken = new Set([...keywordAll, ...goalFiller]);
  const goal = contentStems(request.project.goal, taken);
  for (const stem of goal) taken.add(stem);
  for (const word of textWords(request.project.name)) taken.add(word.stem);
  const description = contentStems(request.project.description, taken);
  // The filter's positive terms other than the keyword itself (that one is scored above).
  const keywordText = keywordAll.join(' ');
  const filterTerms = (request.filter?.all.flat() ?? []).filter(
    (term) =>
      textWords(term.text)
        .map((word) => word.stem)
        .join(' ') !== keywordText,
  );

  // BM25's idf over this batch, relative to a word only one post has: weights from 0.5 to 1.
  const documents = profiles.length;
  const idf = (n: number) => Math.log(1 + (documents - n + 0.5) / (n + 0.5));
  const postsWith = (stem: string) => profiles.reduce((count, p) => count + (p.tf.has(stem) ? 1 : 0), 0);
  const weight = new Map(
    [...goal, ...description].map((stem) => [stem, 0.5 + 0.5 * Math.min(1, idf(postsWith(stem)) / idf(1))]),
  );

  return posts.map((post, index) => {
    const profile = profiles[index] ?? profileOf(post.words);
    const lengthNorm = 1 - b + (b * profile.length) / averageLength;
    const strength = (tf: number) =>
      tf > 0 ? 0.6 + (0.4 * (tf * (k1 + 1))) / (tf + k1 * lengthNorm) / (k1 + 1) : 0;

    const phraseTf = occurrences(post.words, keywordAll);
    const covered = keywordStems.filter((stem) => profile.tf.has(stem));
    // The keyword as written counts fully; its words scattered over the post, a little over half.
    const keywordStrength =
      phraseTf > 0
        ? strength(phraseTf)
        : (0.55 * covered.reduce((sum, stem) => sum + strength(profile.tf.get(stem) ?? 0), 0)) /
          Math.max(1, keywordStems.length);

    const hits = (stems: readonly string[]) =>
      stems
        .filter((stem) => profile.tf.has(stem))
        .map((stem) => ({ stem, value: (weight.get(stem) ?? 1) * strength(profile.tf.get(stem) ?? 0) }))
        .sort((x, y) => y.value - x.value);
    const goalHits = hits(goal);
    const descriptionHits = hits(description);
    const total = (list: Array<{ value: number }>) => list.reduce((sum, hit) => sum + hit.value, 0);
    const filterHits = filterTerms.filter((term) => containsTerm(post.words, term)).length;
    const text = `${post.post.title ?? ''}\n${post.post.content}`;
    const intent = intents.find((candidate) => candidate.pattern.test(text));

    const score =
      points.keyword * keywordStrength +
      points.goal * saturate(total(goalHits), 1.2) +
      points.description * saturate(total(descriptionHits), 1.5) +
      points.filter * saturate(filterHits, 1) +
      (intent?.points ?? 0);

    const spell = (list: Array<{ stem: string }>) =>
      list.slice(0, 3).map((hit) => profile.spelling.get(hit.stem) ?? hit.stem);
    const mentions =
      phraseTf > 0
        ? `Mentions ${quoted(request.keyword)}`
        : covered.length
          ? `Mentions ${covered.map((stem) => quoted(profile.spelling.get(stem) ?? stem)).join(' and ')} but not ${quoted(request.keyword)}`
          : `Does not mention ${quoted(request.keyword)}`;
    const about = goalHits.length
      ? `matches your goal: ${spell(goalHits).join(', ')}`
      : descriptionHits.length
        ? `nothing on your goal, close to your product: ${spell(descriptionHits).join(', ')}`
        : 'nothing on your goal';
    return {
      post: post.post,
      score: Math.max(0, Math.min(100, Math.round(score))),
      reason: `${mentions}${intent ? ` and ${intent.says}` : ''}; ${about}`,
    };
  });
}
