/**
 * The built-in reply writer: the intent the classifier gives a post chooses a family of templates
 * (`templates.json`), a stable hash of the post and the batch's memory choose among each part's
 * alternatives, and the slots are filled from the request: the keyword that found the post, the
 * product's name and first clause, what the person's prompt asks to mention. Specific answers are the
 * configured model's job (`ModelDrafter`); this writer is the fallback that never needs one.
 */
import { type Intent, intentModel, intents, readPost } from '../intent/intent';
import { wordsOf } from '../language/words';
import { Chooser, type Chosen, hashOf } from './choose';
import { productPhrases } from './product-phrase';
import { ReplyMemory } from './reply-memory';
import { countWords, enforceReplyRules, replyCharLimit, replyMaxWords } from './reply-rules';
import { promptContent, type ReplyStyle, styleOf } from './reply-style';
import { fill, type TemplatePart, templates } from './templates';

/** "Shorter" halves the limit. */
export const shortReplyMaxWords = 40;

/** A found post as the writer reads it. */
export interface DraftPost {
  keyword: string;
  title: string | null;
  content: string;
  /** The network's slug ('reddit', 'x', 'bluesky'…): some limit a reply's length in characters. */
  network?: string;
}

/** Who answers: the project's name ('' when it has none), page, description and tone of voice. */
export interface DraftProject {
  name: string;
  url: string | null;
  description: string;
  tov: string;
}

export interface DraftRequest {
  post: DraftPost;
  project: DraftProject;
  /** The person's steer ("shorter", "more formal", "mention the free plan"); '' for none. */
  prompt: string;
  /** What the other replies of the same batch (a day's drafts) have said. */
  batch?: ReplyMemory;
  /** The post's intent, when the caller has it; the classifier reads it otherwise. */
  intent?: Intent;
}

/** The intent the classifier gives a post the highest probability. */
export function intentOf(post: DraftPost): Intent {
  const probabilities = intentModel().probabilities(
    readPost({ title: post.title, content: post.content, network: post.network }),
  );
  let best = 0;
  for (const [i, probability] of probabilities.entries())
    if (probability > (probabilities[best] ?? 0)) best = i;
  return intents[best] ?? 'other';
}

/** Whether a text says the product's name, as whole words. */
function says(text: string, name: string): boolean {
  const wanted = wordsOf(name);
  const words = wordsOf(text);
  if (wanted.length === 0) return false;
  return words.some((_, start) => wanted.every((word, i) => words[start + i] === word));
}

/** One part of a reply as chosen for this post: its text, or its texts from longest to shortest. */
interface ChosenPart {
  part: TemplatePart;
  chosen: Chosen;
  /** The part's text for each way of saying the product (one entry for a part without it). */
  texts: string[];
}

/** The chosen parts said as a reply, with the product's disclosure wherever its name is said. */
function assemble(
  parts: ChosenPart[],
  productForm: number,
  extras: { mention: string | null; disclosure: string | null; exclaim: boolean; name: string },
): { text: string; named: boolean } {
  const said = parts.map(({ texts }) => texts[Math.min(productForm, texts.length - 1)] ?? '');
  if (extras.exclaim && said[0]?.endsWith('.')) said[0] = `${said[0].slice(0, -1)}!`;
  if (extras.mention) said.push(extras.mention);
  const offered = parts.some(({ part }) => part.names);
  let text = said.join(' ');
  const named = extras.name !== '' && says(text, extras.name);
  if (named && !offered && extras.disclosure) text = `${text} ${extras.disclosure}`;
  return { text, named };
}

/**
 * Writes a reply without a model. Asked for a tool, it gives a way to choose and names the product as
 * one honest option with a disclosure; asked for help, a first step and a question back, without a
 * pitch; to a complaint, an acknowledgement and the product as an alternative; to anything else, a
 * short engagement. At most 80 words (40 when the prompt asks for shorter) and within the network's
 * limit; no sentence another reply of its batch has said.
 */
