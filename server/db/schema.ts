import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/** People. Local accounts carry an email and a password hash; Clerk users are keyed by their Clerk id. */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email'),
    passwordHash: text('password_hash'),
    username: text('username'),
    clerkUserId: text('clerk_user_id'),
    /** When a local account proved its email with a mailed code; null: not proven (decision 022). */
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    uniqueIndex('users_clerk_user_id_key').on(t.clerkUserId),
  ],
);

/** Workspaces (organisations). In Clerk mode each is keyed by its Clerk organisation id. */
export const workspaces = pgTable(
  'workspaces',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    clerkOrgId: text('clerk_org_id'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    /** Autopilot pacing, per account (project profile) and network: at most this many replies a day… */
    autopostDailyCap: integer('autopost_daily_cap').notNull().default(5),
    /** …at least this many minutes apart (a random extra of up to half as much is added to each gap). */
    autopostMinGapMinutes: integer('autopost_min_gap_minutes').notNull().default(20),
    /**
     * An entitlement the operator grants a customer: the workspace's projects may keep
     * `limits.keywordsMaxDesignated` keywords instead of `limits.keywordsMax` (decision 069).
     */
    wideKeywords: boolean('wide_keywords').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('workspaces_clerk_org_id_key').on(t.clerkOrgId)],
);

export const memberships = pgTable(
  'memberships',
  {
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ['org:admin', 'org:member'] }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.workspaceId, t.userId] }),
    index('memberships_user_idx').on(t.userId),
    check('memberships_role_check', sql`${t.role} in ('org:admin', 'org:member')`),
  ],
);

export const invitations = pgTable(
  'invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    role: text('role', { enum: ['org:admin', 'org:member'] }).notNull(),
    status: text('status', { enum: ['pending', 'accepted', 'declined', 'revoked'] })
      .notNull()
      .default('pending'),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('invitations_email_idx').on(t.email, t.status),
    // One pending invitation per person and workspace, so two admins inviting at once cannot both win.
    uniqueIndex('invitations_pending_key').on(t.workspaceId, t.email).where(sql`${t.status} = 'pending'`),
  ],
);

/**
 * Codes mailed to prove a local account's email: kept hashed (salted with the row's id), valid for a
 * limited time, used once, and void after too many wrong tries. Rows stay after use: they count the
 * codes sent lately, which limits resends.
 */
export const emailVerificationCodes = pgTable(
  'email_verification_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The address the code was sent to: it proves that one only. */
    email: text('email').notNull(),
    codeHash: text('code_hash').notNull(),
    wrongAttempts: integer('wrong_attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Set when the code is used, replaced by a newer one, or voided by wrong tries. */
    spentAt: timestamp('spent_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('email_verification_codes_user_idx').on(t.userId, t.createdAt)],
);

/** Local sign-in sessions: the refresh cookie names a row and proves itself with a secret kept hashed. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    secretHash: text('secret_hash').notNull(),
    activeWorkspaceId: uuid('active_workspace_id').references(() => workspaces.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/**
 * A subscription belongs to its buyer until the buyer's new workspace is created; from then on
 * (`workspace_id` set) every member of that workspace shares it.
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    buyerUserId: uuid('buyer_user_id').references(() => users.id, { onDelete: 'set null' }),
    workspaceId: uuid('workspace_id').references(() => workspaces.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: ['local', 'paddle'] }).notNull(),
    externalId: text('external_id'),
    status: text('status').notNull(),
    active: boolean('active').notNull().default(false),
    addons: jsonb('addons').$type<Record<string, boolean>>().notNull().default({}),
    /** The billing period bought, when known. */
    period: text('period', { enum: ['month', 'year'] }),
    /** The price ids bought (the plan's and, for Autopilot, the add-on's). */
    priceIds: jsonb('price_ids').$type<string[]>().notNull().default([]),
    /** The provider's customer id (Paddle `ctm_…`): portal sessions are opened for it. */
    customerId: text('customer_id'),
    /** `occurred_at` of the last provider event applied; an older event arriving later is not applied. */
    lastEventAt: timestamp('last_event_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('subscriptions_external_key').on(t.provider, t.externalId),
    index('subscriptions_workspace_idx').on(t.workspaceId),
    index('subscriptions_buyer_idx').on(t.buyerUserId),
  ],
);

/**
 * Every verified billing webhook event, kept once by its id: a redelivered event finds its row and is
 * not applied again. `outcome` says what was done with it.
 */
export const billingEvents = pgTable(
  'billing_events',
  {
    provider: text('provider', { enum: ['paddle'] }).notNull(),
    eventId: text('event_id').notNull(),
    eventType: text('event_type').notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    subscriptionExternalId: text('subscription_external_id'),
    outcome: text('outcome', { enum: ['applied', 'out_of_order', 'ignored'] }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.provider, t.eventId] }),
    index('billing_events_subscription_idx').on(t.subscriptionExternalId),
  ],
);

