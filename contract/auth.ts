import { z } from 'zod/mini';
import { roleSchema } from './entities';
import { workspaceNameSchema } from './forms';
import { authMessages, limits } from './messages';

/** Sign-in and sign-up of the local accounts the server keeps when no hosted provider is configured. */
export const credentialsSchema = z.object({
  email: z.pipe(
    z
      .string({ error: authMessages.emailInvalid })
      .check(z.trim(), z.toLowerCase(), z.maxLength(320, authMessages.emailInvalid)),
    z.email(authMessages.emailInvalid),
  ),
  password: z
    .string({ error: authMessages.passwordTooShort })
    .check(
      z.minLength(limits.passwordMin, authMessages.passwordTooShort),
      z.maxLength(limits.passwordMax, 'Passwords must be 256 characters or fewer.'),
    ),
});
export type Credentials = z.infer<typeof credentialsSchema>;

/** Sign-in checks only that something was typed; length rules apply when an account is made. */
export const signInSchema = z.extend(credentialsSchema, {
  password: z
    .string({ error: authMessages.passwordIncorrect })
    .check(z.minLength(1, authMessages.passwordIncorrect), z.maxLength(limits.passwordMax)),
});

export const emailAddressSchema = z.object({ id: z.string(), emailAddress: z.string() });

export const authUserSchema = z.object({
  id: z.string(),
  username: z.nullable(z.string()),
  emailAddresses: z.array(emailAddressSchema),
  primaryEmailAddressId: z.nullable(z.string()),
});
export type AuthUser = z.infer<typeof authUserSchema>;

export const workspaceSummarySchema = z.object({ id: z.string(), name: z.string() });
export type WorkspaceSummary = z.infer<typeof workspaceSummarySchema>;

export const membershipSchema = z.object({ workspace: workspaceSummarySchema, role: roleSchema });
export type Membership = z.infer<typeof membershipSchema>;

export const invitationSchema = z.object({
  id: z.string(),
  workspace: workspaceSummarySchema,
  email: z.string(),
  role: roleSchema,
});
export type Invitation = z.infer<typeof invitationSchema>;

/** What the local session endpoints return: a short-lived token and the signed-in person's world. */
export const authSessionSchema = z.object({
  token: z.string(),
  /** Epoch milliseconds after which the token is refused. */
  expiresAt: z.number(),
  user: authUserSchema,
  activeWorkspaceId: z.nullable(z.string()),
  memberships: z.array(membershipSchema),
  /**
   * Whether the person proved their email with a mailed code. Until they do, `invitations` is empty and
   * invitations cannot be accepted or declined (false when a kept session predates the field).
   */
  emailVerified: z._default(z.boolean(), false),
  invitations: z.array(invitationSchema),
});
export type AuthSession = z.infer<typeof authSessionSchema>;

export const createWorkspaceSchema = z.object({ name: workspaceNameSchema.check(z.maxLength(120)) });
export const setActiveWorkspaceSchema = z.object({ workspaceId: z.nullable(z.string()) });

/** The code mailed to a local account's address: six digits, spaces and dashes as typed are ignored. */
export const emailCodeSchema = z.object({
  code: z.pipe(
    z
      .string({ error: authMessages.emailCodeInvalid })
      .check(z.overwrite((code) => code.replace(/[\s-]/g, ''))),
    z.string().check(z.regex(/^\d{6}$/, authMessages.emailCodeInvalid)),
  ),
});
export type EmailCode = z.infer<typeof emailCodeSchema>;
