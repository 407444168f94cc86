import { isActionGerund } from './need-phrases';
import { nounPhrasesOf, wordsOf } from './nlp';

/** A piece of text and how much a phrase found in it counts (a title says more than a paragraph). */
export interface WeightedText {
  text: string;
  weight: number;
}

export interface KeyPhrase {
  /** The phrase as people write it, lower case. */
  phrase: string;
  score: number;
}

/** Phrases every landing page has that say nothing about the product. */
const stopPhrases = new Set([
  'free trial',
  'day free trial',
  'privacy policy',
  'terms of service',
  'cookie',
  'cookies',
  'credit card',
  'rights',
  'sign up',
  'log in',
  'blog',
  'pricing',
  'features',
  'faq',
  'newsletter',
  'contact',
  'careers',
  'home',
  'minutes',
  'days',
  'time',
  'way',
  'thing',
  'things',
  'lot',
  'people',
  'team',
  'teams',
  'company',
  'work',
  'help',
  'today',
  'week',
  'year',
  'questions',
  'moment',
  'voice',
  'tone',
  'template',
  'templates',
  'tool',
  'tools',
  'app',
  'apps',
  'platform',
  'software',
  'solution',
  'solutions',
  'product',
  'products',
  'service',
  'services',
]);

interface Candidate {
  key: string;
  stems: string[];
  forms: Map<string, number>;
  score: number;
  first: number;
}

/**
 * Ranks the key phrases of a text (noun phrases found by wink-nlp), weighting where they occur and
 * preferring two- and three-word phrases; stems merge variants ("payment reminder" / "payment reminders"),
 * and phrases containing one of `exclude` (the product's own name) are left out.
 */
export function rankKeyPhrases(texts: WeightedText[], exclude: string[] = []): KeyPhrase[] {
  const excludedStems = new Set(
    exclude.flatMap((name) =>
      wordsOf(name.toLowerCase())
        .map((word) => word.stem)
        .filter((stem) => stem.length > 1),
    ),
  );
  const candidates = new Map<string, Candidate>();
  let position = 0;

  const add = (tokens: Array<{ normal: string; stem: string }>, weight: number) => {
    const phrase = tokens.map((t) => t.normal).join(' ');
    const stems = tokens.map((t) => t.stem);
    const key = stems.join(' ');
    if (stopPhrases.has(phrase) || tokens.some((t) => excludedStems.has(t.stem))) return;
    if (tokens.length === 1 && (tokens[0]?.normal.length ?? 0) < 4) return;
    const lengthFactor = tokens.length === 1 ? 0.5 : tokens.length === 2 ? 1.5 : 1.2;
    const candidate = candidates.get(key) ?? { key, stems, forms: new Map(), score: 0, first: position };
    candidate.score += weight * lengthFactor;
    candidate.forms.set(phrase, (candidate.forms.get(phrase) ?? 0) + 1);
    candidates.set(key, candidate);
  };

  for (const { text, weight } of texts) {
    // "cash-flow forecasts" is read as "cash flow forecasts"
    for (const tokens of nounPhrasesOf(text.replace(/([a-z])-([a-z])/gi, '$1 $2'))) {
      position++;
      if (tokens.some((t) => t.stop || !/^[a-z][a-z-]*[a-z]$/.test(t.normal))) continue;
      if (tokens.every((t) => t.pos === 'PROPN')) continue; // people and company names are not topics
      add(tokens, weight);
      // "polite payment reminders" is also a mention of "payment reminders"
      if (tokens.length > 1 && tokens[0]?.pos === 'ADJ') add(tokens.slice(1), weight * 0.8);
    }
  }

  return [...candidates.values()]
    .sort((a, b) => b.score - a.score || a.first - b.first)
    .map((candidate) => ({
      phrase: mostUsedForm(candidate.forms),
      score: candidate.score,
      stems: candidate.stems,
    }))
    .filter((candidate, index, all) => {
      // Keep the best-ranked of phrases whose words are contained in one another.
      const stems = new Set(candidate.stems);
      return !all
        .slice(0, index)
        .some(
          (better) =>
            better.stems.every((s) => stems.has(s)) || candidate.stems.every((s) => better.stems.includes(s)),
        );
    })
    .map(({ phrase, score }) => ({ phrase, score: Math.round(score * 100) / 100 }));
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

/** Nouns that name people or businesses: who a product is for, never what they write about. */
const peopleNouns = new Set(
  (
    'agency agencies freelancer freelancers owner owners founder founders business businesses startup startups ' +
    'company companies team teams student students beginner beginners adult adults analyst analysts ' +
    'developer developers designer designers marketer marketers baker bakers teacher teachers parent parents ' +
    'photographer photographers creator creators seller sellers shop shops store stores user users customer ' +
    'customers professional professionals learner learners manager managers consultant consultants ' +
    'entrepreneur entrepreneurs speaker speakers people person everyone anyone individuals individual'
  ).split(' '),
);

/** The words of who a product is for: the people nouns, and the nouns after "for" ("for small agencies"). */
export function audienceWordsOf(texts: WeightedText[]): Set<string> {
  const words = new Set(peopleNouns);
  for (const { text } of texts) {
    for (const match of text.matchAll(/\bfor ((?:[a-z-]+,? (?:and |or )?){0,5}[a-z-]+)/gi)) {
      for (const word of (match[1] ?? '').toLowerCase().split(/[\s,]+/)) {
        if (/[^su]s$/.test(word)) words.add(word);
      }
    }
  }
  return words;
}

/**
 * Whether a phrase only names an audience ("small agencies", "home bakers") or a kind of product
 * ("accounting software"): posts that mention those are about anything.
 */
export function namesOnlyWhoOrWhat(phrase: string, audience: ReadonlySet<string>): boolean {
  const words = phrase.toLowerCase().split(/\s+/);
  const last = words[words.length - 1] ?? '';
  const kind =
    /^(apps?|software|tools?|platforms?|services?|solutions?|systems?|(tracker|planner|manager|builder|generator|checker|editor|maker|calculator|scheduler|blocker)s?)$/;
  // "blocking ad trackers": a job done to the things a kind of product is named after is a need
  if (kind.test(last))
    return !(words.length > 2 && isActionGerund(words[0] ?? '') && /(?:er|or)s$/.test(last));
  return audience.has(last);
}
