import { z } from 'zod/mini';
import {
  authSessionSchema,
  createWorkspaceSchema,
  credentialsSchema,
  emailCodeSchema,
  invitationSchema,
  setActiveWorkspaceSchema,
  signInSchema,
  workspaceSummarySchema,
} from './auth';
import { calendarDate } from './calendar-date';
import {
  autopostingStatusSchema,
  keywordSchema,
  planItemSchema,
  postSchema,
  projectSchema,
  roleSchema,
  socialSchema,
  subscriptionSchema,
} from './entities';
import {
  autopilotSettingsSchema,
  autopostUserDataSchema,
  projectCreateSchema,
  projectSaveSchema,
  textAtMost,
} from './forms';
import { limits } from './messages';
import {
  answerSchema,
  mutationIdSchema,
  postMutationBatchSchema,
  postMutationResultSchema,
} from './post-mutations';
import { storedString, storedText } from './stored-text';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * One call of the API. `auth` says what the server checks before the handler runs:
 * `token` a verified session token, `none` nothing (local sign-in and sign-up),
 * `session-cookie` the local refresh cookie. A call needs an active subscription of the caller's
 * workspace (402 without one) unless it says `subscription: false`: sign-in, workspaces, invitations
 * and billing stay open, so that a person without one can subscribe or join a workspace that pays.
 */
export interface RouteDef<
  P extends z.ZodMiniType = z.ZodMiniType,
  Q extends z.ZodMiniType = z.ZodMiniType,
  B extends z.ZodMiniType = z.ZodMiniType,
  D extends z.ZodMiniType = z.ZodMiniType,
> {
  method: HttpMethod;
  path: string;
  auth: 'token' | 'none' | 'session-cookie';
  /** `false`: open without a subscription (every call under `/api/auth/` and the billing calls). */
  subscription?: false;
  params?: P;
  query?: Q;
  body?: B;
  data: D;
}

function route<const T extends RouteDef>(def: T): T {
  return def;
}

/** Without a mutation id a single write is applied every time it is sent. */
const mutationId = z.optional(mutationIdSchema);

const postIdParams = z.object({ postId: z.string().check(z.minLength(1)) });
/** The form as it stands when a suggestion is asked for: any field may still be empty. */
const projectDraft = z.object({
  name: textAtMost(limits.projectNameMax),
  url: z.string(),
  description: textAtMost(limits.descriptionMax),
  goal: textAtMost(limits.goalMax),
  tov: textAtMost(limits.tovMax),
  keywords: z.array(keywordSchema),
});

