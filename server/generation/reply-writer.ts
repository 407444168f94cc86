import type { ReplyRequest } from './drafter';
import { sentencesOf } from './nlp';
import { type PostPoint, readPostPoint, stemsOf } from './post-point';
import { answerFor } from './reply-answers';
import { countWords, enforceReplyRules, replyCharLimit, replyMaxWords, toneAsksForLink } from './reply-rules';

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

const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The description's sentence that shares most with the post, and how much the two share. */
function productFit(request: ReplyRequest, point: PostPoint) {
  const { post, project } = request;
  const sentences = sentencesOf(project.description);
  const postStems = new Set(
    [...stemsOf(`${post.title ?? ''} ${post.content}`)].filter((stem) => !commonStems.has(stem)),
  );
  const pointStems = stemsOf(`${point.sentence} ${point.topic}`);
  const projectStems = stemsOf(`${project.description} ${project.goal}`);
  const sharedWithPost = [...postStems].filter((stem) => projectStems.has(stem)).length;
  const sharedWithPoint = [...pointStems].filter(
    (stem) => projectStems.has(stem) && !commonStems.has(stem),
  ).length;
  let best = sentences[0] ?? '';
  let bestShared = -1;
  for (const sentence of sentences) {
    const stems = stemsOf(sentence);
    const shared = [...postStems].filter((stem) => stems.has(stem)).length;
    if (shared > bestShared) [best, bestShared] = [sentence, shared];
  }
  // The post's point, or the post as a whole, has to be about what the product does.
  const helps = project.description.trim() !== '' && (sharedWithPoint >= 2 || sharedWithPost >= 3);
  return { helps, sentence: best };
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
    clause:
      clause.charAt(0).toLowerCase() === clause.charAt(0)
        ? clause
        : clause.charAt(0).toLowerCase() + clause.slice(1),
  };
}

/** The first clause of a phrase, for replies that must be shorter. */
const firstClause = (text: string) => text.split(/,|;|\s+(?:so|and|which|while|with)\s+/)[0]?.trim() ?? text;

const contractions: Array<[RegExp, string]> = [
  [/\bI'd\b/g, 'I would'],
  [/\bit's\b/g, 'it is'],
  [/\bIt's\b/g, 'It is'],
  [/\bshouldn't\b/g, 'should not'],
  [/\bdon't\b/g, 'do not'],
  [/\bisn't\b/g, 'is not'],
  [/\byou'd\b/g, 'you would'],
  [/\byou're\b/g, 'you are'],
  [/\bthat's\b/g, 'that is'],
];
const formalise = (text: string) => contractions.reduce((said, [from, to]) => said.replace(from, to), text);

/**
 * Writes a reply without a model: it reads the post's point (its question, or what it shows, complains
 * about or claims) and answers that in the post's own words, names the product once, says how it helps
 * only when the post's point and the product's description share their subject, adds the link only when
 * the tone of voice asks, and follows the tone of voice and the person's prompt.
 */
export function writeReply(request: ReplyRequest): string {
  const { post, project, prompt } = request;
  const style = styleOf(project.tov, prompt);
  const name = project.name.trim() || 'our product';
  const point = readPostPoint(post);
  const pick = hashOf(`${post.title ?? ''}\n${post.content}`);
  let turn = 0;
  const choose = <T>(options: T[]): T => options[(pick + turn++ * 7) % options.length] as T;
  const answer = answerFor(
    point,
    { formal: style.formal, end: style.exclaim && pick % 2 === 0 ? '!' : '.' },
    choose,
  );

  const fit = productFit(request, point);
  const who = style.asTeam ? 'we make' : 'I work on';
  const does = whatItDoes(fit.sentence, name);
  const productLines = (() => {
    if (!fit.helps) {
      const lines = style.formal
        ? [`In the interest of transparency, ${who} ${name}, although it is not what this needs.`]
        : [
            `Full disclosure: ${who} ${name}, but that's not what this needs.`,
            `(Full disclosure, ${who} ${name}; no pitch here, it isn't built for this.)`,
          ];
      return [choose(lines), `Full disclosure: ${who} ${name}.`];
    }
    const about = point.topic;
    const full = does.verbPhrase
      ? style.formal
        ? `${capital(who)} ${name}, which ${does.verbPhrase}; it may help with ${about}.`
        : choose([
            `For the ${about} part, ${who} ${name}, which ${does.verbPhrase}.`,
            `Full disclosure, ${who} ${name}: it ${firstClause(does.verbPhrase)}, which might take ${about} off your plate.`,
          ])
      : style.formal
        ? `${name} may help with ${about}: ${does.clause}.`
        : `${name} might help with the ${about} part: ${does.clause}.`;
    const short = does.verbPhrase
      ? `${capital(who)} ${name}, which ${firstClause(does.verbPhrase)}.`
      : `${name} might help here: ${firstClause(does.clause)}.`;
    return [full, short, `${name} was built for ${about}.`];
  })();

  const content = promptContent(prompt);
  const contentLine = content ? `Worth mentioning too: ${content}.` : null;
  // "Include a link when the product helps": a reply that does not pitch carries no link either.
  const linkOnlyWhenHelping = /\blinks?\b[^.]*\b(?:when|where|if)\b/i.test(project.tov);
  const linkLine =
    style.link && project.url && (fit.helps || !linkOnlyWhenHelping) ? `More at ${project.url}` : null;

  const maxWords = style.short ? shortReplyMaxWords : replyMaxWords;
  const maxChars = replyCharLimit(post.network);
  const fits = (text: string) => countWords(text) <= maxWords && (!maxChars || text.length <= maxChars);
  const build = (follow: string | null, product: string, said = contentLine) => {
    const text = [answer.lead, follow, product, said, linkLine].filter(Boolean).join(' ');
    return style.formal ? formalise(text) : text;
  };
  // Longest first: the follow-up line goes before the product line is shortened.
  const follows = style.short ? [null] : [answer.follow, null];
  for (const product of productLines) {
    for (const follow of follows) {
      const reply = build(follow, product);
      if (fits(reply)) return reply;
    }
  }
  // Still too long: the prompt's own content is what gives way, cut to the words that are left.
  const product = productLines.at(-1) ?? '';
  const left = maxWords - countWords(build(null, product, null)) - 4;
  const clipped =
    content && left > 2 ? `Worth mentioning too: ${content.split(/\s+/).slice(0, left).join(' ')}…` : null;
  return enforceReplyRules(build(null, product, clipped), {
    maxWords,
    maxChars,
    allowedLink: linkLine ? project.url : null,
  });
}