/** A keyword proposed at generation, as stored (the contract's `KeywordProposal`). */
export interface KeywordProposal {
  name: string;
  filter: string | null;
  weeklyPosts: number | null;
  more: boolean;
}

export interface StoredKeyword {
  name: string;
  filter: string | null;
}

export const projects = pgTable(
  'projects',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    name: text('name').notNull().default(''),
    url: text('url'),
    noWebsite: boolean('no_website').notNull().default(false),
    description: text('description').notNull().default(''),
    goal: text('goal').notNull().default(''),
    tov: text('tov').notNull().default(''),
    keywords: jsonb('keywords').$type<StoredKeyword[]>().notNull().default([]),
    /** The keywords proposed when the project was generated, with their weekly posts (the person picks). */
    keywordProposals: jsonb('keyword_proposals').$type<KeywordProposal[]>().notNull().default([]),
    reviewed: boolean('reviewed').notNull().default(false),
    autopostingSetup: boolean('autoposting_setup').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('projects_workspace_idx').on(t.workspaceId, t.createdAt)],
);

/** Networks posts come from. Seeded from configuration at start-up; `position` is the listing order. */
export const socials = pgTable('socials', {
  id: uuid('id').primaryKey().defaultRandom(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  position: integer('position').notNull(),
  enabled: boolean('enabled').notNull().default(true),
});

export const posts = pgTable(
  'posts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    socialId: uuid('social_id')
      .notNull()
      .references(() => socials.id),
    externalId: text('external_id').notNull(),
    author: text('author').notNull(),
    keyword: text('keyword').notNull(),
    publishedDate: timestamp('published_date', { withTimezone: true }).notNull(),
    foundDate: date('found_date', { mode: 'string' }).notNull(),
    title: text('title'),
    content: text('content').notNull(),
    url: text('url').notNull(),
    answer: text('answer').notNull().default(''),
    answerVersion: integer('answer_version').notNull().default(0),
    approved: boolean('approved').notNull().default(false),
    published: boolean('published').notNull().default(false),
    /** Relevance from 0 to 100 when discovery stored the post; null for posts stored before scoring. */
    score: integer('score'),
    /** One line a person can read: why discovery picked the post. */
    reason: text('reason'),
    /**
     * `textKey(content)`: the same text is stored once per project, whatever network or id it came
     * with. A SHA-256 hex digest of the normalised text (64 characters whatever the post's length, so
     * the unique index holds posts of any size). Null for posts stored before discovery kept it
     * (discovery computes theirs from `content`) and for posts with no text of their own.
     */
    textKey: text('text_key'),
    /**
     * The person's judgment of the post as a find: false hides it ('Not relevant'), true marks it relevant,
     * null is unmarked. With copies, edits and approvals it is what the project's learned ranking learns from.
     */
    relevant: boolean('relevant'),
    /** When the person first copied the answer (a good find); null when never copied. */
    copiedAt: timestamp('copied_at', { withTimezone: true }),
    /** When Autopilot published the answer as a reply, and the reply's own link (read back from the thread). */
    publishedAt: timestamp('published_at', { withTimezone: true }),
    replyUrl: text('reply_url'),
    /**
     * Why an approved answer is not published yet, in words for the card ('Waiting for tomorrow…',
     * 'Publishing stopped on Reddit: …'); null when nothing holds it back. Written by the publish job.
     */
    publishNote: text('publish_note'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('posts_project_social_external_key').on(t.projectId, t.socialId, t.externalId),
    uniqueIndex('posts_project_text_key').on(t.projectId, t.textKey),
    index('posts_project_found_idx').on(t.projectId, t.foundDate),
  ],
);

/** What one discovery run found for one keyword on one network. */
export interface DiscoveryCount {
  /** Posts the network returned. */
  found: number;
  /** Posts relevance kept for this keyword (after the hard rules, the threshold and the cap). */
  kept: number;
  /** Kept posts actually stored (a post stored meanwhile, or twice in one answer, is not stored again). */
  stored: number;
}

/** Something that went wrong in a run without failing it: a network, a keyword's filter, a draft. */
export interface DiscoveryError {
  /** The network's slug, or null when the error is not one network's. */
  source: string | null;
  keyword: string | null;
  /** `SourceError` kinds, or `filter`, `relevance`, `draft`, `store`, `run`. */
  kind: string;
  message: string;
  at: string;
}

/**
 * One discovery run per project and found date. A run is claimed by setting it `started` (a new row,
 * a `failed` one, or a `started` one whose heartbeat went stale because its process died); each
 * keyword's posts are stored in the same transaction that adds the keyword to `done_keywords`, so a
 * resumed run skips what was stored and never stores it twice. `since`/`until` are fixed at the first
 * start: a resumed run searches the same window.
 */
export const discoveryRuns = pgTable(
  'discovery_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    foundDate: date('found_date', { mode: 'string' }).notNull(),
    status: text('status', { enum: ['started', 'finished', 'failed'] }).notNull(),
    /** How many times the run was claimed (1 for a run that went through at once). */
    attempts: integer('attempts').notNull().default(1),
    since: timestamp('since', { withTimezone: true }).notNull(),
    until: timestamp('until', { withTimezone: true }).notNull(),
    /** Keywords whose posts are stored. */
    doneKeywords: jsonb('done_keywords').$type<string[]>().notNull().default([]),
    /** `counts[source][keyword]`. */
    counts: jsonb('counts').$type<Record<string, Record<string, DiscoveryCount>>>().notNull().default({}),
    errors: jsonb('errors').$type<DiscoveryError[]>().notNull().default([]),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    /** Moved on at every step; a `started` run whose heartbeat is old belongs to a process that died. */
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('discovery_runs_project_date_key').on(t.projectId, t.foundDate),
    index('discovery_runs_found_date_idx').on(t.foundDate, t.status),
    check('discovery_runs_status_check', sql`${t.status} in ('started', 'finished', 'failed')`),
  ],
);

