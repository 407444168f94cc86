import { commonWords, communityCount } from './common-words';
import type { EligiblePost } from './hard-rules';
import { containsTerm } from './keyword-filter';
import { equipmentAsked, intentOf, learnerOf, noiseOf, wantsLearners } from './post-signals';
import { readWords, type TextWord, textWords } from './post-words';
import type { RelevanceRequest, SourcePost } from './types';

/** A post's score from 0 to 100 and the line that says why. */
export interface Judgement {
  score: number;
  reason: string;
}

// How many communities of public posts use each common word; the more, the less it says of a product's world.
const communitiesUsing = new Map(
  commonWords.split(' ').map((entry) => {
    const [word = '', count = '0'] = entry.split(':');
    return [word, Number(count)] as const;
  }),
);

/**
 * How much a word says about a product's world, as an inverse document frequency over unrelated
 * communities: words two communities in five or more use (need, pay, time, help, client, developer…)
 * say nothing (0); a word too rare to be counted weighs most.
 */
export function rarity(key: string): number {
  const communities = communitiesUsing.get(key) ?? 3;
  if (communities / communityCount >= 0.42) return 0;
  return Math.log((communityCount + 1) / (1 + communities));
}

// Words a goal is written with that say nothing about the posts wanted ("Find people who…").
const goalFiller = new Set(
  textWords(
    'find search look looking post posts people person someone users discuss discussing mention mentions conversation thread lead leads want wants who about complain complaining ask asking',
  ).map((word) => word.key),
);

