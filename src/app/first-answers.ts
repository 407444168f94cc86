import { api } from '@contract/api';
import { type AuthSession, authSessionSchema } from '@contract/auth';
import { type FirstAnswer, firstAnswersElementId, firstAnswersSchema } from '@contract/first-answers';
import { savedSessionKey } from '@/features/auth/local/local-session';
import { setFirstAnswers } from '@/lib/api-client';

/**
 * What the page's first answers say of the session: signed in as this session, signed out (null), or
 * nothing (undefined: a page without them, or one whose answer cannot be used).
 */
export type PageSession = AuthSession | null | undefined;

/**
 * Takes the first answers the server put in the page (decision 017), once: the element is removed, so
 * nothing reads them twice. The session's answer is handed back, for the app to start signed in or
 * signed out at once; the others go to the API client, which answers the first screen's calls with
 * them. A page without them (served by the service worker, or under a hosted sign-in provider) leaves
 * every call to the network.
 *
 * A page whose answer is that nobody is signed in does not outweigh a session this device kept: that
 * session's cookie may be one the page request could not carry (kept before it was sent to the whole
 * site), so the app asks the server itself.
 */
export function takeFirstAnswersFromPage(page: Document = document): PageSession {
  const element = page.getElementById(firstAnswersElementId);
  if (!element) return undefined;
  element.remove();
  let parsed: ReturnType<typeof firstAnswersSchema.safeParse>;
  try {
    parsed = firstAnswersSchema.safeParse(JSON.parse(element.textContent ?? ''));
  } catch (error) {
    console.error('The first answers in the page are not JSON', error);
    return undefined;
  }
  if (!parsed.success) {
    console.error('The first answers in the page are not what the app expects', parsed.error);
    return undefined;
  }
  const { answers } = parsed.data;
  const sessionAnswer = answers.find((answer) => answer.url === api.refreshSession.path);
  setFirstAnswers(answers.filter((answer) => answer !== sessionAnswer));
  const session = sessionAnswer ? sessionOf(sessionAnswer) : undefined;
  return session === null && readKeptSession() ? undefined : session;
}

function sessionOf(answer: FirstAnswer): PageSession {
  const body = answer.body;
  if (answer.status !== 200 || typeof body !== 'object' || body === null || !('data' in body))
    return undefined;
  if (body.data === null) return null;
  const session = authSessionSchema.safeParse(body.data);
  return session.success ? session.data : undefined;
}

function readKeptSession(): boolean {
  try {
    return (globalThis.localStorage?.getItem(savedSessionKey) ?? null) !== null;
  } catch {
    return false;
  }
}
