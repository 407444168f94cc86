import { wordVectors } from '../engine/language/encoder';

const rarity = (key: string) => {
  const idf = wordVectors().idf(key);
  return idf < 1 ? 0 : idf;
};
import type { WeightedText } from './key-phrases';
import { sentenceWordsOf, type WordToken } from './nlp';

/** A phrase a person writes when they have the problem the product solves ("chasing late invoices"). */
export interface NeedPhrase {
  /** Lower case, as it is proposed. */
  phrase: string;
  score: number;
  /** The dictionary forms of its content words, to tell overlapping phrases apart. */
  lemmas: string[];
}

/**
 * Verbs that say how a product is used, sold or described rather than what job it does for someone
 * ("connect your tool", "pick a schedule", "see your invoices").
 */
const genericVerbs = new Set(
  (
    'be have do get make use let help try start sign pick choose connect see stay know tell remember need ' +
    'want love like spend stop go land say sound feel give take put keep come become include offer provide ' +
    'support join click download install subscribe review mark read trust sync work receive pay mean ' +
    'seem look find reach reply upload download meet import complain discuss mention post ask answer call happen turn allow enable ' +
    'sell buy build launch ship power run set add own show bring deliver send ' +
    'struggle worry overwhelm frustrate'
  ).split(' '),
);

/**
 * Verbs whose object is what the product hands over ("sends payment reminders"): the object names the
 * product's output, not a need, so only a problem word beside it makes it a need phrase.
 */
const deliveryVerbs = new Set(['send', 'give', 'offer', 'provide', 'deliver', 'show', 'bring']);

/**
 * Verbs of jobs products take over, read as verbs wherever they stand before an object: the tagger
 * takes a sentence's first word or a word after a comma for a noun ("Practice speaking", ", chase
 * unpaid invoices").
 */
const actionVerbs = new Set(
  (
    'chase track remove edit retouch fix learn practice practise speak write reconcile ' +
    'manage organise organize automate find translate convert compress resize collect ' +
    'monitor analyse analyze save cut reduce clean sort transcribe ' +
    'study memorise memorize master teach hire onboard train grow debug deploy ' +
    'migrate crop enhance upscale sharpen brighten replace plan share compare log prepare cook juggle ' +
    'hide block encrypt protect'
  ).split(' '),
);

/** Whether a word is the -ing form of a job a product takes over ("blocking", "chasing", "tracking"). */
export const isActionGerund = (word: string) =>
  word.endsWith('ing') &&
  [word.slice(0, -3), `${word.slice(0, -3)}e`, word.slice(0, -4)].some((verb) => actionVerbs.has(verb));

/** Words that, beside a noun, state a problem ("late invoices", "blurry photos", "manual data entry"). */
export const problemAdjectives = new Set(
  (
    'late overdue unpaid missed missing slow manual messy broken lost duplicate expensive confusing awkward ' +
    'inconsistent blurry dull cluttered tedious boring stressful painful frustrating outdated wrong failed ' +
    'bad poor noisy grainy dark crooked rusty forgotten endless unanswered leaked hacked stolen weak unreliable'
  ).split(' '),
);

/** Words before a verb that mark it as the pain the product takes away ("Stop chasing…", "less time chasing…"). */
const painMarkers = new Set([
  'stop',
  'without',
  'less',
  'tired',
  'sick',
  'hate',
  'avoid',
  'instead',
  'never',
  'quit',
]);

/** Objects that say nothing about the need ("save time", "do the work"). */
const emptyObjects = new Set(
  (
    'time work way thing things lot minute minutes hour hours day days week weeks step steps click clicks ' +
    'behalf one ones money everything anything something nothing stuff part bit kind sort moment use ' +
    'morning mornings afternoon afternoons evening evenings night nights weekend weekends'
  ).split(' '),
);

/** What a product calls itself ("a recipe costing app"): a kind of product, never a need. */
export const categoryNouns = new Set(
  (
    'app application software tool platform service solution system product suite dashboard website ' +
    'plugin extension program saas'
  ).split(' '),
);

