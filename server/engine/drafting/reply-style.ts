/**
 * How a reply is written: read from the project's tone of voice, with the person's prompt taking
 * precedence ("shorter", "more formal", "mention the free plan"). The words it looks for are data
 * (`style-words.json`); here are only the ways they are matched.
 */
import { sentencesOf, wordsOf } from '../language/words';
import { styleWords } from './style-words';

export interface ReplyStyle {
  formal: boolean;
  /** The team speaks ("we make…"), not one person. */
  asTeam: boolean;
  exclaim: boolean;
  short: boolean;
  /** The tone of voice asks for the product's link. */
  link: boolean;
}

/** Where a phrase (its words, in order) starts in a text's words; -1 when it does not occur. */
function phraseAt(words: readonly string[], phrase: string, from = 0): number {
  const wanted = wordsOf(phrase);
  if (wanted.length === 0) return -1;
  for (let start = from; start + wanted.length <= words.length; start += 1)
    if (wanted.every((word, i) => words[start + i] === word)) return start;
  return -1;
}

const hasAny = (words: readonly string[], phrases: readonly string[]) =>
  phrases.some((phrase) => phraseAt(words, phrase) >= 0);

/** Whether a register's words occur, and whether each is asked for or against ("less formal"). */
function register(words: readonly string[], phrases: readonly string[]): { for: boolean; against: boolean } {
  const found = { for: false, against: false };
  for (const phrase of phrases)
    for (let at = phraseAt(words, phrase); at >= 0; at = phraseAt(words, phrase, at + 1)) {
      const before = words[at - 1];
      if (before !== undefined && styleWords.prompt.opposites.includes(before)) found.against = true;
      else found.for = true;
    }
  return found;
}

/** Whether a tone of voice asks for a link to the product ("include a link", "link to the website"). */
export function toneAsksForLink(tov: string): boolean {
  const { link, noLink } = styleWords.voice;
  let asked = false;
  for (const sentence of sentencesOf(tov)) {
    const words = wordsOf(sentence);
    const at = link.map((phrase) => phraseAt(words, phrase)).filter((index) => index >= 0);
    if (at.length === 0) continue;
    const first = Math.min(...at);
    // "never include links", "no links": a refusal before the link word, in the same sentence
    if (
      noLink.some((phrase) => {
        const index = phraseAt(words, phrase);
        return index >= 0 && index < first;
      })
    )
      return false;
    asked = true;
  }
  return asked;
}

/** Quotation marks a tone of voice may put around "we". */
const quotes: Array<[open: string, close: string]> = [
  ['"', '"'],
  ['“', '”'],
  ['«', '»'],
];

/** Whether a tone of voice speaks as the team: "as the team behind…", or a quoted "we". */
function speaksAsTeam(tov: string, words: readonly string[]): boolean {
  if (hasAny(words, styleWords.voice.team)) return true;
  const voice = tov.toLowerCase();
  return styleWords.voice.teamQuoted.some((word) =>
    quotes.some(([open, close]) => voice.includes(`${open}${word}${close}`)),
  );
}

export function styleOf(tov: string, prompt: string): ReplyStyle {
  const voice = wordsOf(tov);
  const asked = wordsOf(prompt);
  const formalAsked = register(asked, styleWords.prompt.formal);
  const casualAsked = register(asked, styleWords.prompt.casual);
  const wantsCasual = casualAsked.for || formalAsked.against;
  const wantsFormal = formalAsked.for || casualAsked.against;
  const formal = wantsFormal || (!wantsCasual && hasAny(voice, styleWords.voice.formal));
  return {
    formal,
    asTeam: speaksAsTeam(tov, voice),
    exclaim: !formal && hasAny(voice, styleWords.voice.exclaim),
    short: hasAny(asked, styleWords.prompt.shorter),
    link: toneAsksForLink(tov),
  };
}

const styleVocabulary = new Set(
  [
    ...styleWords.prompt.shorter,
    ...styleWords.prompt.formal,
    ...styleWords.prompt.casual,
    ...styleWords.prompt.opposites,
    ...styleWords.prompt.styleFillers,
  ].flatMap((phrase) => wordsOf(phrase)),
);

/** A clause's words as written, each with the way the word lists read it. */
const wordsAsWritten = (clause: string) =>
  clause
    .split(/\s+/)
    .filter(Boolean)
    .map((written) => ({ written, read: wordsOf(written).join(' ') }));

/** What the prompt asks to say, once the style instructions are taken out ("mention the free plan"). */
export function promptContent(prompt: string): string | null {
  const joins = new Set(styleWords.prompt.clauseJoins.flatMap((phrase) => wordsOf(phrase)));
  const leads = styleWords.prompt.mentionLeads.map((phrase) => wordsOf(phrase));
  const said: string[] = [];
  for (const clause of prompt.split(/[\n,.;!?]+/)) {
    // "…and…" joins two clauses, each read on its own
    const pieces: Array<ReturnType<typeof wordsAsWritten>> = [[]];
    for (const word of wordsAsWritten(clause)) {
      if (joins.has(word.read)) pieces.push([]);
      else pieces.at(-1)?.push(word);
    }
    for (const piece of pieces) {
      if (piece.length === 0) continue;
      if (piece.every((word) => word.read === '' || styleVocabulary.has(word.read))) continue;
      let start = 0;
      for (let stripped = true; stripped; ) {
        stripped = false;
        for (const lead of leads)
          if (lead.length > 0 && lead.every((word, i) => piece[start + i]?.read === word)) {
            start += lead.length;
            stripped = true;
            break;
          }
      }
      const rest = piece
        .slice(start)
        .map((word) => word.written)
        .join(' ');
      if (rest) said.push(rest);
    }
  }
  return said.length > 0 ? said.join(', ') : null;
}
