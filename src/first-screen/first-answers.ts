import { api, type RouteName } from '@contract/api';
import { type AuthSession, authSessionSchema } from '@contract/auth';
import {
  type FirstAnswer,
  type FirstAnswers,
  firstAnswersElementId,
  firstAnswersSchema,
} from '@contract/first-answers';
import { unstable_serialize } from 'swr';
import { savedSessionKey } from '@/features/auth/local/local-session';
import { subscriptionKey } from '@/lib/api-keys';

/**
 * What the page's first answers say of the session: signed in as this session, signed out (null), or
 * nothing (undefined: a page without them, or one whose answer cannot be used).
 */
export type PageSession = AuthSession | null | undefined;

/** One answer the page came with, parsed: the call it answers and its data. */
export interface PageAnswer {
  name: RouteName;
  params: Record<string, string> | undefined;
  query: Record<string, string> | undefined;
  /** The project it is the answer of (sent as `project-id`), or null. */
  projectId: string | null;
  data: unknown;
}

/** What the app starts with from its page: the session, and the first screen's data by cache key. */
export interface PageStart {
  session: PageSession;
  /** The data cache's first values (SWR cache's first entries): each answer's data, parsed, under its call's key. */
  data: Record<string, unknown>;
  /** The same answers, for keeping on the device (`keepPageAnswers`). */
  answers: PageAnswer[];
  /** Where the first screen settles (path and query), when the page says and it is not where it is. */
  location?: string;
}

const nothing: PageStart = { session: undefined, data: {}, answers: [] };

/**
 * Takes the first answers the server put in the page (decision 017), once: the element is removed, so
 * nothing reads them twice. A page without them (served by the service worker, or under a hosted sign-in
 * provider) leaves every call to the network. See `pageStartFrom` for what is made of them. Each answer
 * is parsed in a task of its own (`between` runs between them), since the page is showing meanwhile.
 */
export async function takeFirstAnswersFromPage(
  page: Document = document,
  between: () => Promise<void> = async () => undefined,
): Promise<PageStart> {
  const element = page.getElementById(firstAnswersElementId);
  if (!element) return nothing;
  element.remove();
  let parsed: ReturnType<typeof firstAnswersSchema.safeParse>;
  try {
    parsed = firstAnswersSchema.safeParse(JSON.parse(element.textContent ?? ''));
  } catch (error) {
    console.error('The first answers in the page are not JSON', error);
    return nothing;
  }
  if (!parsed.success) {
    console.error('The first answers in the page are not what the app expects', parsed.error);
    return nothing;
  }
  const steps = pageStartSteps(parsed.data, readKeptSession);
  for (let step = steps.next(); ; step = steps.next()) {
    if (step.done) return step.value;
    await between();
  }
}

/**
 * What the app starts with from the first answers: the session's answer, for the app to start signed in
 * or signed out at once; the others as the data cache's first values, so the first screen renders whole
 * in its first pass (asking again, a refetch or a poll, reaches the server); and where the first screen
 * settles. An answer the cache cannot hold is dropped, and its hook asks the server. The server renders
 * the first screen from the same start (`src/app/render-screen.tsx`), so the app's first render matches
 * the page's HTML.
 *
 * A page whose answer is that nobody is signed in does not outweigh a session this device kept
 * (`keptSession`): that session's cookie may be one the page request could not carry (kept before it was
 * sent to the whole site), so the app asks the server itself.
 */
export function pageStartFrom(firstAnswers: FirstAnswers, keptSession: boolean): PageStart {
  const steps = pageStartSteps(firstAnswers, () => keptSession);
  for (let step = steps.next(); ; step = steps.next()) if (step.done) return step.value;
}

/**
 * `pageStartFrom` a piece at a time: it pauses (yields) before each answer it parses, and within a long
 * list. `keptSession` is asked only when the page says nobody is signed in: the first read of the
 * device's storage can hold a phone for a while, so a signed-in page does not read it here.
 */