/** Every call of section 7 of the specification, plus the additions named in contract/README.md. */
export const api = {
  // Projects
  listProjects: route({ method: 'GET', path: '/api/projects', auth: 'token', data: z.array(projectSchema) }),
  generateProject: route({
    method: 'POST',
    path: '/api/projects/generate',
    auth: 'token',
    body: projectCreateSchema,
    data: z.extend(z.partial(projectSchema), { keywords: z.array(keywordSchema) }),
  }),
  regenerateTov: route({
    method: 'POST',
    path: '/api/projects/regenerate-tov',
    auth: 'token',
    body: projectDraft,
    data: z.object({ tov: z.string() }),
  }),
  regenerateDescription: route({
    method: 'POST',
    path: '/api/projects/regenerate-description',
    auth: 'token',
    body: projectDraft,
    data: z.object({ description: z.string() }),
  }),
  verifyProject: route({
    method: 'POST',
    path: '/api/projects/verify',
    auth: 'token',
    body: projectSaveSchema,
    data: projectSchema,
  }),
  updateProject: route({
    method: 'PUT',
    path: '/api/projects/:id',
    auth: 'token',
    params: z.object({ id: z.string().check(z.minLength(1)) }),
    body: projectSaveSchema,
    data: projectSchema,
  }),

  // Subscription
  getSubscription: route({
    method: 'GET',
    path: '/api/subscription',
    auth: 'token',
    subscription: false,
    data: subscriptionSchema,
  }),
  listPlanItems: route({
    method: 'GET',
    path: '/api/subscription/products',
    auth: 'token',
    subscription: false,
    data: z.array(planItemSchema),
  }),
  workspaceCreated: route({
    method: 'POST',
    path: '/api/subscription/workspace-created',
    auth: 'token',
    subscription: false,
    body: z.object({}),
    data: subscriptionSchema,
  }),

  /** Addition: the link 'Subscription settings' opens (the billing portal), for workspace admins. */
  getBillingPortal: route({
    method: 'GET',
    path: '/api/subscription/portal',
    auth: 'token',
    subscription: false,
    data: z.object({ url: z.string() }),
  }),

  /** Addition, local billing only: activates the plan of the chosen price ids at once (no payment). */
  localCheckout: route({
    method: 'POST',
    path: '/api/subscription/local-checkout',
    auth: 'token',
    subscription: false,
    body: z.object({
      priceIds: z.array(z.string().check(z.minLength(1))).check(z.minLength(1), z.maxLength(2)),
    }),
    data: subscriptionSchema,
  }),
  /** Addition, local billing only: what the local billing page shows. */
  getLocalBilling: route({
    method: 'GET',
    path: '/api/subscription/local-billing',
    auth: 'token',
    subscription: false,
    data: z.object({
      subscription: subscriptionSchema,
      period: z.nullable(z.enum(['month', 'year'])),
      items: z.array(planItemSchema),
    }),
  }),
  /** Addition, local billing only: an admin cancels the workspace's subscription. */
  cancelLocalSubscription: route({
    method: 'POST',
    path: '/api/subscription/local-cancel',
    auth: 'token',
    subscription: false,
    body: z.object({}),
    data: subscriptionSchema,
  }),
  /** Addition: Paddle Billing's webhook; the body is verified against `Paddle-Signature` before it is read. */
  paddleWebhook: route({
    method: 'POST',
    path: '/api/billing/paddle/webhook',
    auth: 'none',
    subscription: false,
    data: z.null(),
  }),

  // Socials and posts
  listSocials: route({ method: 'GET', path: '/api/socials', auth: 'token', data: z.array(socialSchema) }),
  listPosts: route({
    method: 'GET',
    path: '/api/posts/:social',
    auth: 'token',
    params: z.object({ social: z.string().check(z.minLength(1), storedText()) }),
    query: z.object({ keyword: z.optional(storedString()), found_date: z.optional(calendarDate()) }),
    data: z.array(postSchema),
  }),
  listKeywordsForDate: route({
    method: 'GET',
    path: '/api/posts/meta/keywords',
    auth: 'token',
    query: z.object({ found_date: calendarDate() }),
    data: z.object({ keywords: z.array(z.object({ name: z.string() })) }),
  }),
  listFoundDates: route({
    method: 'GET',
    path: '/api/posts/meta/dates',
    auth: 'token',
    /** `running`: a discovery run of the project is still going, so more posts and dates may come. */
    data: z.object({ foundDates: z.array(z.iso.date()), running: z.boolean() }),
  }),
  listPublishedPosts: route({
    method: 'GET',
    path: '/api/posts/published',
    auth: 'token',
    data: z.array(postSchema),
  }),
  regenerateAnswer: route({
    method: 'PATCH',
    path: '/api/posts/regenerate-answer/:postId',
    auth: 'token',
    params: postIdParams,
    body: z.object({ prompt: z.string().check(z.maxLength(2000), storedText()) }),
    data: z.object({ answer: z.string(), answerVersion: z.int() }),
  }),
  /**
   * The app's outbox: its changes to posts of the `project-id` project in one request, applied in order,
   * each once per mutation id, each with its own result. The calls below apply one change each, the same way.
   */
  applyPostMutations: route({
    method: 'POST',
    path: '/api/posts/mutations',
    auth: 'token',
    body: postMutationBatchSchema,
    data: z.object({ results: z.array(postMutationResultSchema) }),
  }),
  setApproved: route({
    method: 'PATCH',
    path: '/api/posts/approved/:postId',
    auth: 'token',
    params: postIdParams,
    body: z.object({ approved: z.boolean(), mutationId }),
    data: postSchema,
  }),
  updateAnswer: route({
    method: 'PATCH',
    path: '/api/posts/:postId/update-answer',
    auth: 'token',
    params: postIdParams,
    body: z.object({
      answer: answerSchema,
      mutationId,
      baseVersion: z.optional(z.int().check(z.nonnegative())),
    }),
    data: postSchema,
  }),
  /** The person's judgment of a found post: false hides it ('Not relevant'), null takes the mark back. */
  setRelevance: route({
    method: 'PATCH',
    path: '/api/posts/:postId/relevance',
    auth: 'token',
    params: postIdParams,
    body: z.object({ relevant: z.nullable(z.boolean()), mutationId }),
    data: postSchema,
  }),
  /** The person copied the post's answer: a good find. Recording it again changes nothing. */
  markCopied: route({
    method: 'POST',
    path: '/api/posts/:postId/copied',
    auth: 'token',
    params: postIdParams,
    body: z.object({ mutationId }),
    data: postSchema,
  }),

  // Autoposting
  getAutoposting: route({
    method: 'GET',
    path: '/api/setup-autoposting',
    auth: 'token',
    data: autopostingStatusSchema,
  }),
  startAutoposting: route({
    method: 'POST',
    path: '/api/setup-autoposting/start',
    auth: 'token',
    body: z.object({}),
    data: autopostingStatusSchema,
  }),
  listAutopostingCountries: route({
    method: 'GET',
    path: '/api/setup-autoposting/countries',
    auth: 'token',
    data: z.object({ countries: z.array(z.string().check(z.length(2))) }),
  }),
  submitAutopostingUserData: route({
    method: 'POST',
    path: '/api/setup-autoposting/user-data',
    auth: 'token',
    body: autopostUserDataSchema,
    data: autopostingStatusSchema,
  }),
  checkAutopostingSocials: route({
    method: 'POST',
    path: '/api/setup-autoposting/check-socials',
    auth: 'token',
    body: z.object({}),
    data: autopostingStatusSchema,
  }),
  recheckAutopostingSocials: route({
    method: 'POST',
    path: '/api/setup-autoposting/recheck-socials',
    auth: 'token',
    body: z.object({}),
    data: autopostingStatusSchema,
  }),
  finishAutoposting: route({
    method: 'POST',
    path: '/api/setup-autoposting/finish',
    auth: 'token',
    body: z.object({}),
    data: autopostingStatusSchema,
  }),
  /** Addition: the project's pause switch and the workspace's pacing (pacing: admins only). */
  updateAutopilotSettings: route({
    method: 'PUT',
    path: '/api/setup-autoposting/settings',
    auth: 'token',
    body: autopilotSettingsSchema,
    data: autopostingStatusSchema,
  }),

  // Local accounts (additions; they exist only when the server runs without a hosted sign-in provider)
  signUp: route({
    method: 'POST',
    path: '/api/auth/sign-up',
    auth: 'none',
    subscription: false,
    body: credentialsSchema,
    data: authSessionSchema,
  }),
  signIn: route({
    method: 'POST',
    path: '/api/auth/sign-in',
    auth: 'none',
    subscription: false,
    body: signInSchema,
    data: authSessionSchema,
  }),
  /** Null when the request carries no live session cookie: the visitor is signed out, which is no error. */
  refreshSession: route({
    method: 'POST',
    path: '/api/auth/token',
    auth: 'session-cookie',
    subscription: false,
    body: z.object({}),
    data: z.nullable(authSessionSchema),
  }),
  signOut: route({
    method: 'POST',
    path: '/api/auth/sign-out',
    auth: 'session-cookie',
    subscription: false,
    body: z.object({}),
    data: z.null(),
  }),
  createWorkspace: route({
    method: 'POST',
    path: '/api/auth/workspaces',
    auth: 'session-cookie',
    subscription: false,
    body: createWorkspaceSchema,
    data: workspaceSummarySchema,
  }),
  setActiveWorkspace: route({
    method: 'POST',
    path: '/api/auth/active-workspace',
    auth: 'session-cookie',
    subscription: false,
    body: setActiveWorkspaceSchema,
    data: authSessionSchema,
  }),
  /** Local mode: an admin of the active workspace invites a person by email. */
  inviteMember: route({
    method: 'POST',
    path: '/api/auth/invitations',
    auth: 'token',
    subscription: false,
    body: z.object({ email: credentialsSchema.shape.email, role: z._default(roleSchema, 'org:member') }),
    data: invitationSchema,
  }),
  /** Local mode: the invited person joins the workspace, which becomes their active one. */
  acceptInvitation: route({
    method: 'POST',
    path: '/api/auth/invitations/:id/accept',
    auth: 'session-cookie',
    subscription: false,
    params: z.object({ id: z.string().check(z.minLength(1)) }),
    body: z.object({}),
    data: authSessionSchema,
  }),
  declineInvitation: route({
    method: 'POST',
    path: '/api/auth/invitations/:id/decline',
    auth: 'session-cookie',
    subscription: false,
    params: z.object({ id: z.string().check(z.minLength(1)) }),
    body: z.object({}),
    data: authSessionSchema,
  }),
  /** Local mode: proves the account's email with the code mailed to it; the session answer says so. */
  verifyEmail: route({
    method: 'POST',
    path: '/api/auth/verify-email',
    auth: 'session-cookie',
    subscription: false,
    body: emailCodeSchema,
    data: authSessionSchema,
  }),
  /** Local mode: mails a new code (the earlier one stops working); a few per hour. */
  resendEmailCode: route({
    method: 'POST',
    path: '/api/auth/verify-email/resend',
    auth: 'session-cookie',
    subscription: false,
    body: z.object({}),
    data: z.object({ email: z.string() }),
  }),
} as const satisfies Record<string, RouteDef>;

export type Api = typeof api;
export type RouteName = keyof Api;
export type RouteData<N extends RouteName> = z.infer<Api[N]['data']>;
export type RouteBody<N extends RouteName> = Api[N] extends { body: infer B extends z.ZodMiniType }
  ? z.input<B>
  : never;
export type RouteQuery<N extends RouteName> = Api[N] extends { query: infer Q extends z.ZodMiniType }
  ? z.input<Q>
  : never;
export type RouteParams<N extends RouteName> = Api[N] extends { params: infer P extends z.ZodMiniType }
  ? z.input<P>
  : never;

/** Fills `:name` segments of a route's path, encoding each value. */
export function buildPath(path: string, params: Record<string, string> = {}): string {
  return path.replace(/:([A-Za-z_]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter "${name}" for ${path}`);
    return encodeURIComponent(value);
  });
}
