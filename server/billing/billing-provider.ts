import type { Principal } from '../auth/principal';

export interface PortalRequest {
  /** The caller, an admin of the active workspace. */
  principal: Principal;
  /** The origin the app was reached at (`https://replyradar.example`). */
  origin: string;
}

/** What every billing implementation does the same way; each also has routes of its own. */
export interface BillingProvider {
  readonly mode: 'local' | 'paddle';
  /** The link 'Subscription settings' opens for an admin of the workspace. */
  portalUrl(request: PortalRequest): Promise<string>;
}
