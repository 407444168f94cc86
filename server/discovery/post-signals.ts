import type { SourcePost } from './types';

/**
 * What a post asks or says that a marketer would answer, strongest first: a level from 0 to 1, a
 * phrase for the reason, and the words of the post that showed it.
 */
export interface Intent {
  level: number;
  says: string;
  evidence: string;
}

/**
 * What makes a post no lead whatever its words: a job ad, a launch or self-promotion, news or a bare
 * link, a guide, tip or story it shares, or a post about the community itself.
 */
export interface Noise {
  kind: 'job_ad' | 'promotion' | 'link' | 'share' | 'community';
  /** The score is multiplied by this. */
  factor: number;
  says: string;
  evidence: string;
}

const things =
  '(?:tools?|apps?|applications?|software|services?|programs?|platforms?|plugins?|plug-ins?|extensions?|solutions?|products?|systems?|templates?|websites?|sites?|providers?|vendors?|crms?|saas)';
const kinds = '(?:good|decent|free|simple|easy|better|cheap|cheaper|affordable|reliable|solid|great|best)';

/**
 * Each level's patterns: `said` ones are requests that count wherever the post makes them ("any
 * advice?", "is there a tool…", "need help"); the `asked` ones ("how to", "anyone know", "new to")
 * count only in the title or in a sentence that asks (has a question mark), since a story uses them
 * too ("I figured out how to…", "I was new to the city").
 */
interface IntentLevel {
  level: number;
  says: string;
  said: RegExp[];
  asked: RegExp[];
}