/**
 * A network's request budget, one row per network, shared by every process on the database: a token
 * bucket that each request takes one token from in a single atomic statement (`network-budget.ts`),
 * refilled at the network's rate by the database's own clock, so no two processes spend the same token.
 */
export const networkBudgets = pgTable('network_budgets', {
  network: text('network').primaryKey(),
  /** Tokens left at `refilled_at` (fractional: the bucket refills continuously). */
  tokens: doublePrecision('tokens').notNull(),
  refilledAt: timestamp('refilled_at', { withTimezone: true }).notNull(),
});

/** A found post as a shared search keeps it for the other projects of the day (its date in ISO form). */
export interface SharedSearchPost {
  externalId: string;
  network: string;
  author: string;
  title: string | null;
  content: string;
  url: string;
  publishedAt: string;
  engagement?: Record<string, number>;
  deleted?: boolean;
  bot?: boolean;
}

/**
 * One search of a network per query and found date, shared by every project that tracks the keyword:
 * the first run to need it claims the row (`searching`) and searches; the others wait for it and read
 * its posts (`done`). A claim whose process died is taken over once `claimed_at` is old. Only searches
 * that succeeded are kept; a failed one is given back for the next run to try.
 */
export const sharedSearches = pgTable(
  'shared_searches',
  {
    network: text('network').notNull(),
    /** The keyword as the network is asked for it, normalised (and its `author:` clause). */
    query: text('query').notNull(),
    foundDate: date('found_date', { mode: 'string' }).notNull(),
    status: text('status', { enum: ['searching', 'done'] }).notNull(),
    claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull(),
    posts: jsonb('posts').$type<SharedSearchPost[]>(),
    /** The window the search covered (the first run's). */
    since: timestamp('since', { withTimezone: true }).notNull(),
    until: timestamp('until', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.network, t.query, t.foundDate] }),
    index('shared_searches_found_date_idx').on(t.foundDate),
    check('shared_searches_status_check', sql`${t.status} in ('searching', 'done')`),
  ],
);

