import {
  countWords,
  enforceReplyRules,
  replyCharLimit,
  replyMaxWords,
  toneAsksForLink,
} from '../engine/drafting/reply-rules';
import type { ReplyRequest } from './drafter';
import { isCoined, sentencesOf } from './nlp';
import { type PostPoint, readChars, readPostPoint, stemsOf } from './post-point';
import { unnamedProduct } from './product-source';
import { answerFor } from './reply-answers';

export { replyMaxWords };

/** "Shorter" halves the limit. */
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
    link: toneAsksForLink(tov),
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

/** A stable number for a text, so the same post gets the same phrasing and different posts vary. */
function hashOf(text: string): number {
  let hash = 2166136261;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 16777619);
  return hash >>> 0;
}

/** Stems too common to show that a post and a product share a subject. */
const commonStems = new Set([
  'time',
  'way',
  'thing',
  'peopl',
  'year',
  'day',
  'week',
  'month',
  'small',
  'team',
  'one',
]);

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The description's sentence that shares most with the post, and how much the two share. */
function productFit(request: ReplyRequest, point: PostPoint) {
  const { post, project } = request;
  const sentences = sentencesOf(project.description);
  const postStems = new Set(
    [...stemsOf(`${post.title ?? ''} ${post.content.slice(0, readChars)}`)].filter(
      (stem) => !commonStems.has(stem),
    ),
  );
  const pointStems = stemsOf(`${point.sentence} ${point.topic}`);
  const projectStems = stemsOf(`${project.description} ${project.goal}`);
  const sharedWithPost = [...postStems].filter((stem) => projectStems.has(stem)).length;
  const sharedWithPoint = [...pointStems].filter(
    (stem) => projectStems.has(stem) && !commonStems.has(stem),
  ).length;
  // The description's sentences, the one that shares most with the post first, beyond the keyword: the
  // keyword found the post, so what else the post asks for decides which sentence answers it ("a to-do
  // list app with multiple categories" is answered by "sorts tasks into projects and categories").
  const keywordStems = stemsOf(post.keyword);
  const ranked = sentences
    .map((sentence, index) => {
      const shared = [...postStems].filter((stem) => stemsOf(sentence).has(stem));
      const beyond = shared.filter((stem) => !keywordStems.has(stem)).length;
      return { sentence, index, beyond, shared: shared.length };
    })
    .sort((a, b) => b.beyond - a.beyond || b.shared - a.shared || a.index - b.index)
    .map(({ sentence }) => sentence);
  // The post's point, or the post as a whole, has to be about what the product does.
  const helps = project.description.trim() !== '' && (sharedWithPoint >= 2 || sharedWithPost >= 3);
  return { helps, sentences: ranked };
}

