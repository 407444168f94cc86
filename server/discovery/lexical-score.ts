import { commonStems, communityCount } from './common-words';
import type { EligiblePost } from './hard-rules';
import { containsTerm } from './keyword-filter';
import { intentOf, noiseOf } from './post-signals';
import { type TextWord, textWords } from './post-words';
import type { RelevanceRequest, SourcePost } from './types';

/** A post's score from 0 to 100 and the line that says why. */
export interface Judgement {
  score: number;
  reason: string;
}

// How many communities of public posts use each common stem; the more, the less it says of a product's world.
const communitiesUsing = new Map(
  commonStems.split(' ').map((entry) => {
    const [stem = '', count = '0'] = entry.split(':');
    return [stem, Number(count)] as const;
  }),
);

/**
 * How much a word says about a product's world, from 0 to 1: words one unrelated community in seven or
 * fewer uses count fully, words two in five use (need, pay, time, help, client, developer…) not at all.
 */
export function specificity(stem: string): number {
  const share = (communitiesUsing.get(stem) ?? 0) / communityCount;
  return Math.max(0, Math.min(1, (0.42 - share) / 0.27));
}

// Words a goal is written with that say nothing about the posts wanted ("Find people who…").
const goalFiller = new Set(
  textWords(
    'find search look looking post posts people person someone users discuss discussing mention mentions conversation thread lead leads want wants who about complain complaining ask asking',
  ).map((word) => word.stem),
);

/** The product's own words: those of its goal and description that say something of its world, by weight. */
function productWords(request: Pick<RelevanceRequest, 'keyword' | 'project'>): Map<string, number> {
  const leaveOut = new Set([
    ...textWords(request.keyword).map((word) => word.stem),
    ...textWords(request.project.name).map((word) => word.stem),
    ...goalFiller,
  ]);
  const words = new Map<string, number>();
  const add = (text: string, weight: number) => {
    for (const word of textWords(text)) {
      if (word.stop || leaveOut.has(word.stem) || !/\p{L}{2}/u.test(word.stem)) continue;
      const value = weight * specificity(word.stem);
      if (value >= 0.1 && value > (words.get(word.stem) ?? 0)) words.set(word.stem, value);
    }
  };
  add(request.project.description, 0.8);
  add(request.project.goal, 1);
  return words;
}

/** Where the keyword's words occur in the post, and how strongly that counts (0 to 1). */
function keywordMatch(
  words: readonly TextWord[],
  stems: readonly string[],
): { strength: number; spelled: string } {
  if (stems.length === 0) return { strength: 0, spelled: '' };
  let best = { strength: 0, spelled: '' };
  // The keyword's words in order, each at most two words after the one before ("learn advanced SQL").
  for (let start = 0; start < words.length; start++) {
    if (words[start]?.stem !== stems[0]) continue;
    let at = start;
    let gaps = 0;
    let complete = true;
    for (const stem of stems.slice(1)) {
      let next = -1;
      for (let step = 1; step <= 3 && at + step < words.length; step++) {
        const word = words[at + step];
        if (!word || word.stem === '') break;
        if (word.stem === stem) {
          next = at + step;
          break;
        }
      }
      if (next < 0) {
        complete = false;
        break;
      }
      gaps += next - at - 1;
      at = next;
    }
    if (!complete) continue;
    const strength = gaps === 0 ? 1 : 0.92;
    if (strength > best.strength)
      best = {
        strength,
        spelled: words
          .slice(start, at + 1)
          .map((word) => word.normal)
          .join(' '),
      };
    if (strength === 1) return best;
  }
  if (best.strength > 0) return best;
  const present = new Set(words.map((word) => word.stem));
  const covered = stems.filter((stem) => present.has(stem));
  const spelled = covered
    .map((stem) => words.find((word) => word.stem === stem)?.normal ?? stem)
    .map((word) => `“${word}”`)
    .join(' and ');
  if (covered.length === stems.length) return { strength: 0.6, spelled };
  return { strength: (0.3 * covered.length) / stems.length, spelled };
}

const saturate = (value: number, scale: number) => 1 - Math.exp(-value / scale);
const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * Scores posts as a marketer would answer them: a post is worth a reply when it is on the product's
 * ground (it names the keyword, and shares the words only the product's world uses, which decides the
 * keyword's sense) and it opens a door (asks for a tool or advice, complains about an alternative,
 * describes a problem). Job ads, launches and self-promotion, and bare links score a fraction. A score
 * depends on the post alone, never on the batch around it.
 */
export function scoreLexically(
  posts: readonly EligiblePost[],
  request: Pick<RelevanceRequest, 'keyword' | 'filter' | 'project'>,
): Array<Judgement & { post: SourcePost }> {
  const keywordWords = textWords(request.keyword);
  const keywordContent = keywordWords.filter((word) => !word.stop).map((word) => word.stem);
  const keywordStems = keywordContent.length ? keywordContent : keywordWords.map((word) => word.stem);
  const keywordText = keywordWords.map((word) => word.stem).join(' ');
  const product = productWords(request);
  const keywordSense = Math.max(0, ...keywordStems.map(specificity));
  // With few words of its own a product's sense is weakly known: the keyword then weighs more.
  const productWeight = Math.min(0.6, 0.2 * [...product.values()].reduce((sum, value) => sum + value, 0));
  const filterTerms = (request.filter?.all.flat() ?? []).filter(
    (term) =>
      textWords(term.text)
        .map((word) => word.stem)
        .join(' ') !== keywordText,
  );

  return posts.map(({ post, words }) => {
    const keyword = keywordMatch(words, keywordStems);
    const counted = new Map<string, string>();
    for (const word of words)
      if (product.has(word.stem) && !counted.has(word.stem)) counted.set(word.stem, word.normal);
    const shared = [...counted.keys()].sort((x, y) => (product.get(y) ?? 0) - (product.get(x) ?? 0));
    // A keyword only one world uses ("sql", "vpn") says the sense on its own; "late payment" does not.
    const sense = saturate(
      shared.reduce((sum, stem) => sum + (product.get(stem) ?? 0), 0) + 0.7 * keyword.strength * keywordSense,
      1.1,
    );
    const filter = filterTerms.length
      ? filterTerms.filter((term) => containsTerm(words, term)).length / filterTerms.length
      : 0;
    const text = `${post.title ?? ''}\n${post.content}`;
    const intent = intentOf(text);
    const noise = noiseOf(post, intent);

    const ground = Math.min(1, (1 - productWeight) * keyword.strength + productWeight * sense + 0.1 * filter);
    const door = 0.3 + 0.7 * (intent?.level ?? 0);
    const score = 100 * ground * door * (noise?.factor ?? 1);

    const parts = [
      noise
        ? `${noise.says} (“${noise.evidence.slice(0, 60)}”)`
        : intent
          ? intent.evidence.length > 2
            ? `${intent.says} (“${intent.evidence}”)`
            : intent.says
          : 'asks nothing and names no problem',
      keyword.strength >= 0.9
        ? `mentions “${keyword.spelled}”`
        : keyword.strength > 0
          ? `mentions ${keyword.spelled} but not “${request.keyword}”`
          : `does not mention “${request.keyword}”`,
      shared.length
        ? `shares your product's words: ${shared
            .slice(0, 3)
            .map((stem) => counted.get(stem))
            .join(', ')}`
        : "no other word of your product's world",
    ];
    return {
      post,
      score: Math.max(0, Math.min(100, Math.round(score))),
      reason: capitalised(parts.join('; ')),
    };
  });
}
