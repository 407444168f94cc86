import { authUserSchema, membershipSchema, workspaceSummarySchema } from '@contract/auth';
import { z } from 'zod/mini';
import type { AuthState } from '@/lib/auth';

/** Where the last person Clerk signed in is kept, so that the app opens offline for them. */
export const keptPersonKey = 'replyradar.clerk-person';

const keptPersonSchema = z.object({
  user: authUserSchema,
  activeWorkspace: z.nullable(workspaceSummarySchema),
  memberships: z.array(membershipSchema),
});

/**
 * Who was signed in through Clerk when Clerk last answered: the person and their workspaces, no token.
 * Clerk itself keeps only a session cookie on the device, which says whose session it is but not their
 * name, address or workspaces' names.
 */
export type KeptPerson = z.infer<typeof keptPersonSchema>;

/** Clerk's state of mind: `degraded` runs on its session cookie because its servers could not be reached. */
export type ClerkStatus = 'loading' | 'ready' | 'degraded' | 'error';

export function readKeptPerson(): KeptPerson | null {
  try {
    const raw = globalThis.localStorage?.getItem(keptPersonKey);
    if (!raw) return null;
    const parsed = keptPersonSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function writeKeptPerson(person: KeptPerson | null): void {
  try {
    if (person) globalThis.localStorage?.setItem(keptPersonKey, JSON.stringify(person));
    else globalThis.localStorage?.removeItem(keptPersonKey);
  } catch (error) {
    // Private modes and full storage refuse; the app still works online.
    console.warn('Could not keep the signed-in person on this device', error);
  }
}

/** The person to keep from Clerk's state: only once Clerk answered in full (its lists loaded). */
export function personToKeep(state: AuthState): KeptPerson | null {
  if (!state.isSignedIn || !state.user || !state.membershipsLoaded) return null;
  return {
    user: {
      id: state.user.id,
      username: state.user.username,
      emailAddresses: state.user.emailAddresses,
      primaryEmailAddressId: state.user.primaryEmailAddress?.id ?? null,
    },
    activeWorkspace: state.activeWorkspace,
    memberships: state.memberships,
  };
}

/** What to do with the kept person for this state of Clerk: keep it afresh, forget it, or leave it. */
export function keptPersonChange(
  status: ClerkStatus,
  state: AuthState,
): { kind: 'keep'; person: KeptPerson } | { kind: 'forget' } | { kind: 'leave' } {
  if (status !== 'ready' || !state.isLoaded) return { kind: 'leave' };
  if (!state.isSignedIn) return { kind: 'forget' };
  const person = personToKeep(state);
  return person ? { kind: 'keep', person } : { kind: 'leave' };
}

/**
 * The app's auth state while Clerk's servers cannot be reached (issue 15: under Clerk the app opens
 * offline). `degraded`: Clerk's script came from the device and signed the person in from its session
 * cookie, knowing only their ids; the kept person of the same id fills in the rest, and Clerk still mints
 * tokens once its servers answer again. `error`: Clerk's script itself could not load; the kept person
 * is signed in with no token, so that reading and editing go on and the edits wait in the outbox.
 * Otherwise (online, or no kept person) Clerk's own state is used as it is.
 */
export function offlineAuthState(status: ClerkStatus, clerk: AuthState, kept: KeptPerson | null): AuthState {
  if (!kept) return clerk;
  if (status === 'degraded') {
    if (!clerk.isSignedIn || clerk.user?.id !== kept.user.id) return clerk;
    return { ...clerk, ...keptWorld(kept, clerk.activeWorkspace?.id ?? null) };
  }
  if (status === 'error') {
    return {
      ...clerk,
      ...keptWorld(kept, null),
      isLoaded: true,
      isSignedIn: true,
      getToken: async () => null,
    };
  }
  return clerk;
}

/** The kept person's user and workspaces; the active one is the token's when Clerk names one. */
function keptWorld(
  kept: KeptPerson,
  activeId: string | null,
): Pick<
  AuthState,
  | 'user'
  | 'activeWorkspace'
  | 'role'
  | 'memberships'
  | 'membershipsLoaded'
  | 'invitations'
  | 'invitationsLoaded'
> {
  const active =
    kept.memberships.find((m) => m.workspace.id === (activeId ?? kept.activeWorkspace?.id)) ?? null;
  const { user } = kept;
  return {
    user: {
      id: user.id,
      username: user.username,
      emailAddresses: user.emailAddresses,
      primaryEmailAddress:
        user.emailAddresses.find((email) => email.id === user.primaryEmailAddressId) ?? null,
    },
    activeWorkspace: active?.workspace ?? null,
    role: active?.role ?? null,
    memberships: kept.memberships,
    membershipsLoaded: true,
    invitations: [],
    invitationsLoaded: true,
  };
}
