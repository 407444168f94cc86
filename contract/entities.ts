import { z } from 'zod/mini';
import { storedString } from './stored-text';
import { webLinkSchema } from './web-link';

export const roleSchema = z.enum(['org:admin', 'org:member']);
export type Role = z.infer<typeof roleSchema>;

export const keywordSchema = z.object({
  name: storedString(),
  filter: z.optional(z.nullable(storedString())),
});
export type Keyword = z.infer<typeof keywordSchema>;

export const projectSchema = z.object({
  id: z.string(),
  name: z.string(),
  url: z.nullable(z.string()),
  description: z.string(),
  goal: z.string(),
  tov: z.string(),
  keywords: z.array(keywordSchema),
  reviewed: z.boolean(),
  autopostingSetup: z.boolean(),
  /** Addition: how many keywords this project's workspace may keep (5, or 30 for a workspace given more). */
  keywordsLimit: z.int().check(z.positive()),
  /**
   * Addition: the 8 to 12 keywords proposed when the project was generated, best first (none before):
   * `keywordProposalSchema` (`contract/keyword-proposals.ts`), parsed by the screen that shows them, so
   * the scripts every screen loads stay as small.
   */
  keywordProposals: z.optional(z.array(z.unknown())),
});
export type Project = z.infer<typeof projectSchema>;

export const subscriptionSchema = z.object({
  active: z.boolean(),
  addons: z.record(z.string(), z.boolean()),
});
export type Subscription = z.infer<typeof subscriptionSchema>;

export const planItemSchema = z.object({
  kind: z.enum(['product', 'addon']),
  slug: z.string(),
  price_month: z.number(),
  price_year: z.number(),
  month_price_id: z.string(),
  year_price_id: z.string(),
});
export type PlanItem = z.infer<typeof planItemSchema>;

/** The plan's three kinds of network. */
export const socialKindSchema = z.enum(['discussion_forum', 'professional_network', 'microblogging']);
export type SocialKind = z.infer<typeof socialKindSchema>;

export const socialSchema = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  /** Always sent by the server; optional so socials mirrored before it existed still parse. */
  kind: z.optional(socialKindSchema),
});
export type Social = z.infer<typeof socialSchema>;

export const postSchema = z.object({
  id: z.string(),
  author: z.string(),
  keyword: z.string(),
  published_date: z.string(),
  title: z.optional(z.nullable(z.string())),
  content: z.string(),
  /** The original post: an http(s) link only, so the app never opens a `javascript:` one. */
  url: webLinkSchema,
  answer: z.string(),
  approved: z.boolean(),
  published: z.boolean(),
  /** Version of the answer, raised by every accepted edit; edits name the version they were based on. */
  answerVersion: z.int(),
  /** Relevance from 0 to 100, for posts discovery scored (null or absent for older posts). */
  score: z.optional(z.nullable(z.int().check(z.gte(0), z.lte(100)))),
  /** One line saying why discovery picked the post (null or absent for older posts). */
  reason: z.optional(z.nullable(z.string())),
  /** When Autopilot published the answer (null or absent until then). */
  publishedAt: z.optional(z.nullable(z.string())),
  /** The published reply itself, read back from the thread (null or absent until then). */
  replyUrl: z.optional(z.nullable(webLinkSchema)),
  /** Why an approved answer is not published yet ('Waiting for tomorrow…'); null when nothing holds it. */
  publishNote: z.optional(z.nullable(z.string())),
});
export type Post = z.infer<typeof postSchema>;

export const autopostingStepSchema = z.enum([
  'initial',
  'userData',
  'creatingProfile',
  'setupSocials',
  'checkSocials',
  'checkSocialsFailed',
  'finish',
]);
export type AutopostingStep = z.infer<typeof autopostingStepSchema>;

export const autopostingStatusSchema = z.object({
  step: autopostingStepSchema,
  socialsResponse: z.record(z.string(), z.boolean()),
  // Additions (the specification shows only the two fields above):
  /** The automation profile's name (the project's), once it exists. */
  profileName: z.optional(z.nullable(z.string())),
  /** How the person opens the profile to log into their networks: words, and a link when there is one. */
  login: z.optional(z.nullable(z.object({ message: z.string(), url: z.nullable(z.string()) }))),
  /** The last failure of the browser-profile service, in words the person can act on. */
  problem: z.optional(z.nullable(z.string())),
  /** Network slug → why publishing stopped there (logged out, captcha, rate limit) until a check passes. */
  stopped: z.optional(z.record(z.string(), z.string())),
  /** The project's Autopilot switch: true holds every publication. */
  paused: z.optional(z.boolean()),
  /** The workspace's pacing per account and network: replies a day, and minutes at least between two. */
  dailyCap: z.optional(z.int()),
  minGapMinutes: z.optional(z.int()),
});
export type AutopostingStatus = z.infer<typeof autopostingStatusSchema>;