/** A text's words as a vector: each content word's log term frequency times its rarity. */
function vectorOf(words: readonly TextWord[]): Map<string, number> {
  const counts = new Map<string, number>();
  // A word with a letter, not a clitic split off its noun ("'s" of "the day's covers")
  for (const word of words)
    if (!word.stop && /\p{L}/u.test(word.key) && !/^['’]/u.test(word.key))
      counts.set(word.key, (counts.get(word.key) ?? 0) + 1);
  const vector = new Map<string, number>();
  for (const [key, count] of counts) {
    const value = (1 + Math.log(count)) * rarity(key);
    if (value > 0) vector.set(key, value);
  }
  return vector;
}

const lengthOf = (vector: Map<string, number>) =>
  Math.sqrt([...vector.values()].reduce((sum, value) => sum + value * value, 0));

const endings = ['s', 'es', 'ing', 'ed', 'd', 'er', 'ers', 'ings'];

const readAlone = new Map<string, string>();
/** A word's scoring form when read alone, in lower case (kept: the same few words come back). */
function wordOnItsOwn(normal: string): string {
  let key = readAlone.get(normal);
  if (key === undefined) {
    key = readWords(normal)[0]?.key ?? normal;
    if (readAlone.size >= 20_000) readAlone.clear();
    readAlone.set(normal, key);
  }
  return key;
}

/**
 * Whether a post's word is a keyword's word: the same dictionary form, or the keyword's word with an
 * inflection ("editing" for "edit", "invoicing" for "invoice", "planning" for "plan"), never another
 * word that merely starts alike ("excellent" is not "excel").
 */
function sameWord(word: TextWord, key: string): boolean {
  if (word.key === key) return true;
  // A capitalised word is read as a name and keeps its form ("Social Media Strategy" has "media" where
  // the keyword "social media" has "medium"): read on its own, it is the same word.
  if (word.key === word.normal && wordOnItsOwn(word.normal) === key) return true;
  const normal = word.normal;
  if (!normal.startsWith(key.slice(0, -1)) || normal.length <= key.length) return false;
  const bases = [key, key.endsWith('e') ? key.slice(0, -1) : '', `${key}${key.at(-1) ?? ''}`].filter(Boolean);
  return bases.some((base) => endings.some((ending) => normal === base + ending));
}

/** Where the keyword's words occur in the post, and how strongly that counts (0 to 1). */
function keywordMatch(
  words: readonly TextWord[],
  keys: readonly string[],
): { strength: number; spelled: string } {
  if (keys.length === 0) return { strength: 0, spelled: '' };
  let best = { strength: 0, spelled: '' };
  // The keyword's words in order, each at most two words after the one before ("learn advanced SQL").
  for (let start = 0; start < words.length; start++) {
    const first = words[start];
    if (!first || !sameWord(first, keys[0] ?? '')) continue;
    let at = start;
    let gaps = 0;
    let complete = true;
    for (const key of keys.slice(1)) {
      let next = -1;
      for (let step = 1; step <= 3 && at + step < words.length; step++) {
        const word = words[at + step];
        if (!word || word.key === '') break;
        if (sameWord(word, key)) {
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
  // The keyword's words close together in another order ("video editing" for "edit video").
  if (keys.length > 1) {
    const span = keys.length + 2;
    for (let start = 0; start < words.length; start++) {
      const window = words.slice(start, start + span);
      if (window.some((word) => word.key === '')) continue;
      if (!keys.every((key) => window.some((word) => sameWord(word, key)))) continue;
      const spelled = window
        .filter((word) => keys.some((key) => sameWord(word, key)))
        .map((word) => word.normal)
        .join(' ');
      return { strength: 0.85, spelled };
    }
  }
  const covered = keys.filter((key) => words.some((word) => sameWord(word, key)));
  const spelled = covered
    .map((key) => words.find((word) => sameWord(word, key))?.normal ?? key)
    .map((word) => `“${word}”`)
    .join(' and ');
  if (covered.length === keys.length) return { strength: 0.6, spelled };
  return { strength: (0.3 * covered.length) / keys.length, spelled };
}

/** The door a post opens when it asks which device to buy, for a product that is no device. */
const equipmentDoor = 0.5;

/** The door a post opens for a product for learners when its writer shows no sign of learning. */
const notLearning = 0.6;

/**
 * How much a keyword phrase made of common words weighs as one word of the product's world: as much
 * as a word too rare to be counted. "cover letter", "final cut" or "edit video" name a world their
 * words ("cover", "final", "edit"…) say nothing of on their own.
 */
const phraseRarity = rarity('');

const isPhrase = (key: string) => key.startsWith('“');

/**
 * The project's keywords of several words whose content words each weigh nothing (all common), as
 * one dimension each of the product's world; a keyword with a rare word already weighs through it.
 */
function commonWordPhrases(keywords: readonly string[]): Array<{ keys: string[]; dimension: string }> {
  const phrases = new Map<string, string[]>();
  for (const keyword of keywords) {
    const words = textWords(keyword);
    if (words.length < 2 || words.some((word) => !word.stop && rarity(word.key) > 0)) continue;
    const keys = words.map((word) => word.key);
    phrases.set(`“${keys.join(' ')}”`, keys);
  }
  return [...phrases].map(([dimension, keys]) => ({ dimension, keys }));
}

const saturate = (value: number, scale: number) => 1 - Math.exp(-value / scale);
const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * Scores posts as a marketer would answer them: a post is worth a reply when it is on the product's
 * ground and opens a door. The ground is the keyword (split by a word or not) and, most, how close the
 * post's words are to the product's description, goal and keyword (cosine of rarity-weighted words, so
 * the words only the product's world uses decide the keyword's sense and generic words count for
 * nothing). The door is asking for a tool or advice, complaining about a tool, describing a problem or
 * asking a question; for a product whose goal asks for learners, only a writer learning or starting out
 * opens it whole. Job ads, launches and self-promotion, and bare links score a fraction. A score
 * depends on the post alone, never on the batch around it.
 */
export function scoreLexically(
  posts: readonly EligiblePost[],
  request: Pick<RelevanceRequest, 'keyword' | 'filter' | 'project'>,
): Array<Judgement & { post: SourcePost }> {
  const keywordWords = textWords(request.keyword);
  const keywordContent = keywordWords.filter((word) => !word.stop).map((word) => word.key);
  const keywordKeys = keywordContent.length ? keywordContent : keywordWords.map((word) => word.key);
  const keywordText = keywordWords.map((word) => word.stem).join(' ');
  const productVector = vectorOf(
    textWords(
      [
        request.keyword,
        ...(request.project.keywords ?? []),
        request.project.description,
        request.project.goal,
      ].join('. '),
    ).filter((word) => !goalFiller.has(word.key)),
  );
  const phrases = commonWordPhrases([request.keyword, ...(request.project.keywords ?? [])]);
  for (const phrase of phrases) productVector.set(phrase.dimension, phraseRarity);
  const productLength = lengthOf(productVector);
  // The reason names the product's words a post shares beyond the keyword and the product's name.
  const unnamed = new Set([...keywordKeys, ...textWords(request.project.name).map((word) => word.key)]);
  const filterTerms = (request.filter?.all.flat() ?? []).filter(
    (term) =>
      textWords(term.text)
        .map((word) => word.stem)
        .join(' ') !== keywordText,
  );

  // A product for learners: a post whose writer is not learning or starting out opens only part of a door.
  const forLearners = wantsLearners(request.project.goal);

  const otherKeywords = [...new Set(request.project.keywords ?? [])]
    .filter((other) => other.trim().toLowerCase() !== request.keyword.trim().toLowerCase())
    .map((other) => {
      const words = textWords(other);
      const content = words.filter((word) => !word.stop).map((word) => word.key);
      return { name: other, keys: content.length ? content : words.map((word) => word.key) };
    })
    .filter((other) => other.keys.length > 0);

  return posts.map(({ post, words }) => {
    // The post is judged by the project's keyword it names best, whichever keyword found it.
    const others = otherKeywords.map((other) => ({ ...other, ...keywordMatch(words, other.keys) }));
    const keyword = others.reduce((best, match) => (match.strength > best.strength ? match : best), {
      name: request.keyword,
      keys: keywordKeys,
      ...keywordMatch(words, keywordKeys),
    });
    const vector = vectorOf(words);
    for (const phrase of phrases)
      if (keywordMatch(words, phrase.keys).strength >= 0.85) vector.set(phrase.dimension, phraseRarity);
    let dot = 0;
    const shared: Array<{ key: string; value: number }> = [];
    for (const [key, value] of vector) {
      const weight = productVector.get(key);
      if (!weight) continue;
      dot += value * weight;
      if (!unnamed.has(key) && !keyword.keys.includes(key) && !isPhrase(key))
        shared.push({ key, value: value * weight });
    }
    const closeness = dot > 0 ? dot / (lengthOf(vector) * productLength) : 0;
    shared.sort((x, y) => y.value - x.value);
    const filter = filterTerms.length
      ? filterTerms.filter((term) => containsTerm(words, term)).length / filterTerms.length
      : 0;
    const intent = intentOf(post);
    const noise = noiseOf(post, intent);
    const otherMatches = others.filter((match) => match.strength >= 0.6).length;

    // The project's other keywords in the post say it is on the product's ground, whichever found it.
    const ground = Math.min(
      1,
      0.12 * keyword.strength +
        0.85 * saturate(closeness, 0.3) +
        0.05 * filter +
        0.1 * Math.min(1, otherMatches / 2),
    );
    const learner = forLearners ? learnerOf(post) : null;
    const stage = forLearners && !learner ? notLearning : 1;
    // A post asking which device to buy wants equipment, not a product whose description names none.
    const equipment = equipmentAsked(post, request.project.description);
    const door = (intent ? 0.65 + 0.35 * intent.level : 0.5) * stage * (equipment ? equipmentDoor : 1);
    const score = 100 * ground * door * (noise?.factor ?? 1);

    const spelling = (key: string) => words.find((word) => word.key === key)?.normal ?? key;
    const parts = [
      noise
        ? `${noise.says} (“${noise.evidence.slice(0, 60)}”)`
        : intent
          ? intent.evidence.length > 2
            ? `${intent.says} (“${intent.evidence}”)`
            : intent.says
          : 'asks nothing and names no problem',
      ...(equipment ? [`asks which device to buy (“${equipment}”), which your product is not`] : []),
      keyword.strength >= 0.85
        ? `mentions “${keyword.spelled}”`
        : keyword.strength > 0
          ? `mentions ${keyword.spelled} but not “${keyword.name}”`
          : `does not mention “${keyword.name}”`,
      ...(forLearners
        ? [
            learner
              ? `is learning or starting out (“${learner}”)`
              : 'does not read as someone learning or starting out',
          ]
        : []),
      shared.length
        ? `shares your product's words: ${shared
            .slice(0, 3)
            .map((hit) => spelling(hit.key))
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