/** Whether a sentence opens with a name: a word with inner capitals, or one no English lexicon holds. */
function opensWithName(sentence: string): boolean {
  const first = /^[\p{L}][\p{L}'-]*/u.exec(sentence)?.[0] ?? '';
  return /\p{Ll}\p{Lu}/u.test(first) || (first.length > 1 && isCoined(first));
}

/** A description sentence said after the product's name: "sends polite reminders…" ("which" follows the name). */
function whatItDoes(sentence: string, name: string): { verbPhrase: string | null; clause: string } {
  const bare = sentence.replace(/[.!?]+$/, '').trim();
  const lead = new RegExp(`^(?:${escapeRegExp(name)}|It)\\s+`, 'i');
  const withoutName = bare.replace(new RegExp(`\\b${escapeRegExp(name)}\\b`, 'gi'), 'it');
  const clause = /^It\b/.test(withoutName) ? `it${withoutName.slice(2)}` : withoutName;
  return {
    verbPhrase: lead.test(bare)
      ? bare.replace(lead, '').replace(new RegExp(`\\b${escapeRegExp(name)}\\b`, 'gi'), 'it')
      : null,
    // "A writing app…" is said as "a writing app…"; a name that opens it ("Tripnote plans…") keeps its capital
    clause:
      clause.charAt(0).toLowerCase() === clause.charAt(0) || opensWithName(clause)
        ? clause
        : clause.charAt(0).toLowerCase() + clause.slice(1),
  };
}

const contractions: Array<[RegExp, string]> = [
  [/\bI'd\b/g, 'I would'],
  [/\bI've\b/g, 'I have'],
  [/\b([Ii])t's\b/g, '$1t is'],
  [/\b([Tt])hat's\b/g, '$1hat is'],
  [/\b([Tt])here's\b/g, '$1here is'],
  [/\b([Ww])hat's\b/g, '$1hat is'],
  [/\b([Yy])ou're\b/g, '$1ou are'],
  [/\b([Yy])ou'd\b/g, '$1ou would'],
  [/\b([Yy])ou've\b/g, '$1ou have'],
  [/\bwho've\b/g, 'who have'],
  [/\bshouldn't\b/g, 'should not'],
  [/\b([Dd])on't\b/g, '$1o not'],
  [/\bisn't\b/g, 'is not'],
  [/\bcan't\b/g, 'cannot'],
];
const formalise = (text: string) => contractions.reduce((said, [from, to]) => said.replace(from, to), text);

/** A sentence as a batch compares it: lower case, the words only. */
const sentenceKey = (sentence: string) =>
  sentence
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/**
 * What a batch of replies (a day's drafts for a project) has said so far: the phrasings it has used and
 * its sentences. A reply written with it avoids both, so no sentence recurs across the batch.
 */
export class ReplyMemory {
  private readonly phrasings = new Map<string, number>();
  private readonly sentences = new Set<string>();

  usesOf(phrasing: string): number {
    return this.phrasings.get(phrasing) ?? 0;
  }

  hasSaid(sentence: string): boolean {
    return this.sentences.has(sentenceKey(sentence));
  }

  remember(phrasings: Iterable<string>, reply: string): void {
    for (const phrasing of phrasings) this.phrasings.set(phrasing, this.usesOf(phrasing) + 1);
    for (const sentence of sentencesOf(reply)) this.sentences.add(sentenceKey(sentence));
  }
}

/**
 * Writes a reply without a model: it reads the post's point (its question, or what it shows, complains
 * about or claims) and answers that in the post's own words, adds a figure the post gives and a question
 * back, names the product in one complete sentence only when the post's point and the product's
 * description share their subject (with the link when the tone of voice asks), and follows the tone of
 * voice and the person's prompt. Given its batch's memory (`request.batch`), it picks phrasings no other reply of the
 * batch has used, leaving an optional part out rather than repeating it.
 */
export function writeReply(request: ReplyRequest): string {
  const { post, project, prompt } = request;
  const memory = request.batch ?? new ReplyMemory();
  const style = styleOf(project.tov, prompt);
  const name = project.name.trim();
  const point = readPostPoint(post);
  const seed = hashOf(`${post.title ?? ''}\n${post.content}`);
  let turn = 0;
  /** The phrasing key of each sentence picked, so only the ones the reply keeps are remembered. */
  const picked = new Map<string, string>();
  const pick = (group: string, options: string[], required: boolean): string | null => {
    if (options.length === 0) return null;
    const start = (seed + turn++ * 7) % options.length;
    const order = options.map((_, i) => (start + i) % options.length);
    const usable = order.filter((i) => options[i] !== '');
    if (usable.length === 0) return null;
    const fresh = usable.find(
      (i) => memory.usesOf(`${group}#${i}`) === 0 && !memory.hasSaid(options[i] as string),
    );
    let chosen = fresh;
    if (chosen === undefined && required) {
      // Every phrasing has been used: the least used one, filled with this post's words, as long as the
      // sentence itself is new.
      const unsaid = usable.filter((i) => !memory.hasSaid(options[i] as string));
      chosen = (unsaid.length ? unsaid : usable).reduce((a, b) =>
        memory.usesOf(`${group}#${b}`) < memory.usesOf(`${group}#${a}`) ? b : a,
      );
    }
    if (chosen === undefined) return null;
    const text = options[chosen] as string;
    picked.set(text, `${group}#${chosen}`);
    return text;
  };
  const answer = answerFor(point, { formal: style.formal }, pick);
  const lead =
    style.exclaim && seed % 2 === 0 && /\.$/.test(answer.lead)
      ? answer.lead.replace(/\.$/, '!')
      : answer.lead;

  const fit = productFit(request, point);
  const link = style.link && project.url ? project.url : null;
  const productLines = name && fit.helps ? productSentences(request, fit.sentences, link, style, pick) : [];

  const content = promptContent(prompt);
  const contentLine = content ? `Worth mentioning too: ${content}.` : null;

  const maxWords = style.short ? shortReplyMaxWords : replyMaxWords;
  const maxChars = replyCharLimit(post.network);
  const fits = (text: string) => countWords(text) <= maxWords && (!maxChars || text.length <= maxChars);
  const build = (parts: Array<string | null>) => {
    const text = parts.filter(Boolean).join(' ');
    return style.formal ? formalise(text) : text;
  };
  const done = (reply: string) => {
    const kept = [...picked].filter(([text]) => reply.includes(style.formal ? formalise(text) : text));
    memory.remember(
      kept.map(([, key]) => key),
      reply,
    );
    return reply;
  };
  // Longest first: the follow-up and the question back give way before the product line is shortened,
  // and the product line is left out before the answer is cut.
  const extras: Array<[string | null, string | null]> = style.short
    ? [[null, null]]
    : [
        [answer.follow, answer.ask],
        [answer.follow, null],
        [null, answer.ask],
        [null, null],
      ];
  for (const product of [...productLines, null]) {
    for (const [follow, ask] of extras) {
      const reply = build([lead, follow, ask, product, contentLine]);
      if (fits(reply)) return done(reply);
    }
  }
  // Still too long: the prompt's own content is what gives way, cut to the words that are left.
  const product = productLines.at(-1) ?? null;
  const left = maxWords - countWords(build([lead, product])) - 4;
  const clipped =
    content && left > 2 ? `Worth mentioning too: ${content.split(/\s+/).slice(0, left).join(' ')}…` : null;
  return done(
    enforceReplyRules(build([lead, product, clipped]), {
      maxWords,
      maxChars,
      allowedLink: link,
    }),
  );
}

/**
 * The product said in one complete sentence, in phrasings a batch has not used yet: longest first, then
 * the same with the description's shortest fitting sentence, so a reply with a hard length still names it
 * whole or not at all.
 */
function productSentences(
  request: ReplyRequest,
  sentences: string[],
  link: string | null,
  style: ReplyStyle,
  pick: (group: string, options: string[], required: boolean) => string | null,
): string[] {
  const name = request.project.name.trim();
  const who = style.asTeam ? 'we make' : 'I work on';
  const said = (text: string) => (link ? `${text} (${link}).` : `${text}.`);
  const phrasings = (sentence: string) => {
    const does = whatItDoes(sentence, name);
    // A project left unnamed is said as what it is ("I work on a writing app for novelists: …"), never
    // as "My product"; a description that says what the product is ("A writing app for novelists: …")
    // follows the name as its apposition
    const unnamed = name === unnamedProduct && !does.verbPhrase && !opensWithName(does.clause);
    if (unnamed || (!does.verbPhrase && /^(?:a|an|the)\s/i.test(does.clause))) {
      const product = unnamed ? does.clause : `${name}, ${does.clause}`;
      return style.formal
        ? [said(`In the interest of transparency, ${who} ${product}`)]
        : [said(`Full disclosure, ${who} ${product}`), said(`Disclosure: ${who} ${product}`)];
    }
    if (!does.verbPhrase)
      return style.formal
        ? [said(`In the interest of transparency, ${who} ${name}: ${does.clause}`)]
        : [
            said(`Full disclosure, ${who} ${name}: ${does.clause}`),
            said(`Disclosure: ${who} ${name}, and ${does.clause}`),
          ];
    const vp = does.verbPhrase;
    return style.formal
      ? [
          said(`In the interest of transparency, ${who} ${name}, which ${vp}`),
          said(`I should say that ${who} ${name}, which ${vp}`),
          said(`${name} may be relevant here, since it ${vp}; in the interest of transparency, ${who} it`),
        ]
      : [
          said(`Full disclosure, ${who} ${name}, which ${vp}`),
          said(`Disclosure: ${who} ${name}; it ${vp}`),
          said(`${name} might help here, since it ${vp} (disclosure: ${who} it)`).replace(/\)\s*\(/, '; '),
          said(`For what it's worth, ${name} ${vp}; disclosure, ${who} it`),
        ];
  };
  // The description's sentence closest to the post, in a phrasing the batch has not used; then the next
  // sentence: a day's replies for one project can name it without two sharing a sentence.
  const lines: string[] = [];
  for (const sentence of sentences) {
    const line = pick(`product:${name}:${sentence}`, phrasings(sentence), false);
    if (line) {
      lines.push(line);
      break;
    }
  }
  const shortest = [...sentences].sort((a, b) => a.length - b.length)[0];
  if (shortest && shortest !== sentences[0]) {
    const short = pick(`product:${name}:${shortest}`, phrasings(shortest), false);
    if (short) lines.push(short);
  }
  return lines;
}