/**
 * Writes to posts that carried a mutation id (the app's outbox sends one with every answer edit and
 * approval): the first application stores its result here in the same transaction, so a replay (a
 * lost response, a duplicate delivery) gets the same result back and is not applied again.
 */
export const appliedMutations = pgTable(
  'applied_mutations',
  {
    mutationId: text('mutation_id').primaryKey(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    postId: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    route: text('route', { enum: ['update-answer', 'approved', 'relevance', 'copied'] }).notNull(),
    result: jsonb('result').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('applied_mutations_post_idx').on(t.postId),
    check(
      'applied_mutations_route_check',
      sql`${t.route} in ('update-answer', 'approved', 'relevance', 'copied')`,
    ),
  ],
);

export const autopostingSteps = [
  'initial',
  'userData',
  'creatingProfile',
  'setupSocials',
  'checkSocials',
  'checkSocialsFailed',
  'finish',
] as const;

/**
 * A project's Autopilot: where its setup wizard stands, the browser profile it publishes through, and
 * what stops it. One row per project, created by the wizard's first call. `step` only moves through the
 * wizard's calls (and the profile and login checks they start), so every call is safe to repeat.
 */
export const autopostingSetups = pgTable(
  'autoposting_setups',
  {
    projectId: uuid('project_id')
      .primaryKey()
      .references(() => projects.id, { onDelete: 'cascade' }),
    step: text('step', { enum: autopostingSteps }).notNull().default('initial'),
    /** The last login check: network slug → the profile holds a login for it. */
    socialsResponse: jsonb('socials_response').$type<Record<string, boolean>>().notNull().default({}),
    email: text('email'),
    /** ISO 3166-1 alpha-2 code: the profile's proxy country. */
    country: text('country'),
    os: text('os', { enum: ['win', 'mac', 'linux'] }),
    /** `local` or `gologin`: the browser-profile service the profile lives in. */
    provider: text('provider'),
    /** The profile's id in that service; null until it is created. */
    profileId: text('profile_id'),
    /** The last failure of the profile service, in words the person can act on; null when none. */
    problem: text('problem'),
    /** Network slug → why publishing stopped there (logged out, captcha, rate limit); cleared by a passing check. */
    stopped: jsonb('stopped').$type<Record<string, string>>().notNull().default({}),
    /** The project's switch: true holds every publication until it is turned off. */
    paused: boolean('paused').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check(
      'autoposting_setups_step_check',
      sql`${t.step} in ('initial', 'userData', 'creatingProfile', 'setupSocials', 'checkSocials', 'checkSocialsFailed', 'finish')`,
    ),
  ],
);

/**
 * Every try to publish a post, recorded before the browser is touched. At most one attempt per post is
 * `started` or `published` (a unique partial index), so two workers never publish one post; a `started`
 * attempt left by a crash is settled by looking for the reply in the thread before anything is sent again.
 */
export const publishAttempts = pgTable(
  'publish_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    postId: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    social: text('social').notNull(),
    status: text('status', { enum: ['started', 'published', 'failed', 'abandoned'] }).notNull(),
    /** The answer as it was sent (an answer edited after approval is sent as edited). */
    answer: text('answer').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    replyUrl: text('reply_url'),
    /** `PublishFailure` kinds: logged_out, captcha, thread_gone, rate_limited, page_changed, … */
    errorKind: text('error_kind'),
    errorMessage: text('error_message'),
  },
  (t) => [
    uniqueIndex('publish_attempts_post_live_key')
      .on(t.postId)
      .where(sql`${t.status} in ('started', 'published')`),
    index('publish_attempts_pacing_idx').on(t.projectId, t.social, t.startedAt),
    check(
      'publish_attempts_status_check',
      sql`${t.status} in ('started', 'published', 'failed', 'abandoned')`,
    ),
  ],
);
