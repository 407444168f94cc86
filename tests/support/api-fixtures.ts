import type { AuthSession } from '@contract/auth';
import type { Project } from '@contract/entities';

/** A JSON response as the API sends it. */
export function jsonResponse(status: number, body: unknown, statusText = ''): Response {
  return new Response(JSON.stringify(body), {
    status,
    statusText,
    headers: { 'Content-Type': 'application/json' },
  });
}

export const okResponse = (data: unknown) => jsonResponse(200, { success: true, data, error: null });

export const failureResponse = (status: number, message: string, code: string, field?: string) =>
  jsonResponse(status, { success: false, data: null, error: { message, code, ...(field ? { field } : {}) } });

/** A local session of ada@example.com with no workspace yet; override what a test needs. */
export function sessionFixture(overrides: Partial<AuthSession> = {}): AuthSession {
  return {
    token: 'session-token',
    expiresAt: Date.now() + 10 * 60_000,
    user: {
      id: 'u1',
      username: null,
      emailAddresses: [{ id: 'e1', emailAddress: 'ada@example.com' }],
      primaryEmailAddressId: 'e1',
    },
    activeWorkspaceId: null,
    memberships: [],
    emailVerified: true,
    invitations: [],
    ...overrides,
  };
}

export function projectFixture(overrides: Partial<Project> = {}): Project {
  return {
    id: 'p1',
    name: 'Radar',
    url: null,
    description: 'Finds posts',
    goal: 'Leads',
    tov: 'Friendly',
    keywords: [],
    reviewed: false,
    autopostingSetup: false,
    keywordsLimit: 5,
    ...overrides,
  };
}
