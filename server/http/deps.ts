import type { RenderScreen } from '@contract/screen-renderer';
import type { AuthConfig } from '../auth/auth-config';
import type { LocalTokens } from '../auth/local-tokens';
import type { PrincipalResolver } from '../auth/resolve-principal';
import type { BrowserProfileService } from '../autoposting/types';
import type { BillingConfig } from '../billing/billing-config';
import type { Database } from '../db/client';
import type { KeywordEstimates } from '../discovery/keyword-estimates';
import type { NetworkSites } from '../domain/network-sites';
import type { Drafter } from '../generation/drafter';
import type { JobQueue } from '../jobs/job-queue';
import type { Logger } from '../logger';
import type { MailConfig } from '../mail/mail-config';
import type { Mailer } from '../mail/mailer';
import type { HttpConfig } from './http-config';

/**
 * What the routes are built from; tests build it with their own database and keys. The configuration
 * comes as the slices the routes read (decision 069); each route's register function names the ones
 * it takes.
 */
export interface AppDeps {
  http: HttpConfig;
  auth: AuthConfig;
  mail: MailConfig;
  billing: BillingConfig;
  /** Where the networks' sites are (Autopilot's setup checks the logins on them). */
  sites: NetworkSites;
  db: Database;
  logger: Logger;
  principals: PrincipalResolver;
  /** Present when the server keeps local accounts (no hosted sign-in provider configured). */
  localTokens: LocalTokens | null;
  /** The built app to serve, or null to serve the API only. */
  staticDir: string | null;
  /** Draws the first screen of a page as HTML (decision 020); null: the app draws it in the browser. */
  renderScreen: RenderScreen | null;
  /** Writes projects' descriptions, tones of voice and keywords (built-in, or a model when configured). */
  drafter: Drafter;
  /** How many posts a proposed keyword finds a week, asked of the enabled networks. */
  keywordEstimates: KeywordEstimates;
  /** Sends the product's mail: SMTP when configured, otherwise the local outbox. */
  mailer: Mailer;
  /** Background jobs: discovery runs (started by `main.ts` or `npm run worker`, not by building the app). */
  jobs: JobQueue;
  /** Autopilot's browser profiles: local Chromium profiles under DATA_DIR, or GoLogin when configured. */
  profiles: BrowserProfileService;
}
