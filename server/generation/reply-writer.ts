import type { ReplyRequest } from './drafter';
import { nounPhrasesOf, sentencesOf, type WordToken, wordsOf } from './nlp';

/** The longest reply the built-in drafter writes, in words; "shorter" halves it. */
export const replyMaxWords = 80;
const shortReplyMaxWords = 40;

/** How a reply is written: from the project's tone of voice, with the person's prompt taking precedence. */
interface ReplyStyle {
  formal: boolean;
  asTeam: boolean;
  exclaim: boolean;
  short: boolean;
  link: boolean;
}

const styleWords =
  /^(?:please\s+)?(?:(?:make|keep)\s+it\s+|be\s+|sound\s+|a\s+bit\s+|much\s+|slightly\s+)*(?:more\s+|less\s+)?(?:short(?:er)?|brief(?:er)?|concise|formal|professional|casual|friendl(?:y|ier)|warm(?:er)?|informal|relaxed|polite(?:r)?|direct|simpler|salesy|pushy)(?:\s+please)?$/i;

function styleOf(tov: string, prompt: string): ReplyStyle {
  const voice = tov.toLowerCase();
  const asked = prompt.toLowerCase();
  const casualAsked = /\b(casual|friendl(y|ier)|warm(er)?|relaxed|informal)\b/.test(asked);
  const formal =
    /\b(formal|professional|polite)\b/.test(asked) ||
    (!casualAsked && /\b(formal|professional)\b/.test(voice));
  return {
    formal,
    asTeam: /"we"|\bas the team\b/.test(voice),
    exclaim: !formal && /\bwith an exclamation mark\b/.test(voice),
    short: /\b(short(er)?|brief(er)?|concise|tighter|fewer words)\b/.test(asked),
    link:
      /\b(link|url|website)\b/.test(voice) && !/\b(no|without|never|avoid)\b[^.]*\b(link|url)/.test(voice),
  };
}

/** What the prompt asks to say, once the style instructions are taken out ("mention the free plan"). */
function promptContent(prompt: string): string | null {
  const clauses = prompt
    .split(/[\n,.;!]+|\s+and\s+/i)
    .map((clause) => clause.trim())
    .filter((clause) => clause && !styleWords.test(clause));
  const said = clauses
    .map((clause) =>
      clause
        .replace(
          /^(?:please\s+)?(?:also\s+)?(?:mention|say|add|include|talk about|note|point out|tell (?:them|him|her))\s+(?:that\s+)?/i,
          '',
        )
        .trim(),
    )
    .filter(Boolean)
    .join(', ');
  return said ? said.replace(/[.!?]+$/, '') : null;
}

const countWords = (text: string) => text.split(/\s+/).filter(Boolean).length;

/** A stable number for a text, so the same post gets the same phrasing and different posts vary. */
function hashOf(text: string): number {
  let hash = 2166136261;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 16777619);
  return hash >>> 0;
}

const contentPos = new Set(['NOUN', 'PROPN', 'VERB', 'ADJ']);
const stemsOf = (text: string) =>
  new Set(
    wordsOf(text)
      .filter((word) => !word.stop && contentPos.has(word.pos) && word.normal.length >= 3)
      .map((word) => word.stem),
  );

/** Nouns that say nothing about what a post is about. */
const vague = new Set([
  'anyone',
  'someone',
  'everyone',
  'people',
  'thing',
  'things',
  'way',
  'lot',
  'time',
  'question',
  'idea',
  'ideas',
  'advice',
  'help',
  'tips',
  'day',
  'week',
  'year',
  'months',
  'guys',
]);

/** The post's actual point: its question when it asks one, else the sentence closest to the keyword. */
function focusOf(title: string | null, content: string, keywordStems: Set<string>): string {
  const sentences = [...sentencesOf(title ?? ''), ...sentencesOf(content)].slice(0, 20);
  const overlap = (sentence: string) => [...stemsOf(sentence)].filter((s) => keywordStems.has(s)).length;
  const questions = sentences.filter((sentence) => /\?\s*$/.test(sentence) && countWords(sentence) >= 3);
  const pool = questions.length > 0 ? questions : sentences.filter((s) => countWords(s) >= 3);
  let best = pool[0] ?? sentences[0] ?? content;
  for (const sentence of pool) if (overlap(sentence) > overlap(best)) best = sentence;
  return best;
}

/** A phrase as the post writes it, lower-cased unless a word is a name written with inner capitals. */
const phraseText = (phrase: WordToken[]) =>
  phrase.map((word) => (/[a-z][A-Z]|^[A-Z]{2,}$/.test(word.text) ? word.text : word.normal)).join(' ');

/** Words that open a noun phrase without saying what it is about ("best tool", "new app"). */
const hollowLeads = new Set(['best', 'good', 'great', 'new', 'right', 'simple', 'easy', 'better', 'other']);

