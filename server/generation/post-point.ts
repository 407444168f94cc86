import { nounPhrasesOf, sentencesOf, type WordToken, wordsOf } from './nlp';

/**
 * What a post does: asks how, asks for a tool, weighs two options, asks yes or no, asks why, asks for
 * feedback on something of theirs, asks whether others have tried something, complains, shows
 * something, or claims something.
 */
export type PointKind =
  | 'how'
  | 'recommend'
  | 'choice'
  | 'yesno'
  | 'why'
  | 'feedback'
  | 'experience'
  | 'complaint'
  | 'showcase'
  | 'claim';

/** A post's point, as a reply answers it. */
export interface PostPoint {
  kind: PointKind;
  /** The sentence the point is made in. */
  sentence: string;
  /** What the point is about, in the post's words ("late invoices"). */
  topic: string;
  /** For a "how do you…" question, what the person wants to do, said back to them ("set boundaries with clients"). */
  aim: string | null;
  /** For a choice, the two options as the post names them. */
  options: [string, string] | null;
  /** For a show-and-tell, the thing shown or done, said back to them ("your second bakery location"). */
  shown: string | null;
  /** A second concrete thing from the post, preferably a figure ("60 days", "50 GB"), for the reply to pick up. */
  detail: string | null;
  /**
   * The post is about a dispute with a person or an institution (a landlord, an employer, a client who owes),
   * not a tool or a technique: advice to test things on a small case does not fit it.
   */
  dispute: boolean;
}

const disputeWords =
  /\b(?:landlords?|tenants?|leases?|deposits?|evict\w*|employers?|boss|fired|laid off|severance|wages?|owe[sd]?|lawyers?|attorneys?|legal(?:ly)?|police|court|sue[sd]?|judge?ment|small claims|refunds?|disputes?|neighbou?rs?|insurance|contracts?|hoa)\b/iu;
const techWords =
  /\b(?:formulas?|code|software|apps?|plugins?|excel|sql|install\w*|settings?|errors?|bugs?|scripts?|spreadsheets?|query|queries|servers?|databases?|macros?|api)\b/iu;

const contentPos = new Set(['NOUN', 'PROPN', 'VERB', 'ADJ']);

/** The content-word stems of a text, the same way relevance compares texts. */
export const stemsOf = (text: string, pos: Set<string> = contentPos) =>
  new Set(
    wordsOf(text)
      .filter((word) => !word.stop && pos.has(word.pos) && word.normal.length >= 3)
      .map((word) => word.stem),
  );

const countWords = (text: string) => text.split(/\s+/).filter(Boolean).length;

/** How much of a post is read for its point (a 10 KB post is read as far as this). */
export const readChars = 6000;

/** Nouns that say nothing about what a post is about. */
const vague = new Set(
  'anyone someone everyone people thing things way lot time question idea ideas advice help tips day week year months guys half part rest world opinion'.split(
    ' ',
  ),
);

/** Words that open a noun phrase without saying what it is about ("best tool", "new app"). */
const hollowLeads = new Set(['best', 'good', 'great', 'new', 'right', 'simple', 'easy', 'better', 'other']);

