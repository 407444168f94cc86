import type { AuthSession } from '@contract/auth';
import type { PlanItem } from '@contract/entities';
import type { APIRequestContext, BrowserContext } from 'playwright-core';
import { expect } from 'vitest';
import { uniqueEmail } from './browser';

export const journeyPassword = 'correct horse battery staple';

async function data<T>(response: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  const body = (await response.json()) as { success: boolean; data: T };
  expect(response.ok(), JSON.stringify(body)).toBe(true);
  return body.data;
}

export interface SubscribedPerson {
  email: string;
  workspaceId: string;
  /** A session token, for calls the test makes itself. */
  token: string;
}

/**
 * A new local account with an active, subscribed workspace, made through the product's own API from the
 * browser context, so the context holds the person's session cookie (as after signing in on the page).
 * The first-run journey covers the same steps on the screens.
 */
export async function subscribedPerson(
  context: BrowserContext,
  { autopost = false, email = uniqueEmail('mentions') }: { autopost?: boolean; email?: string } = {},
): Promise<SubscribedPerson> {
  const api = context.request;
  await data<AuthSession>(
    await api.post('/api/auth/sign-up', { data: { email, password: journeyPassword } }),
  );
  const workspace = await data<{ id: string }>(
    await api.post('/api/auth/workspaces', { data: { name: `${email.split('@')[0]} workspace` } }),
  );
  const session = await data<AuthSession>(
    await api.post('/api/auth/active-workspace', { data: { workspaceId: workspace.id } }),
  );
  const headers = { authorization: `Bearer ${session.token}` };
  const items = await data<PlanItem[]>(await api.get('/api/subscription/products', { headers }));
  const priceIds = items
    .filter((item) => item.kind === 'product' || (autopost && item.slug === 'autopost'))
    .map((item) => item.month_price_id);
  await data(await api.post('/api/subscription/local-checkout', { headers, data: { priceIds } }));
  return { email, workspaceId: workspace.id, token: session.token };
}

/** Signs the same person in on another browser context (another device). */
export async function signInAgain(context: BrowserContext, email: string): Promise<void> {
  await data<AuthSession>(
    await context.request.post('/api/auth/sign-in', { data: { email, password: journeyPassword } }),
  );
}