/** The thing the focus sentence is about, as the post words it ("late invoices"). */
function topicOf(focus: string, keyword: string, keywordStems: Set<string>): string {
  let best: { text: string; score: number; onKeyword: boolean } | null = null;
  for (const phrase of nounPhrasesOf(focus)) {
    const words = phrase.filter((word) => !word.stop);
    while (words.length > 1 && hollowLeads.has(words[0]?.normal ?? '')) words.shift();
    if (words.length === 0 || words.every((word) => vague.has(word.normal))) continue;
    const onKeyword = words.filter((word) => keywordStems.has(word.stem)).length;
    const score = words.length + 3 * onKeyword + (words.length > 1 ? 1 : 0);
    if (!best || score > best.score) best = { text: phraseText(words), score, onKeyword: onKeyword > 0 };
  }
  if (best?.onKeyword) return best.text;
  // The keyword as the post uses it, with the noun it qualifies ("invoicing process").
  const escaped = keyword.trim().replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const used = escaped ? new RegExp(`\\b(${escaped})(?:\\s+([A-Za-z]+))?`, 'i').exec(focus) : null;
  if (used?.[1]) {
    const next = used[2] ? wordsOf(used[2])[0] : undefined;
    return next && next.pos === 'NOUN' && !next.stop
      ? `${used[1].toLowerCase()} ${next.normal}`
      : used[1].toLowerCase();
  }
  return best?.text ?? keyword.toLowerCase();
}

/** The first sentence of the description, with the product's name turned into "it" (the reply names it once). */
function gistOf(description: string, name: string): string {
  const first = sentencesOf(description)[0]?.replace(/[.!?]+$/, '') ?? '';
  if (!first) return '';
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const withoutName = name ? first.replace(new RegExp(`\\b${escaped}\\b`, 'gi'), 'it') : first;
  const words = withoutName.split(/\s+/).filter(Boolean).slice(0, 24);
  const gist = words.join(' ');
  return /^(It|The|A|An|This|Our)\b/.test(gist) ? gist.charAt(0).toLowerCase() + gist.slice(1) : gist;
}

/**
 * Writes a reply without a model: it picks the post's question (or its main sentence) and the thing
 * it is about, answers that first, names the product once, says how it helps only when the post and
 * the project's description share their subject, and follows the tone of voice and the prompt.
 */
export function writeReply({ post, project, prompt }: ReplyRequest): string {
  const style = styleOf(project.tov, prompt);
  const name = project.name.trim() || 'our product';
  const keywordStems = stemsOf(post.keyword);
  const focus = focusOf(post.title, post.content, keywordStems);
  const topic = topicOf(focus, post.keyword, keywordStems);
  const asked = /\?\s*$/.test(focus);
  const pick = hashOf(`${post.title ?? ''}\n${post.content}`);
  const end = style.exclaim && pick % 2 === 0 ? '!' : '.';

  // Each opening is the acknowledgement and, unless the person asked for a shorter reply, a line more.
  const openings: Array<[string, string]> = asked
    ? style.formal
      ? [
          [
            `Regarding your question about ${topic}:`,
            'it is worth writing down what a good result looks like first, then comparing options against it.',
          ],
          [
            `On ${topic}:`,
            'the simplest approach that covers your case is usually the right start, and it is easy to revisit later.',
          ],
        ]
      : [
          [
            `Good question about ${topic}${end}`,
            "I'd start small and see what actually sticks before committing.",
          ],
          [
            `With ${topic},`,
            'what usually works is picking one simple setup and living with it for a couple of weeks.',
          ],
        ]
    : style.formal
      ? [
          [
            `Thank you for raising ${topic}.`,
            'It is a problem many teams face, and a clear routine matters more than the tool.',
          ],
          [
            `Your point about ${topic} is a fair one.`,
            'It comes up often, and a clear routine matters more than the tool.',
          ],
        ]
      : [
          [
            `Really relatable point about ${topic}${end}`,
            'A small, regular routine tends to beat a big fix.',
          ],
          [
            `Been there with ${topic}, it's a common headache${end}`,
            'A small, regular routine tends to beat a big fix.',
          ],
        ];
  const [acknowledgement, more] = openings[pick % openings.length] ?? ['', ''];
  // "With x," and "On x:" need their line to make a sentence; shorter replies end those with a plain answer.
  const shortLine = /[,:]$/.test(acknowledgement)
    ? `${acknowledgement} start with the simplest option that covers it.`
    : acknowledgement;
  const opening = style.short ? shortLine : `${acknowledgement} ${more}`;

  const postStems = stemsOf(`${post.title ?? ''} ${post.content}`);
  const projectStems = stemsOf(`${project.description} ${project.goal}`);
  const shared = [...postStems].filter((stem) => projectStems.has(stem) && !keywordStems.has(stem));
  const helps = shared.length >= 1 && project.description.trim() !== '';
  const who = style.asTeam ? 'we make' : 'I work on';
  let gist = gistOf(project.description, project.name.trim());
  const productLine = (gistText: string) =>
    helps
      ? gistText
        ? `${style.formal ? `${name} may help here` : `${name} might help with this`}: ${gistText}.`
        : `${name} was built for exactly this.`
      : `Full disclosure: ${who} ${name}, so take this with that in mind.`;

  const content = promptContent(prompt);
  const contentLine = content ? `Worth mentioning too: ${content}.` : null;
  const linkLine = style.link && project.url ? `More at ${project.url}` : null;

  const limit = style.short ? shortReplyMaxWords : replyMaxWords;
  // A shorter reply keeps the description's first clause.
  if (style.short) gist = gist.split(/,|;|\s+(?:so|and|which|while)\s+/)[0]?.trim() ?? gist;
  const build = (first: string) =>
    [first, productLine(gist), contentLine, linkLine]
      .filter((part): part is string => Boolean(part))
      .join(' ');
  let reply = build(opening);
  if (countWords(reply) > limit) reply = build(shortLine);
  while (countWords(reply) > limit && gist.split(' ').length > 6) {
    gist = gist.split(' ').slice(0, -4).join(' ');
    reply = build(shortLine);
  }
  const words = reply.split(/\s+/).filter(Boolean);
  return words.length > limit ? `${words.slice(0, limit).join(' ')}…` : reply;
}