const askPattern = /\b(looking for|recommendations?|suggestions?|any tips|advice on)\b/i;
const recommendPattern =
  /\b(recommend\w*|suggestions?|(?:would|do|should|could|can) (?:you|people|anyone) suggest|(?:which|what) (?:\w+ )?(?:tools?|apps?|software|spreadsheets?|templates?|programs?|services?|platforms?|websites?)\b(?! (?:is|are|was|were|do|does|did) (?:not|n't)\b)|tutorials?|alternatives?|looking for|anyone (?:have|know) (?:a|an|any|of)|what (?:\w+ ){0,3}(?:do|are|does) (?:you|people|folks|y'all|everyone) (?:use|using)|what are you using|what (?:\w+ ){0,3}(?:has|have) worked|best \w+ for|^best\b|any (?:good |free )?(?:tools?|apps?|software|programs?|resources?|services?|plugins?|courses?|books?)\b|what (?:tools?|apps?|software)\b)/i;
const showPattern =
  /\b(?:I|we)(?:'ve| have)?\s+(?:just\s+|finally\s+)?(?:built|made|launched|released|shipped|wrote|opened|finished|open-sourced|created)\s+(.+)/i;
const complaintWords =
  /\b(hate|tired|exhausted|burn(?:ing|t|ed)? out|burnout|mess|nightmare|pain(?:ful)?|frustrat\w*|annoying|sucks?|broken|wast\w*|late|overdue|miss(?:es|ed)?|killing|punish\w*|worst|ugh|means nothing|better way|unpaid|still runs? on|muting|ignor\w*)\b/gi;

const numberWords =
  'one two three four five six seven eight nine ten eleven twelve fifteen twenty thirty forty fifty hundred'.split(
    ' ',
  );

/** Turns what the poster says about themselves into what a reply says to them ("my clients" → "your clients"). */
export function toSecondPerson(text: string): string {
  const swaps: Record<string, string> = {
    i: 'you',
    me: 'you',
    my: 'your',
    mine: 'yours',
    myself: 'yourself',
    we: 'you',
    us: 'you',
    our: 'your',
    ours: 'yours',
    ourselves: 'yourselves',
    "i'm": "you're",
    "i've": "you've",
    "i'd": "you'd",
    "i'll": "you'll",
    "we're": "you're",
    "we've": "you've",
    "we'd": "you'd",
    "we'll": "you'll",
    am: 'are',
  };
  return text
    .replace(
      /\b(?:I|we|i)'(?:m|ve|d|ll|re)\b|\b(?:I|me|my|mine|myself|we|us|our|ours|ourselves)\b/gi,
      (word) => {
        const swapped = swaps[word.toLowerCase()] ?? word;
        return word === 'I' || word[0] === word[0]?.toLowerCase()
          ? swapped
          : swapped.charAt(0).toUpperCase() + swapped.slice(1);
      },
    )
    .replace(/\byou am\b/g, 'you are')
    .replace(/\byou was\b/g, 'you were');
}

/** A phrase as the post writes it, lower-cased unless a word is a name written with inner capitals. */
const phraseText = (phrase: WordToken[]) =>
  phrase.map((word) => (/[a-z][A-Z]|^[A-Z]{2,}$/.test(word.text) ? word.text : word.normal)).join(' ');

/** The thing a sentence is about, as the post words it, leaning to the keyword ("late invoices"). */
function topicOf(sentence: string, keyword: string, keywordStems: Set<string>): string {
  let best: { text: string; score: number; onKeyword: boolean; proper: boolean } | null = null;
  for (const phrase of nounPhrasesOf(sentence)) {
    const words = phrase.filter((word) => !word.stop);
    while (words.length > 1 && hollowLeads.has(words[0]?.normal ?? '')) words.shift();
    if (words.length === 0 || words.every((word) => vague.has(word.normal))) continue;
    const onKeyword = words.filter((word) => keywordStems.has(word.stem)).length;
    const score = words.length + 3 * onKeyword + (words.length > 1 ? 1 : 0);
    const proper = words.some((word) => word.pos === 'PROPN' || /^[A-Z]/.test(word.text));
    if (!best || score > best.score)
      best = { text: phraseText(words), score, onKeyword: onKeyword > 0, proper };
  }
  const said = keyword.trim();
  // The keyword as the post uses it, with the noun it qualifies ("invoicing process").
  const escaped = said.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const used = escaped ? new RegExp(`\\b(${escaped})(?:\\s+([A-Za-z]+))?`, 'i').exec(sentence) : null;
  // A name keeps its capitals ("INDEX MATCH", "GitHub", "Reddit" mid-sentence); other words are lower case.
  const asWritten = (text: string, at = 0) =>
    /[A-Z]{2,}|[a-z][A-Z]/.test(text) || (at > 0 && /^[A-Z]/.test(text)) ? text : text.toLowerCase();
  if (used?.[1] && !(best?.onKeyword && best.text.toLowerCase().includes(said.toLowerCase()))) {
    const next = used[2] ? wordsOf(used[2])[0] : undefined;
    return next && next.pos === 'NOUN' && !next.stop
      ? `${asWritten(used[1], used.index)} ${next.normal}`
      : asWritten(used[1], used.index);
  }
  if (best?.onKeyword) return best.text;
  // A lone word that is not the keyword ("row" in "in a row") says less than the keyword itself, and a
  // name cut short ("google data" of "Google Data Studio") says something else.
  const whole = best?.text.includes(' ') && !best.proper;
  return whole && best ? best.text : asWritten(said) || (best?.text ?? '');
}

/** "the formula" where the post counts the thing ("a formula", "my formula"), the bare word otherwise ("privacy"). */
function withArticle(topic: string, text: string): string {
  // The last word decides: "WHERE IN list" is counted, "INDEX MATCH" and "late invoices" are not.
  if (!/(?:^|\s)[a-z][a-z-]*[^s\s]$/.test(topic) || topic.startsWith('the ')) return topic;
  const escaped = topic.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const counted = new RegExp(
    `\\b(?:a|an|the|this|that|my|your|our|his|her|their|each|every)\\s+(?:\\w+\\s+)?${escaped}\\b`,
    'i',
  );
  return counted.test(text) ? `the ${topic}` : topic;
}

/** A figure with what it counts ("60 days", "50 GB", "twenty staff"), else a noun phrase from another sentence. */
function detailOf(sentences: string[], focus: string, topic: string): string | null {
  const others = sentences.filter((sentence) => sentence !== focus);
  for (const sentence of [...others, focus]) {
    const words = wordsOf(sentence);
    for (let i = 0; i < words.length - 1; i++) {
      const word = words[i];
      const next = words[i + 1];
      if (!word || !next) continue;
      const isNumber = word.pos === 'NUM' || numberWords.includes(word.normal) || /^\d+%?$/.test(word.text);
      if (!isNumber || next.pos === 'PUNCT' || next.stop) continue;
      if (!['NOUN', 'PROPN', 'ADJ'].includes(next.pos)) continue;
      const third = words[i + 2];
      // "net 60 payment terms": the figure is part of a name, not a count.
      if (next.pos === 'NOUN' && third && ['NOUN', 'PROPN'].includes(third.pos)) continue;
      const phrase = [numberWords.includes(word.normal) ? word.normal : word.text, next.text];
      if (next.pos === 'ADJ' && third && third.pos === 'NOUN') phrase.push(third.text);
      const text = phrase.join(' ').replace(/\s+%/, '%');
      if (!topic.includes(text)) return text;
    }
  }
  let best: { text: string; score: number } | null = null;
  for (const sentence of others) {
    for (const phrase of nounPhrasesOf(sentence)) {
      const words = phrase.filter((word) => !word.stop && !vague.has(word.normal));
      if (words.length !== 2) continue;
      const text = phraseText(words);
      if (topic.includes(text) || text.includes(topic)) continue;
      if (!best || words.length > best.score) best = { text, score: words.length };
    }
  }
  return best?.text ?? null;
}

const clip = (text: string, maxWords: number) => {
  const words = text.split(/\s+/).filter(Boolean);
  return words.length <= maxWords ? text : null;
};

/**
 * A question as a reply reads it: without the community's tags ("[Question]", "[help request]",
 * "[ACCESS]") and without a remark it trails after ("About ready to throw in the towel... How do you
 * stay positive?").
 */
export function questionOf(sentence: string): string {
  const bare = sentence.replace(/^(?:\s*[[(][^\])]{1,30}[\])]\s*)+/u, '').trim();
  const last =
    bare
      .split(/(?:\.{3}|…|[.!])\s+(?=[A-Z])/u)
      .at(-1)
      ?.trim() ?? bare;
  return last && last !== bare && /\?\s*$/.test(last) && countWords(last) >= 3 ? last : bare;
}