function* pageStartSteps(firstAnswers: FirstAnswers, keptSession: () => boolean): Generator<void, PageStart> {
  const { answers, location } = firstAnswers;
  const sessionAnswer = answers.find((answer) => answer.name === 'refreshSession');
  const others = answers.filter((answer) => answer !== sessionAnswer);
  const session = sessionAnswer ? sessionOf(sessionAnswer) : undefined;
  if (session === undefined || (session === null && keptSession())) return nothing;
  const cached = session ? yield* cacheData(others, session) : { data: {}, answers: [] };
  return {
    session,
    data: cached.data,
    answers: cached.answers,
    ...(location && isSameOriginPath(location) ? { location } : {}),
  };
}

function dataOf(answer: FirstAnswer): { ok: true; data: unknown } | { ok: false } {
  const body = answer.body;
  if (answer.status !== 200 || typeof body !== 'object' || body === null || !('data' in body))
    return { ok: false };
  return { ok: true, data: body.data };
}

function sessionOf(answer: FirstAnswer): PageSession {
  const body = dataOf(answer);
  if (!body.ok) return undefined;
  if (body.data === null) return null;
  const session = authSessionSchema.safeParse(body.data);
  return session.success ? session.data : undefined;
}

function isRouteName(name: string): name is RouteName {
  return Object.hasOwn(api, name);
}

/**
 * The answers as the data cache holds them: under the key the app's hooks ask with (`[name, args]`,
 * the subscription's with its workspace), parsed as the API client parses them. An answer the app could
 * not have asked, or whose data is not what the contract says, is left out: the hook asks for it.
 */
function* cacheData(
  answers: readonly FirstAnswer[],
  session: AuthSession,
): Generator<void, { data: Record<string, unknown>; answers: PageAnswer[] }> {
  const data: Record<string, unknown> = {};
  const parsedAnswers: PageAnswer[] = [];
  for (const answer of answers) {
    if (!isRouteName(answer.name) || api[answer.name].method !== 'GET') continue;
    const body = dataOf(answer);
    if (!body.ok) continue;
    yield;
    const parsed = yield* parsedInSlices(api[answer.name].data, body.data);
    if (!parsed.success) continue;
    const key =
      answer.name === 'getSubscription'
        ? subscriptionKey(session.activeWorkspaceId)
        : [
            answer.name,
            {
              ...(answer.params ? { params: answer.params } : {}),
              ...(answer.query ? { query: answer.query } : {}),
            },
          ];
    data[unstable_serialize(key)] = parsed.data;
    parsedAnswers.push({
      name: answer.name,
      params: answer.params,
      query: answer.query,
      projectId: answer.projectId,
      data: parsed.data,
    });
  }
  return { data, answers: parsedAnswers };
}

/** What parsing an answer's data gives: the data as the call's schema made it, or a failure. */
type Parsed = { success: true; data: unknown } | { success: false };

interface Parser {
  safeParse(data: unknown): Parsed;
}

/**
 * How many items of a list (a day's posts) are parsed in one task: parsing a post is the cost of a
 * start step, and a day holds 50 of them.
 */
export const listItemsPerStep = 10;

/**
 * `data` parsed with `schema`, as `schema.safeParse` would; a list (an array schema with no checks of
 * its own) item by item, pausing (yielding) after every `listItemsPerStep` items.
 */
function* parsedInSlices(
  schema: Parser & { _zod: { def: unknown } },
  data: unknown,
): Generator<void, Parsed> {
  const def = schema._zod.def as { type?: string; element?: Parser; checks?: readonly unknown[] };
  const element = def.element;
  if (def.type !== 'array' || !element || (def.checks?.length ?? 0) > 0 || !Array.isArray(data)) {
    return schema.safeParse(data);
  }
  const items: unknown[] = [];
  for (const [index, item] of data.entries()) {
    if (index > 0 && index % listItemsPerStep === 0) yield;
    const parsed = element.safeParse(item);
    if (!parsed.success) return parsed;
    items.push(parsed.data);
  }
  return { success: true, data: items };
}

/** A path of this site ('/mentions/reddit?found_date=…'), never another origin's address. */
function isSameOriginPath(location: string): boolean {
  return location.startsWith('/') && !location.startsWith('//');
}

function readKeptSession(): boolean {
  try {
    return (globalThis.localStorage?.getItem(savedSessionKey) ?? null) !== null;
  } catch {
    return false;
  }
}
