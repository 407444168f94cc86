import type { RenderScreen } from '@contract/screen-renderer';
import type { LocalTokens } from '../auth/local-tokens';
import type { PrincipalResolver } from '../auth/resolve-principal';
import type { BrowserProfileService } from '../autoposting/types';
import type { Database } from '../db/client';
import type { KeywordEstimates } from '../discovery/keyword-estimates';
import type { Env } from '../env';
import type { Drafter } from '../generation/drafter';
import type { JobQueue } from '../jobs/job-queue';
import type { Logger } from '../logger';
import type { Mailer } from '../mail/mailer';

/** What the routes are built from; tests build it with their own database and keys. */
export interface AppDeps {
  env: Env;
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