/** A question that opens with what they want to do ("Apply formatting to many rows?", "Consolidating productivity software?"). */
function bareAimOf(asked: string): string | null {
  // "Want to write a novel?", "Looking to start workshops?": the aim is what follows the wish
  const question = asked.replace(
    /^(?:(?:want|need|like|wish|hope|plan|try|look)(?:s|ing)?|wanna|would like|'d like)\s+(?:to\s+)?(?=\w)/i,
    '',
  );
  // "Need help with…?" asks for help; it names nothing they set out to do
  if (question !== asked && (!/^\w/.test(question) || /^help\b/i.test(question))) return null;
  const words = wordsOf(question);
  const first = words[0];
  if (first?.pos !== 'VERB' || !/\?\s*$/.test(question)) return null;
  // "Making…" is said back as "make…"; an auxiliary or a "be" opens a yes-or-no question instead.
  if (
    /^(?:is|are|was|were|do|does|did|can|could|should|would|will|has|have|had|am|might|may|must)$/i.test(
      first.normal,
    )
  )
    return null;
  // A title in title case ("Consolidating Productivity Software?") is said back in lower case, names
  // with inner capitals or all capitals ("MySQL", "SQL") as written.
  const titleCase = words.filter((word) => /^[A-Z][a-z]/.test(word.text)).length * 2 >= words.length;
  const rest = question
    .slice(first.text.length)
    .replace(/\s*\?\s*$/, '')
    .replace(/\b[A-Z][a-z]+\b/g, (word) => (titleCase ? word.toLowerCase() : word));
  const aim = `${first.lemma.toLowerCase()}${rest}`;
  // "Resume - Help to make it more concise?" is a topic and a plea, not something to do
  if (/[:;"()[\]]|\n|\s[-–—]\s/.test(aim)) return null;
  return clip(toSecondPerson(aim), 13);
}

const notAnAction = new Set(['DET', 'PRON', 'NUM', 'ADP', 'CCONJ', 'SCONJ', 'PART', 'PUNCT', 'SYM', 'X']);

/**
 * Whether a phrase starts with what someone wants to do ("chase…", "show…"; out of its sentence the tagger
 * may read such a verb as a noun or an adjective), not with a pronoun, a number or a linking word.
 */
function opensWithAction(phrase: string): boolean {
  const first = wordsOf(phrase)[0];
  return first !== undefined && !notAnAction.has(first.pos);
}

/** "How do you chase late invoices without…?" → "chase late invoices without…", said to the reader. */
function aimOf(question: string): string | null {
  // Only a question that names who does what: "how many days before do you publish…" has no aim to echo.
  const match =
    /^(?:so,?\s+)?(?:how\s+(?:do|can|should|would|did|does|could)\s+(?:you|i|we|people|others|y'all|everyone|folks|teams?|one)\s+|how\s+to\s+|what(?:'s| is) the (?:best|easiest|right) way to\s+|(?:can|could) (?:anyone|someone|somebody|you) (?:please )?(?:help me(?: to)?|tell me how to|explain how to|show me how to)\s+|(?:is there|are there) (?:a|an|any) (?:easy |simple |quick |good )?(?:way|tool|formula|function|method) to\s+|is it possible to\s+|(?:any|an easy) way to\s+|(?:can|could|should) (?:i|we)\s+)(?:all\s+)?(.+?)\s*\?$/i.exec(
      question,
    );
  const aim = match?.[1]?.replace(/^to\s+/i, '').replace(/\bthis\b/gi, 'that');
  if (!aim || /[?:;"()[\]]|\n/.test(aim)) return null;
  // "How do I do this?" names nothing to echo back.
  if (/^\w+\s+(?:that|it|this|so)$/i.test(aim)) return null;
  if (!opensWithAction(aim)) return null;
  return clip(toSecondPerson(aim), 13);
}

function optionsOf(question: string): [string, string] | null {
  const match =
    /((?:[A-Z][\w.-]*\s){0,2}[A-Z][\w.-]*)\s+(?:or|vs\.?|versus)\s+([A-Z][\w.-]*(?:\s[A-Z][\w.-]*){0,2})/.exec(
      question,
    );
  if (!match?.[1] || !match[2]) return null;
  const first = match[1].replace(/^(?:Is|Are|Should|Do|Does|Would|Can|Which)\s+/, '');
  return first === match[1] || /^[A-Z]/.test(first) ? [first, match[2]] : null;
}

/** Asks others to judge something of the writer's: "Any feedback on my shop?", "What do you think of my resume?". */
const feedbackPattern =
  /\b(?:feedback|critique|critic(?:ism|s)|thoughts|opinions?|review|roast)\b(?: \w+){0,2} (?:on|of|about|for) (?:my|our|this|the) \w+|\bwhat (?:do|would) (?:you|y'all|people) (?:guys )?think (?:of|about) (?:my|our|this)\b|\b(?:critique|review|rate|roast) (?:my|our)\b/i;
/** Asks whether others have done something: "Has anyone advertised on Reddit?", "Anyone tried…?". */
const experiencePattern =
  /^(?:has|have|did) (?:any ?one|any ?body|some ?one|any of you|you guys|y'all|people)(?: here| else)? (?:ever |actually |successfully )?(?!else\b)(?:\w+ed|tried|used|done|had|run|sold|made|built|gone|been|taken|seen|worked)\b|^(?:any ?one|any ?body) (?:here )?(?:ever |actually )?(?:tried|used|had|done|run|sold|advertised|worked with)\b/i;

/** Asks what has worked for others: "What advertising methods have worked best for you?". */
const workedForYou =
  /^what (?:\w+ ){0,3}(?:has|have) worked (?:best |well )?for (?:you|people|others|everyone)\b/i;

/** What a tool is asked for, said back: "Any tools to track your time use?" → "track your time use". */
function toolAimOf(question: string): string | null {
  const done =
    /\b(?:tools?|apps?|applications?|software|programs?|services?|plugins?|ways?|something|anything)\s+(?:to|that (?:can|will|would|helps? (?:me |you |us )?))\s+([^?.!,;:]+?)\s*[?.!]*$/i.exec(
      question,
    )?.[1];
  if (!done) return null;
  // It starts with what the tool should do ("track…").
  if (!opensWithAction(done)) return null;
  return clip(toSecondPerson(done.replace(/^(?:help (?:me |you |us )?)?/i, '')), 10);
}

function kindOfQuestion(question: string, options: [string, string] | null): PointKind {
  if (options) return 'choice';
  if (feedbackPattern.test(question)) return 'feedback';
  if (experiencePattern.test(question) || workedForYou.test(question)) return 'experience';
  if (/^why\b/i.test(question)) return 'why';
  if (recommendPattern.test(question)) return 'recommend';
  if (
    /^(?:so,?\s+)?(?:how|what|any (?:good |useful |helpful |practical )?(?:tips|advice|pointers|ideas)|where)\b/i.test(
      question,
    )
  )
    return 'how';
  if (
    /^(?:can|could) (?:anyone|someone|somebody|you) (?:please )?(?:help|tell|explain|show)\b/i.test(
      question,
    ) ||
    /^(?:is there|are there) (?:a|an|any) (?:easy |simple |quick |good )?(?:way|formula|function|method)\b|^is it possible to\b|^(?:any|an easy) way to\b/i.test(
      question,
    )
  )
    return 'how';
  // "Can I return what is missing…?" asks how, once what follows reads as something to do.
  if (/^(?:can|could|should) (?:i|we) (?!be\b)\w+/i.test(question) && aimOf(question)) return 'how';
  // …and so does a longer "Can I return what is missing from a table using…?", whose doing is too long to echo.
  if (
    /^(?:can|could) (?:i|we) (?!be\b|have\b|get away\b)[a-z]+\b/i.test(question) &&
    countWords(question) > 10
  )
    return 'how';
  // "Does anyone have any good tips on…?" asks for advice, whatever verb opens it
  if (/\bany (?:good |useful |helpful |practical )?(?:tips|advice|pointers|suggestions)\b/i.test(question))
    return 'how';
  // A yes-or-no question opens with its verb ("Has anyone…", "Is it…"); a bare "INDEX, MATCH problem?" or
  // "Apply formatting to many rows?" asks for help with it.
  if (
    !/^(?:is|are|was|were|do|does|did|can|could|should|would|will|has|have|had|am|anyone|any|might|may)\b/i.test(
      question,
    )
  )
    return 'how';
  return 'yesno';
}

/** What was shown or done, said back to the poster ("your second bakery location"), or null. */
function shownOf(title: string | null, sentences: string[]): string | null {
  const showHn = title ? /^show hn:\s*(.+)$/i.exec(title)?.[1] : undefined;
  if (showHn) {
    const thing = showHn.replace(/^(?:a|an|the|my|our)\s+/i, '').replace(/[.!]+$/, '');
    // "Open-source forecasting…" reads mid-sentence in lower case; "CLI" and "GitHub" keep their capitals.
    return `the ${/^[A-Z][a-z]/.test(thing) && !/^\S*[a-z][A-Z]/.test(thing) ? thing.charAt(0).toLowerCase() + thing.slice(1) : thing}`;
  }
  for (const sentence of sentences.slice(0, 3)) {
    const done = showPattern.exec(sentence)?.[1];
    if (!done) continue;
    const object = done.split(/,|;|\s+(?:so|and|but|because|which|that)\s+|[.!?]/)[0]?.trim() ?? '';
    if (!object) continue;
    const said = toSecondPerson(object.replace(/^(?:a|an)\s+/i, 'the '));
    if (countWords(said) <= 12) return said;
  }
  return null;
}

/** What a writer says they are trying to do ("I am trying to develop a spreadsheet…" → "develop a spreadsheet…"). */
function needAimOf(sentence: string): string | null {
  const done =
    /\b(?:i(?:'m| am) trying to|i need to|what i need is to|i want to|i(?:'d| would) like to)\s+(?:figure out how to\s+)?([^.!?;:"()]+)/i.exec(
      sentence,
    )?.[1];
  if (!done || /^(?:share|thank|say|add|mention|point out|announce|introduce|vent|rant)\b/i.test(done))
    return null;
  if (!opensWithAction(done)) return null;
  return clip(toSecondPerson(done.trim()), 13);
}

const stripPrefix = (text: string) => text.replace(/^(?:ask|show|tell) hn:\s*/i, '').trim();

/**
 * Reads a post's point: the question it asks (the one closest to the keyword when it asks several),
 * else what it shows, else its main complaint or claim; and the words a reply can pick up.
 */
export function readPostPoint(post: { title: string | null; content: string; keyword: string }): PostPoint {
  const keywordStems = stemsOf(post.keyword);
  const title = post.title ? stripPrefix(post.title) : null;
  // A reply answers what the post opens with: its first few thousand characters hold the 24 sentences read.
  const sentences = [...sentencesOf(title ?? ''), ...sentencesOf(post.content.slice(0, readChars))]
    .slice(0, 24)
    .filter((sentence) => countWords(sentence) >= 2);
  const overlap = (sentence: string) => [...stemsOf(sentence)].filter((s) => keywordStems.has(s)).length;
  const best = (pool: string[], score: (sentence: string) => number) => {
    let chosen = pool[0];
    for (const sentence of pool)
      if (chosen === undefined || score(sentence) > score(chosen)) chosen = sentence;
    return chosen;
  };
  const asks = sentences.filter((s) => (/\?\s*$/.test(s) && countWords(s) >= 3) || askPattern.test(s));
  const shown = asks.length === 0 ? shownOf(post.title, sentences) : null;
  const needs = asks.length === 0 && !shown ? sentences.filter((s) => needAimOf(s) !== null) : [];
  const text = `${post.title ?? ''}\n${post.content}`;

  let kind: PointKind;
  let sentence: string;
  let options: [string, string] | null = null;
  if (asks.length > 0) {
    sentence = questionOf(best(asks, overlap) ?? '');
    options = optionsOf(sentence);
    kind = kindOfQuestion(sentence, options);
  } else if (shown) {
    kind = 'showcase';
    sentence = sentences.find((s) => showPattern.test(s)) ?? sentences[0] ?? post.content;
  } else if (needs.length > 0) {
    // "I am trying to develop a spreadsheet…" asks how, though it has no question mark
    kind = 'how';
    sentence = best(needs, overlap) as string;
  } else {
    const grievance = (s: string) => (s.match(complaintWords)?.length ?? 0) * 2 + overlap(s);
    const complaint = best(sentences, grievance);
    if (complaint && (complaint.match(complaintWords)?.length ?? 0) > 0) {
      kind = 'complaint';
      sentence = complaint;
    } else {
      kind = 'claim';
      sentence = best(sentences, overlap) ?? post.content;
    }
  }
  const topic = withArticle(topicOf(sentence, post.keyword, keywordStems), text);
  return {
    kind,
    sentence,
    topic,
    aim:
      kind === 'how'
        ? (aimOf(sentence) ?? bareAimOf(sentence) ?? needAimOf(sentence))
        : kind === 'recommend'
          ? toolAimOf(sentence)
          : null,
    options,
    shown,
    detail: detailOf(sentences, sentence, topic),
    dispute: disputeWords.test(text) && !techWords.test(text),
  };
}