const intents: readonly IntentLevel[] = [
  {
    level: 1,
    says: 'asks for a tool',
    said: [
      new RegExp(`\\bis there (?:a|an|any) (?:${kinds} )?(?:\\w+ )?${things}\\b`, 'iu'),
      new RegExp(`\\bany (?:${kinds} )?(?:\\w+ )?${things} (?:for|to|that|which|you|out there)\\b`, 'iu'),
      new RegExp(
        `\\b(?:what|which) (?:\\w+ ){0,2}${things} (?:do|does|would|should|are|is|can|did)\\b`,
        'iu',
      ),
      new RegExp(
        `\\b(?:looking for|searching for|in search of|need|want|recommend|suggest) (?:(?:a|an|some|any) )?(?:${kinds} )?(?:\\w+ )?(?:${things}|way to)\\b`,
        'iu',
      ),
      /\bwhat (?:do|would|should|can) (?:you|people|y'all|everyone|others|folks) (?:guys )?(?:use|recommend|suggest)\b/iu,
      new RegExp(
        `\\b(?:what(?:'s| is| are)|which(?: is| are)?) (?:the |a |some )?(?:best|good|better|recommended|easiest|simplest|cheapest|right) (?:\\w+ ){0,3}${things}\\b`,
        'iu',
      ),
      /\b(?:can|could|would) (?:any ?one|any ?body|some ?one|you(?: guys)?) (?:please )?(?:recommend|suggest)\b/iu,
      // "What's your favourite invoicing app?" asks for a tool, however it polls.
      new RegExp(
        `\\bwhat(?:'s| is| are) (?:your|everyone's|people's) (?:favou?rite|go-to|preferred) (?:\\w+ ){0,3}${things}\\b`,
        'iu',
      ),
      // Not the sign-off of a post that shares ("If anyone has any suggestions, please comment").
      /(?<!\bif (?:any ?one|any ?body|some ?one|you) (?:has|have) )\b(?:any|your) (?:recommendations|suggestions)\b/iu,
      /\breplacement for\b/iu,
      // "Do you have better tools to track engagement to suggest?", "anyone know of a good plugin".
      new RegExp(
        `\\b(?:do|does) (?:you|any ?one|any ?body|some ?one)(?: guys)? (?:have|know|use) (?:of )?(?:(?:a|an|any|some) )?(?:${kinds} )?(?:\\w+ )?${things}\\b`,
        'iu',
      ),
      // "I'd love to hear what others are using", "what are you using for…".
      /\b(?:what|which) (?:others|other people|everyone|people|you(?: guys| all)?|y'all) (?:are|is) using\b|\bwhat are (?:you|others|people)(?: guys)? using\b/iu,
      // "Is it better to use a tool to post to all four accounts?"
      new RegExp(
        `\\b(?:is it (?:better|worth it|best) to|should (?:i|we)) use (?:a|an|some) (?:\\w+ )?${things}\\b`,
        'iu',
      ),
      /\b(?:recomiend\w*|alguna (?:herramienta|aplicación|app)|alternativa a|recommand\w*|quelqu'un (?:conna[iî]t|utilise)|une alternative à|empfehl\w*|kennt jemand|gibt es (?:ein|eine)|alternative zu|consigli\w*|qualcuno conosce)\b/iu,
    ],
    asked: [
      /\balternatives? (?:to|for)\b/iu,
      // "Is there a free equivalent to Radian6?", asked; a guide lists "a free equivalent of Photoshop".
      /\b(?:equivalent|substitute) (?:to|of|for)\b/iu,
      /\b(?:switch(?:ing)?|migrat(?:e|ing)) (?:away )?from\b|\bmov(?:e|ing) away from\b/iu,
    ],
  },
  {
    level: 0.85,
    says: 'complains about a tool',
    said: [
      new RegExp(
        `\\b(?:fed up with|frustrated with|sick of|tired of|unhappy with|disappointed (?:with|in)|giving up on|done with|cancel+(?:ed|ing)?)\\b.{0,40}\\b${things}\\b`,
        'iu',
      ),
      /\b(?:too expensive|overpriced|price (?:hike|increase)|keeps crashing|stopped working|no longer supports?)\b/iu,
    ],
    asked: [],
  },
  {
    level: 0.85,
    says: 'asks for advice',
    said: [
      /\bany (?:good |decent |free |solid |useful |helpful )?(?:resources?|books?|courses?|tutorials?|guides?|advice|tips|pointers|ideas|templates?|examples?)\b/iu,
      // "Are there a few golden rules that I should know?", "What does a manager NEED to know?"
      /\b(?:rules|basics|fundamentals|essentials|best practices|things|tools)\b[^.?!]{0,30}\b(?:i|we|you|one|a \w+(?: \w+)?) (?:should|need to|must|would have to|have to) know\b/iu,
      /\bwhere (?:should|do|can|would) (?:i|we|one|you) (?:start|begin|learn|find|go)\b/iu,
      // Asks others to judge something of the writer's: "any feedback on my shop?", "please critique my…".
      /\b(?:(?:feedback|critique|criticism|thoughts|opinions?|input) (?:on|about|of) my|(?:review|critique|rate|roast|proofread|look over|take a look at) my)\b/iu,
      /\b(?:need|want|looking for|seeking|appreciate|would love|could use) (?:some |any )?(?:help|advice|tips|guidance|input|suggestions|pointers)\b/iu,
      /\b(?:advice|tips|help)\s*(?:\?|needed|please|wanted)/iu,
      /\b(?:help me|please help|can (?:you|someone|anyone) help)\b/iu,
      /\b(?:algún consejo|consejos|cómo puedo|dónde empiezo|des conseils|comment faire|wie kann ich|tipps)\b/iu,
    ],
    asked: [
      /\bhow (?:do|should|can|would|did) (?:i|we|you|people|y'all|others|one)\b/iu,
      /\bwhat(?:'s| is| are) the best (?:\w+ ){0,2}(?:way|approach|practice|place|format|settings?|workflow|method|setup)s?\b/iu,
      /\b(?:is it possible to|is there (?:a|an|any) (?:easy |simple |quick |good |better )?way to|how would i go about)\b/iu,
      /\b(?:any ?one|any ?body|some ?one) (?:know|knows|have|has|tried|able to help|help)\b/iu,
      /\bwhat should (?:i|we)\b/iu,
      // "What am I doing wrong?", "What's wrong with me?": stuck, and asking to be told why
      /\bwhat am i doing wrong\b|\bwhat(?:'s| is) wrong with (?:me|my)\b/iu,
      /^(?:[[(][^\])]*[\])] ?)?(?:\w+ ){0,4}(?:help|helping|question|request|advice|trouble|troubleshooting)\b/iu,
      /\b(?:help with|trying to (?:figure|work out|find|make|get|create|build|set up)|how to)\b/iu,
      /\b(?:newbie|n00b|noob|beginner|new to|just (?:started|starting)|getting (?:into|started)|self[- ]taught|from scratch)\b/iu,
    ],
  },
  {
    level: 0.6,
    says: 'describes a problem or a need',
    said: [
      /\b(?:what i (?:need|want) is|i need (?:to|a way to)|i(?:'m| am) trying to|i(?:'d| would) like to(?! (?:share|pass|thank|say|add|mention|point out|announce|introduce)\b)|i want to (?:be able to|make|create|automate|find|get|build))\b/iu,
      /\b(?:struggl\w*|frustrat\w*|annoy\w*|nightmare|headache|pain in the|stuck|overwhelm\w*|tired of|sick of|drives? me (?:crazy|nuts)|waste of time|wasting (?:time|hours|money)|losing (?:money|clients|customers|track)|(?:can't|cannot|can not) (?:figure|seem|get|find)|(?:can't|cannot|hard to|unable to|struggl\w* to) keep up|(?:is|are) killing me|(?:always|constantly) (?:so )?(?:busy|behind)|falling behind|a job for more than one person|(?:doesn't|does not|isn't|is not|won't|will not) work|no idea how|(?:don't|do not) know how|hate (?:it|that|when|having|doing|chasing)|keeps? (?:failing|crashing|breaking))\b/iu,
    ],
    asked: [],
  },
  {
    level: 0.35,
    says: 'asks a question',
    said: [],
    asked: [/\?/u, /^(?:how|what|why|which|where|can|should|does|is|are|do|any)\b/iu],
  },
];

/** A text cut into sentences (by end punctuation and line breaks). */
const sentencesOf = (text: string) =>
  text
    .split(/(?<=[.!?])\s+|\n+/u)
    .map((sentence) => sentence.trim())
    .filter(Boolean);

/**
 * A goal that asks for people learning something or entering a field ("people who want to learn SQL or
 * move into a data analyst job"): for such a product a practitioner's question on the same subject is no
 * lead, however well it asks.
 */
const learningGoal =
  /(?<!\b(?:deep|machine|reinforcement|supervised|transfer) )\b(?:learn|learning|learners?|study|studying|beginners?|newcomers?|get(?:ting)? into|break(?:ing)? into|mov(?:e|ing) into|switch(?:ing)? (?:careers?|into)|career (?:change|switch)\w*|become an?)\b/iu;

/** Whether a project's goal asks for learners and newcomers rather than practitioners. */
export const wantsLearners = (goal: string) => learningGoal.test(goal);

// The writer learns, starts out or moves into a field: a newcomer, a course or a degree, a first job.
const learnerSigns =
  /(?<!\b(?:deep|machine|reinforcement|supervised|transfer) )\b(?:learn(?:ing|t|ed)?(?! curve| rate)|newbie|n00b|noob|beginners?|new to|just (?:started|starting)|getting (?:into|started)|break(?:ing)? into|self[- ]taught|from scratch|courses?|class(?:es)?|tutorials?|bootcamps?|certificat(?:e|es|ion|ions)|degree|graduat(?:e|ed|ing)|entry[- ]level|career change|chang(?:e|ing) careers?|transition(?:ing)? (?:to|into)|first job|student|studying)\b/iu;

/** The words that show a post's writer learning or entering a field, or null when nothing does. */
export function learnerOf(post: Pick<SourcePost, 'title' | 'content'>): string | null {
  return learnerSigns.exec(`${post.title ?? ''}\n${post.content}`)?.[0] ?? null;
}

// Things people buy as equipment rather than software or a service.
const devices =
  '(?:laptops?|notebooks?|desktops?|computers?(?! science)|pcs?|rigs?|machines?|cameras?|camcorders?|lens(?:es)?|mics?|microphones?|monitors?|gpus?|graphics cards?|cpus?|processors?|macbooks?|imacs?|tablets?|ipads?|phones?|smartphones?|steadicams?|gimbals?|tripods?|dslrs?|headphones?|speakers?|printers?|routers?|hard drives?|ssds?)';
// A device as the thing a title asks to buy or choose ("I need a laptop for…", "any suggestions for a
// good HD camera", "Laptop for engineering student", "5D mark ii vs mark iii"), not one the writer
// has ("my computer") or one a tool is for ("a VPN for my phone").
const buyingDevice = new RegExp(
  `\\b(?:buy(?:ing)?|purchas\\w*|upgrad\\w*|choos\\w*|chose|pick(?:ing)?|recommend\\w*|suggest\\w*|need|want|looking for|which|what|best|good|decent|budget|cheap|new|build(?:ing)?|affordable)\\b(?:\\s+(?!(?:for|on|with|my|your|to|between|from|in|of|at|and|or|is|are)\\b)[\\w$'"-]+){0,4}?\\s+${devices}\\b|^(?:[[(][^\\])]*[\\])]\\s*)*${devices}\\s+(?:for|under|around|recommendations?|advice|suggestions?)\\b|\\b${devices}\\s+(?:vs\\.?|versus)\\s`,
  'iu',
);
const softwareAsked = new RegExp(`\\b(?:${things.slice(3, -1)})\\b`, 'iu');

/**
 * The words of a post's title that ask which device to buy or choose, or null: such a post wants
 * equipment, not a product whose description names no device. A title that also asks for software
 * ("I just got a new laptop, what is the best anti-virus software") is not one.
 */
export function equipmentAsked(post: Pick<SourcePost, 'title'>, description: string): string | null {
  const title = post.title ?? '';
  const match = buyingDevice.exec(title);
  if (!match || softwareAsked.test(title)) return null;
  const device = new RegExp(`\\b${devices}\\b`, 'iu').exec(match[0])?.[0] ?? '';
  const stem = device.toLowerCase().replace(/(?:es|s)$/u, '');
  return new RegExp(`\\b${stem}`, 'iu').test(description) ? null : match[0];
}

/** A post's text without its title: the sources give a post with no text of its own its title as text. */
export function bodyOf(post: Pick<SourcePost, 'title' | 'content'>): string {
  return post.content.trim() === (post.title ?? '').trim() ? '' : post.content;
}

function firstMatch(pattern: RegExp, texts: readonly string[]): RegExpExecArray | null {
  for (const text of texts) {
    const match = pattern.exec(text);
    if (match) return match;
  }
  return null;
}

// A question that expects no answer: "Did I mention it's free?", "Who knew?", "Guess what?" (not ", right?",
// which asks to be told yes or no).
const rhetorical =
  /^(?:did|have|had) i (?:mention|say|tell you)\b|^(?:who knew|guess what|what could go wrong)\b/iu;

/**
 * The strongest thing a post asks or says that a reply could answer; null when it only tells. The
 * title counts whole; in the text a request counts anywhere, the softer signs only in a sentence that
 * asks.
 */
export function intentOf(post: Pick<SourcePost, 'title' | 'content'>): Intent | null {
  const title = post.title ?? '';
  const sentences = sentencesOf(bodyOf(post));
  const asking = sentences.filter((sentence) => sentence.includes('?') && !rhetorical.test(sentence));
  for (const intent of intents) {
    for (const pattern of intent.said) {
      const match = pattern.exec(title) ?? firstMatch(pattern, sentences);
      if (match) return { level: intent.level, says: intent.says, evidence: match[0].trim() };
    }
    for (const pattern of intent.asked) {
      const match = pattern.exec(title) ?? firstMatch(pattern, asking);
      if (match) return { level: intent.level, says: intent.says, evidence: match[0].trim() };
    }
  }
  return null;
}

const roles =
  '(?:\\w+ ){0,3}(?:developers?|designers?|engineers?|writers?|editors?|programmers?|interns?|assistants?|managers?|marketers?|consultants?|specialists?|analysts?|copywriters?|cofounders?|co-founders?|contractors?|photographers?|videographers?|devs?|coders?|teachers?|nurses?|chefs?|cooks?|staff|candidates?|people to join)';

// "We're hiring", "Acme is hiring", but not a post that speaks of hiring ("the role you are hiring for",
// "people on here that are hiring", "yesterday's Who is hiring thread").
const jobAdStrong: RegExp[] = [
  /\b(?:we(?:'re| are)|now|currently)(?: now| currently)? hiring\b|(?<!\b(?:you|who|that|they|people|nobody|no one|anyone|everyone|someone|not|still|if) )\b(?:is|are) hiring\b(?! for\b)/iu,
  /^(?:[[(][^\])]*[\])] ?)?(?:ask hn: )?who(?:'s| is) hiring\b/imu,
  /[[(]hiring[\])]|^hiring\b/imu,
  /\bjoin our (?:team|company|startup)\b/iu,
  /\bjob (?:opening|opportunity|posting|description|offer)s?\b/iu,
  new RegExp(
    `\\b(?:we(?:'re| are)|our (?:team|company|startup|agency) is|company is) (?:looking for|seeking|searching for) (?:a|an|two|three|several|some)? ?${roles}\\b`,
    'iu',
  ),
  /\b(?:apply (?:now|here|today|online|via|at)|to apply,|send (?:us )?(?:your|a) (?:resume|cv|portfolio))\b/iu,
];
const jobAdWords =
  /\b(?:salary|compensation|benefits|full[- ]time|part[- ]time|remote|on-?site|responsibilities|requirements|qualifications|years of experience|per hour|\/hr|equity|apply|position|role)\b/giu;

const promotionStrong: RegExp[] = [
  /^(?:show|launch) hn\b/imu,
  /[[(](?:for hire|offer|self[- ]promo\w*)[\])]|^for hire\b/imu,
  /\b(?:beta testers?|(?:i|we)(?:'m| am|'re| are) launching|just launched|discount code|promo code|use (?:the )?code|product hunt)\b/iu,
  /\bAMA\b|\bask me anything\b/u,
  // a community inviting members: "Join 130 other writers in /r/NovelThisMonth"
  /\bjoin (?:us|\d+ (?:other|fellow) \w+) (?:in|at|on|over at) \/?r\/\w+/iu,
];
const madeIt =
  /\b(?:i|we)(?: just| recently|'ve| have)? (?:built|made|created|launched|released|developed|shipped) (?:a|an|my|our|this)\b/iu;
const promotionWords =
  /\b(?:check (?:it|us) out|check out (?:my|our)|(?:my|our) (?:new )?(?:app|tool|product|startup|site|website|service|platform|plugin|course|book|game|agency|portfolio)|sign up|free trial|early access|feedback (?:on|for) (?:my|our)|would love (?:your|some) feedback|hire me|my services|(?:dm|pm|contact) me|launching)\b/giu;

// A title that offers something to read rather than asking: a guide, a list, an article, a story, thanks.
const sharedTitle =
  /\b(?:guides?|tutorials?|tips|list of|resources for|articles?|case study|psa|rant|my (?:experience|story)|post[- ]mortem|announcement|celebrat\w*|problem solved|solved|til|x-?post|what i(?:'ve)? learned|lessons? learned|(?:some|my) appreciation)\b|^(?:how i|why i|why you|\d+ (?:ways|tips|things|reasons))\b|^(?:i )?just want(?:ed)? to (?:say|show|thank|share|let (?:you|everyone) know)\b|^(?:a )?(?:big )?thank(?:s| you)\b/iu;
// A post about the community rather than a need in it: its rules, its moderators, a new thread.
const aboutTheCommunity =
  /\b(?:created this (?:sub(?:reddit)?|community|forum)|this (?:sub(?:reddit)?|community) (?:is|was) (?:for|about|intended|meant|created)|(?:sub(?:reddit)?|community) rules|welcome to (?:r\/\w+|the (?:sub(?:reddit)?|community))|(?:weekly|daily|monthly) (?:thread|discussion|megathread)|megathread|(?:[[(](?:meta|mod post|announcement)[\])]))/iu;
// A post whose writer says it wants no answer: a rant or a vent, solutions not wanted.
const ventSigns =
  /[[(](?:rant|vent(?:ing)?)[\])]|^(?:rant|vent)\b|\b(?:just (?:need|needed|want|wanted) to (?:vent|rant)|(?:not|n't) (?:really )?(?:looking for|asking for|after|needing|need) (?:any )?(?:advice|solutions?|answers?)|no (?:advice|solutions?|answers?) (?:needed|wanted|necessary))\b/imu;
// A title that polls the community or shows something off rather than asking for help: "Show me your
// shoes!", "What's your favourite…", "Am I the only…", "Is it just me or…", "I got my dress!".
const pollTitle =
  /\b(?:show (?:me|us) your|post your|share your|what(?:'s| is| are) your (?:favou?rites?|faves?|go-to)|am i the only|is it (?:just )?me,? or)\b|^i (?:just )?(?:got|bought|finished|made) (?:my|our|the|a)\b[^?]*!\s*$/iu;
// A title that asks in so many words, whatever else it names ("Need help with a guide to…").
const titleRequest = /\b(?:help|need|needs|looking for|request|question|advice|recommend\w*|suggest\w*)\b/iu;
// A text that shares rather than asks.
const sharedText =
  /\b(?:(?:thought|figured|decided) (?:i(?:'d| would)|i should|i might as well) (?:share|post)|(?:interesting|useful|helpful|cool) enough to share|wanted to share|this is an? (?:basic |quick |short |complete |simple )?(?:guide|tutorial|walkthrough|write-?up)|(?:like|want|wanted) to pass (?:it |this |them |some \w+ )?along|(?:just )?sharing (?:my|this|some)|hope (?:this|it) helps|hope (?:some of )?(?:you|others|someone|people|anyone) (?:find|finds) (?:this|it)|for anyone (?:who(?:'s| is) )?interested|in case (?:anyone|someone) (?:is interested|finds)|answer to (?:a )?deleted)\b/iu;

const distinct = (matches: Iterable<RegExpMatchArray>) =>
  new Set([...matches].map((match) => match[0].toLowerCase())).size;

/**
 * Whether a post is no lead whatever it says: a job ad ("we're hiring", "we're looking for a … developer",
 * or salary, remote, apply… together), a post about the community itself (its rules, "created this
 * subreddit", a weekly thread), a launch or self-promotion ("Show HN", "[For Hire]", "looking for beta
 * testers", "I built … check it out", an AMA), a bare link or news item (a title with no text of its
 * own and no question, or a link passed on with a few words that ask nothing and never say "I" or "my"), a poll or a show-and-tell ("What's your favourite…", "Am I the only…", "I got my
 * dress!") that asks for no help, or a guide, a list, a tip or a story whose title does not ask ("My
 * experience", "10 tips", "hope this helps"). `asks` is the post's intent, so a question keeps a title-only post
 * and asking for a tool keeps a story.
 */
export function noiseOf(post: Pick<SourcePost, 'title' | 'content'>, asks: Intent | null): Noise | null {
  const title = post.title ?? '';
  const text = `${title}\n${post.content}`;
  const strongJob = jobAdStrong.map((pattern) => pattern.exec(text)).find((match) => match);
  if (strongJob) return { kind: 'job_ad', factor: 0.15, says: 'looks like a job ad', evidence: strongJob[0] };
  if (distinct(text.matchAll(jobAdWords)) >= 4 && !title.includes('?') && (asks?.level ?? 0) < 0.85)
    return {
      kind: 'job_ad',
      factor: 0.2,
      says: 'looks like a job ad',
      evidence: 'salary, role and how to apply',
    };
  const meta = aboutTheCommunity.exec(text);
  if (meta)
    return { kind: 'community', factor: 0.3, says: 'is about the community itself', evidence: meta[0] };
  const strongPromotion = promotionStrong.map((pattern) => pattern.exec(text)).find((match) => match);
  if (strongPromotion)
    return { kind: 'promotion', factor: 0.2, says: 'promotes its own product', evidence: strongPromotion[0] };
  const promotion = [...text.matchAll(promotionWords)];
  const made = madeIt.exec(text);
  if (made) promotion.unshift(made);
  if (promotion.length > 0 && distinct(promotion) >= 2 && (asks?.level ?? 0) < 1)
    return {
      kind: 'promotion',
      factor: 0.25,
      says: 'promotes its own product',
      evidence: promotion[0]?.[0] ?? '',
    };
  const body = bodyOf(post)
    .replace(/https?:\/\/\S+/gu, '')
    .trim();
  if (body.length < 20 && (asks?.level ?? 0) < 0.35)
    return { kind: 'link', factor: 0.35, says: 'is a link or news item with no question', evidence: title };
  // A link with a few words about it, asking nothing and never speaking of the writer: news passed on.
  const link = /https?:\/\/\S+/u.exec(post.content);
  if (
    link &&
    !asks &&
    !text.includes('?') &&
    !/\b(?:i|i'm|i've|i'd|i'll|me|my|mine)\b/iu.test(text.replace(/https?:\/\/\S+/gu, ''))
  )
    return {
      kind: 'link',
      factor: 0.4,
      says: 'passes on a link and asks nothing',
      evidence: link[0].slice(0, 60),
    };
  // A writer who says they want no answer ("(rant)", "just need to vent", "no solutions needed").
  const venting = ventSigns.exec(text);
  if (venting && (asks?.level ?? 0) < 1)
    return { kind: 'share', factor: 0.4, says: 'vents and asks for no answer', evidence: venting[0] };
  // A poll or a show-and-tell: an opening only when the post also asks for help or a tool.
  const poll = pollTitle.exec(title);
  if (poll && (asks?.level ?? 0) < 0.85)
    return {
      kind: 'share',
      factor: 0.5,
      says: 'polls the community or shows something off',
      evidence: poll[0],
    };
  // A guide, a list, a tip or a story: an opening only when the post also asks in earnest.
  const titleAsks = title.includes('?') || titleRequest.test(title);
  const shared = titleAsks
    ? null
    : (sharedTitle.exec(title) ?? sharedText.exec(title) ?? sharedText.exec(body));
  if (shared && (asks?.level ?? 0) < 1)
    return {
      kind: 'share',
      factor: asks && asks.level >= 0.35 ? 0.6 : 0.4,
      says: 'shares a guide, a tip or a story',
      evidence: shared[0],
    };
  return null;
}