export function writeReply(request: DraftRequest): string {
  const { post, project, prompt } = request;
  const memory = request.batch ?? new ReplyMemory();
  const style: ReplyStyle = styleOf(project.tov, prompt);
  const intent = request.intent ?? intentOf(post);
  const family = templates.families[intent];
  const register = style.formal ? 1 : 0;
  const chooser = new Chooser(hashOf(`${post.title ?? ''}\n${post.content}`), memory);
  const product = productPhrases(project.name, project.description);
  const link = style.link && project.url ? project.url : null;
  const slots = {
    keyword: post.keyword.trim(),
    name: product.name,
    disclose: templates.voices[style.asTeam ? 'team' : 'me'][register],
  };
  const linked = (sentence: string) => (link ? `${sentence.replace(/[.!?]$/, '')} (${link}).` : sentence);

  const parts: ChosenPart[] = [];
  for (const part of family.parts) {
    const registered = part.alternatives.map((alternative) => alternative[register]);
    if (part.names) {
      if (product.phrases.length === 0) continue;
      const forms = product.phrases.map((said) => ({ ...slots, product: said }));
      const chosen = chooser.pick(
        `${intent}.${part.role}`,
        registered.map((template) => fill(template, forms[0] ?? slots)),
        part.required,
      );
      if (chosen)
        parts.push({
          part,
          chosen,
          texts: forms.map((form) => linked(fill(registered[chosen.index] ?? '', form))),
        });
      continue;
    }
    const chosen = chooser.pick(
      `${intent}.${part.role}`,
      registered.map((template) => fill(template, slots)),
      part.required,
    );
    if (chosen) parts.push({ part, chosen, texts: [chosen.text] });
  }

  const content = promptContent(prompt);
  const pickLine = (group: string, alternatives: ReadonlyArray<readonly [string, string]>, values: object) =>
    chooser.pick(
      group,
      alternatives.map((alternative) => fill(alternative[register], { ...slots, ...values })),
      true,
    );
  const mention = content ? pickLine('mention', templates.mention.alternatives, { mention: content }) : null;
  const disclosure = product.name ? pickLine('disclosure', templates.disclosure.alternatives, {}) : null;
  const extras = {
    mention: mention?.text ?? null,
    disclosure: disclosure?.text ?? null,
    exclaim: style.exclaim && hashOf(post.content) % 2 === 0,
    name: product.name,
  };

  const maxWords = style.short ? shortReplyMaxWords : replyMaxWords;
  const maxChars = replyCharLimit(post.network);
  const fits = (text: string) => countWords(text) <= maxWords && (!maxChars || text.length <= maxChars);
  // The optional parts give way first, in the family's order; then the product is said more briefly.
  // "Shorter" keeps the required parts only.
  const drops = family.dropOrder.map((_, count) => new Set(family.dropOrder.slice(0, count)));
  drops.push(new Set(family.dropOrder));
  const levels = style.short ? drops.slice(-1) : drops;
  const forms = Math.max(1, ...parts.map(({ texts }) => texts.length));
  const done = (text: string, kept: ChosenPart[], named: boolean) => {
    const reply = enforceReplyRules(text, { maxWords, maxChars, allowedLink: link });
    const keys = kept.map(({ chosen }) => chosen.key);
    if (mention && reply.includes(mention.text)) keys.push(mention.key);
    if (named && disclosure && reply.includes(disclosure.text)) keys.push(disclosure.key);
    memory.remember(keys, reply);
    return reply;
  };
  for (let form = 0; form < forms; form += 1)
    for (const dropped of levels) {
      const kept = parts.filter(({ part }) => !dropped.has(part.role));
      const { text, named } = assemble(kept, form, extras);
      if (fits(text)) return done(text, kept, named);
    }
  // Still too long (a long prompt): what the prompt asks to mention is cut to the words left.
  const kept = parts.filter(({ part }) => part.required);
  const { text, named } = assemble(kept, forms - 1, { ...extras, mention: null });
  const left = maxWords - countWords(text) - 4;
  const clipped =
    mention && content && left > 2
      ? fill(templates.mention.alternatives[0]?.[register] ?? '', {
          mention: `${content.split(/\s+/).slice(0, left).join(' ')}…`,
        }).replace(/…\.$/, '…')
      : null;
  return done([text, clipped].filter(Boolean).join(' '), kept, named);
}