const quantities = new Set(
  'hundred thousand dozen lot number set batch pile bunch ton day week month year'.split(' '),
);
const possessives = new Set(['your', 'their', 'our', 'my', 'his', 'her', 'its', 'every', 'each', 'any']);
const isNoun = (word: WordToken) => word.pos === 'NOUN' || word.pos === 'PROPN';
const isWord = (word: WordToken) => /^[\p{L}][\p{L}'-]*$/u.test(word.text);

/** "chase" → "chasing", "stop" → "stopping", "learn" → "learning". */
export function gerundOf(verb: string): string {
  if (verb.endsWith('ie')) return `${verb.slice(0, -2)}ying`;
  if (/[^aeiouy]e$/.test(verb) || /[^e]ue$/.test(verb)) return `${verb.slice(0, -1)}ing`;
  if (/^[^aeiou]*[aeiou][bdgklmnprt]$/.test(verb) && verb.length <= 4) return `${verb}${verb.slice(-1)}ing`;
  return `${verb}ing`;
}

/**
 * Whether a word the tagger read as a verb ends a compound noun instead ("your IP address from…"): a
 * plain form right after a noun, with nothing after it that a verb would take.
 */
function closesCompound(
  word: WordToken,
  before: WordToken | undefined,
  after: WordToken | undefined,
): boolean {
  if (word.pos !== 'VERB' || !before || !isNoun(before) || !isWord(word)) return false;
  if (word.lemma !== word.normal) return false;
  return !after || after.pos === 'ADP' || after.pos === 'PUNCT' || after.pos === 'CCONJ';
}

/**
 * The noun phrase a verb acts on, from `start`: determiners and possessives skipped, marketing
 * adjectives ("polite", "real") left out, problem adjectives kept, at most two nouns; null when the
 * verb has no object worth a phrase.
 */
function objectAt(words: WordToken[], start: number): WordToken[] | null {
  let at = start;
  while (at < words.length) {
    const word = words[at];
    if (!word) break;
    if (word.pos === 'DET' || (word.pos === 'PRON' && possessives.has(word.normal)) || word.pos === 'NUM')
      at++;
    else break;
  }
  const run: WordToken[] = [];
  while (at < words.length) {
    const word = words[at];
    if (!word) break;
    if ((isNoun(word) || word.pos === 'ADJ') && isWord(word)) run.push(word);
    else if (closesCompound(word, run.at(-1), words[at + 1])) run.push({ ...word, pos: 'NOUN' });
    else if (!(word.text === ',' && run.at(-1)?.pos === 'ADJ' && words[at + 1]?.pos === 'ADJ')) break;
    at++;
  }
  // "hundreds of photos": the photos are the object
  const last = run.at(-1);
  if (last && quantities.has(last.lemma)) return words[at]?.normal === 'of' ? objectAt(words, at + 1) : null;
  while (run.length > 0 && !isNoun(run[run.length - 1] as WordToken)) {
    // "learn Japanese": a lone proper adjective is the object itself
    if (run.length === 1 && /^\p{Lu}/u.test(run[0]?.text ?? '')) break;
    run.pop();
  }
  if (run.length === 0) return null;
  const nouns: WordToken[] = [];
  for (let i = run.length - 1; i >= 0 && nouns.length < 2; i--) {
    const word = run[i] as WordToken;
    if (isNoun(word) || run.length === 1) nouns.unshift(word);
    else break;
  }
  const before = run[run.length - nouns.length - 1];
  const object = before && problemAdjectives.has(before.normal) ? [before, ...nouns] : nouns;
  if (object.every((word) => emptyObjects.has(word.normal) || word.stop)) return null;
  return object;
}

/**
 * The word as the verb of a need phrase, or null when it is not one: what the tagger reads as a verb
 * (but not a participle used as an adjective, "Automated payment reminders"), or a known job verb
 * standing before its object. The page's base form is kept ("Remove backgrounds", "helps you learn
 * Spanish"); a described or pained action is written with -ing ("chases", "Stop chasing").
 */
function verbOf(
  word: WordToken,
  previous: WordToken | undefined,
  next: WordToken | undefined,
  pained: boolean,
): { lemma: string; form: string } | null {
  if (!isWord(word)) return null;
  const objectAhead =
    !!next &&
    (next.pos === 'ADJ' ||
      (next.pos === 'VERB' && next.normal.endsWith('ing')) ||
      next.pos === 'DET' ||
      next.pos === 'NUM' ||
      isNoun(next) ||
      (next.pos === 'PRON' && possessives.has(next.normal)));
  const nounBefore =
    !!previous &&
    (previous.pos === 'DET' ||
      previous.pos === 'ADJ' ||
      previous.pos === 'NUM' ||
      (previous.pos === 'PRON' && possessives.has(previous.normal)));
  const known = [word.lemma, word.normal.replace(/es$/, ''), word.normal.replace(/s$/, '')].find((form) =>
    actionVerbs.has(form),
  );
  let lemma: string | null = null;
  if (word.normal.endsWith('ed') || nounBefore) return null;
  if (known && objectAhead) lemma = known;
  else if (word.pos === 'VERB') lemma = word.lemma;
  else if (pained && word.normal.endsWith('ing') && objectAhead) lemma = word.normal;
  if (!lemma) return null;
  if (word.normal.endsWith('ing')) return { lemma, form: word.normal };
  const base = word.normal === lemma && !pained;
  return { lemma, form: base ? lemma : gerundOf(lemma) };
}

const auxiliaries = new Set([
  'have',
  'has',
  'do',
  'does',
  'did',
  'can',
  'could',
  'will',
  'would',
  'are',
  'is',
]);
const negations = new Set(['not', "n't", 'never']);
const lateness = new Set(['late', 'slowly']);

/**
 * "<people> not <doing>" from a noun that names people followed by what they do not do ("clients who
 * have not paid" → "clients not paying") or do late ("clients who pay late" → "clients paying late").
 */
function failingAt(words: WordToken[], index: number): { phrase: string; lemmas: string[] } | null {
  const noun = words[index];
  if (noun?.pos !== 'NOUN' || !isWord(noun) || emptyObjects.has(noun.normal)) return null;
  if (!/^(who|that)$/.test(words[index + 1]?.normal ?? '')) return null;
  let at = index + 2;
  if (auxiliaries.has(words[at]?.normal ?? '')) at++;
  const negated = negations.has(words[at]?.normal ?? '');
  if (negated) at++;
  const verb = words[at];
  if (!verb || !isWord(verb) || (verb.pos !== 'VERB' && verb.pos !== 'AUX')) return null;
  if (['be', 'have', 'do', 'get'].includes(verb.lemma)) return null;
  const late = lateness.has(words[at + 1]?.normal ?? '');
  if (!negated && !late) return null;
  const doing = gerundOf(verb.lemma);
  return negated
    ? { phrase: `${noun.normal} not ${doing}`, lemmas: [noun.lemma, 'not', verb.lemma] }
    : { phrase: `${noun.normal} ${doing} late`, lemmas: [noun.lemma, verb.lemma, 'late'] };
}

interface Candidate {
  lemmas: string[];
  forms: Map<string, number>;
  score: number;
  first: number;
}

/**
 * The need phrases of a product's texts, best first: what its verbs do to their objects, written as
 * someone with the job to do writes it ("chasing late invoices", "learn Spanish", "removing
 * backgrounds"), the problems its words name ("late invoices", "missed deadlines") and the activities
 * it takes over ("recipe costing"). Phrases with one of `exclude` (the product's name) are left out.
 */
export function rankNeedPhrases(texts: WeightedText[], exclude: string[] = []): NeedPhrase[] {
  const excluded = new Set(
    exclude.flatMap((name) => name.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).filter((w) => w.length > 1),
  );
  const candidates = new Map<string, Candidate>();
  let position = 0;
  const add = (form: string, lemmas: string[], weight: number) => {
    position++;
    if (lemmas.some((lemma) => excluded.has(lemma)) || form.split(' ').some((word) => excluded.has(word)))
      return;
    const key = lemmas.join(' ');
    const candidate = candidates.get(key) ?? { lemmas, forms: new Map(), score: 0, first: position };
    candidate.score += weight;
    candidate.forms.set(form, (candidate.forms.get(form) ?? 0) + weight);
    candidates.set(key, candidate);
  };
  const text = (words: WordToken[]) => words.map((word) => word.normal).join(' ');
  const lemmasOf = (words: WordToken[]) => words.map((word) => word.lemma);

  for (const { text: source, weight } of texts) {
    for (const words of sentenceWordsOf(source.replace(/([a-z])-([a-z])/gi, '$1$2'))) {
      // Words already read as a verb's object are not a phrase of their own a second time.
      let objectEnd = -1;
      words.forEach((word, index) => {
        const previous = words[index - 1];
        const pained = words
          .slice(Math.max(0, index - 3), index)
          .some((before) => painMarkers.has(before.normal));
        // "get paid (on time)": the need itself, as people write it
        if (word.lemma === 'get' && words[index + 1]?.normal === 'paid') {
          const onTime = words[index + 2]?.normal === 'on' && words[index + 3]?.normal === 'time';
          add(onTime ? 'get paid on time' : 'get paid', ['get', 'paid'], weight * 1.5);
          return;
        }
        // "clients who have not paid", "clients who pay late": the people and what they fail to do
        const failing = failingAt(words, index);
        if (failing) {
          add(failing.phrase, failing.lemmas, weight * 2);
          return;
        }
        if (problemAdjectives.has(word.normal) && word.pos === 'ADJ' && index > objectEnd) {
          const nouns: WordToken[] = [];
          for (let at = index + 1; at < words.length && nouns.length < 2; at++) {
            const next = words[at] as WordToken;
            if (isNoun(next) && isWord(next)) nouns.push(next);
            else break;
          }
          if (nouns.length > 0 && !nouns.every((noun) => emptyObjects.has(noun.normal)))
            add(text([word, ...nouns]), lemmasOf([word, ...nouns]), weight * (pained ? 2 : 1.2));
          return;
        }
        // "recipe costing", "meal planning": an activity named by what it is done to
        const next = words[index + 1];
        if (
          word.pos === 'VERB' &&
          word.normal.endsWith('ing') &&
          previous?.pos === 'NOUN' &&
          isWord(previous) &&
          !emptyObjects.has(previous.normal) &&
          (!next || !isNoun(next) || categoryNouns.has(next.lemma)) &&
          !genericVerbs.has(word.lemma)
        ) {
          add(`${previous.normal} ${word.normal}`, [previous.lemma, word.lemma], weight * 0.8);
          return;
        }
        const verb = verbOf(word, previous, words[index + 1], pained);
        if (!verb || genericVerbs.has(verb.lemma) || verb.lemma.length < 3) return;
        const object = objectAt(words, index + 1);
        // "what to charge", "how to price a cake": the question itself, as it is asked
        const asking = words[index - 2];
        if (previous?.normal === 'to' && asking && /^(how|what|when|where|whether)$/.test(asking.normal)) {
          const end = object ? words.indexOf(object[object.length - 1] as WordToken) : index;
          const span = words.slice(index - 2, end + 1).filter(isWord);
          add(text(span), [asking.normal, verb.lemma, ...lemmasOf(object ?? [])], weight * 2);
          objectEnd = end;
          return;
        }
        // "Practice speaking": a verb whose object is another activity
        if (!object && next?.pos === 'VERB' && next.normal.endsWith('ing') && !genericVerbs.has(next.lemma)) {
          add(`${verb.form} ${next.normal}`, [verb.lemma, next.lemma], weight * 1.3);
          return;
        }
        if (!object || deliveryVerbs.has(verb.lemma)) return;
        objectEnd = index + object.length + 2;
        add(`${verb.form} ${text(object)}`, [verb.lemma, ...lemmasOf(object)], weight * (pained ? 2.5 : 1.3));
      });
    }
  }

  const ranked = [...candidates.values()].sort((a, b) => b.score - a.score || a.first - b.first);
  const kept: NeedPhrase[] = [];
  for (const candidate of ranked) {
    const lemmas = new Set(candidate.lemmas);
    // One phrase per need: "late invoices" adds nothing to "chasing late invoices" ranked above it.
    const overlaps = kept.some(
      (better) =>
        better.lemmas.every((lemma) => lemmas.has(lemma)) ||
        candidate.lemmas.every((lemma) => better.lemmas.includes(lemma)),
    );
    if (overlaps) continue;
    kept.push({
      phrase: mostUsedForm(candidate.forms),
      score: Math.round(candidate.score * 100) / 100,
      lemmas: candidate.lemmas,
    });
  }
  return kept;
}

function mostUsedForm(forms: Map<string, number>): string {
  let best = '';
  let count = -1;
  for (const [form, n] of forms) {
    if (n > count) {
      best = form;
      count = n;
    }
  }
  return best;
}

/**
 * The states a goal names its people by, as they write them themselves: "Find teachers overwhelmed by
 * grading" is found by "overwhelmed by grading", not by "teachers".
 */
const goalStates =
  /\b(stuck (?:on|with|in)|struggling (?:with|to)|overwhelmed (?:by|with)|frustrated (?:by|with)|worried about|tired of|fed up with|looking for|searching for|needs? help (?:with|to)|having trouble (?:with)?|trying to|starting to|confused (?:by|about)|behind on|drowning in)\s+/giu;

/** Where the object of a goal's state ends: another clause, or who the people are. */
const objectEnd = /[;:.!?()]|\s(?:who|whom|that|which|because|so|since|while|when|but|to find|in order)\s/iu;

/** Words before a thing that say nothing of it ("their draft", "a VBA macro"). */
const articles = new Set(['a', 'an', 'the', 'my', 'your', 'their', 'his', 'her', 'our', 'some', 'any']);
const prepositions = new Set(['on', 'with', 'for', 'about', 'of', 'in', 'to', 'from', 'at', 'by']);

const particles = new Set(['up', 'out', 'down', 'off', 'over', 'back', 'away', 'around']);
// A word two communities in five or more use, whatever they are about ("work", "cost", "feedback")
const everyday = (word: string) => rarity(word) === 0 || rarity(word.replace(/s$/, '')) === 0;

/** At most this many words after the state: a longer phrase finds almost no post that has them all. */
const objectWords = 3;

/**
 * The needs a goal states outright, in its order, as the things its states are about: "stuck on an
 * Excel formula, a VBA macro or…" gives "excel formula" and "vba macro", "overwhelmed by lesson planning
 * or grading" gives "lesson planning" and "grading" (decision 063). People write about the thing, seldom
 * in the goal's words ("stuck on"), and a search finds posts holding every word of a keyword. A thing of
 * more than three words is cut before its preposition, and an everyday word alone or with a particle
 * ("feedback", "work out") is left out. Lower case, as keywords are proposed.
 */
export function goalNeedPhrases(goal: string): string[] {
  const phrases: string[] = [];
  const states = [...goal.matchAll(goalStates)];
  for (const [index, match] of states.entries()) {
    const state = (match[1] ?? '').toLowerCase();
    const start = (match.index ?? 0) + match[0].length;
    // The things a state is about run to the end of its clause, or to the next state ("…or looking for…")
    const rest = goal.slice(start, states[index + 1]?.index ?? goal.length);
    const end = rest.search(objectEnd);
    const span = end >= 0 ? rest.slice(0, end) : rest;
    for (const part of span.split(/\s*(?:,|\bor\b|\band\b|\/)\s*/iu)) {
      // "struggling to keep up … or to grow engagement": the second "to" belongs to the state
      const words = part.toLowerCase().split(/\s+/).filter(Boolean);
      if (state.endsWith(' to') && words[0] === 'to') words.shift();
      // "feedback on my draft": the thing itself, before what it is about
      const at = words.findIndex((word, index) => index > 0 && prepositions.has(word));
      const object =
        words.filter((word) => !articles.has(word)).length > objectWords && at > 0
          ? words.slice(0, at)
          : words;
      const content = object.filter((word) => !articles.has(word));
      if (content.length === 0 || content.length > objectWords) continue;
      if (!content.every((word) => /^[\p{L}][\p{L}'-]*$/u.test(word))) continue;
      // "feedback", "work out", "keep up": an everyday word alone, or with a particle, finds every post;
      // two everyday nouns together name a thing of their own ("cover letter", "food cost")
      const meaningful = content.filter((word) => !prepositions.has(word) && !emptyObjects.has(word));
      const plain = meaningful.filter((word) => !particles.has(word));
      if (plain.every(everyday) && (plain.length < 2 || plain.length < meaningful.length)) continue;
      const phrase = content.join(' ');
      if (!phrases.includes(phrase)) phrases.push(phrase);
    }
  }
  return phrases;
}
