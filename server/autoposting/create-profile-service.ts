import type { Env } from '../env';
import type { Logger } from '../logger';
import { GoLoginProfileService } from './gologin-profile-service';
import { LocalProfileService } from './local-profile-service';
import type { BrowserProfileService } from './types';

export type ProfileServiceEnv = Pick<
  Env,
  | 'GOLOGIN_API_TOKEN'
  | 'GOLOGIN_API_URL'
  | 'GOLOGIN_CLOUD_URL'
  | 'DATA_DIR'
  | 'CHROMIUM_PATH'
  | 'AUTOPOST_HEADED'
  | 'REDDIT_WEB_URL'
  | 'X_WEB_URL'
  | 'BLUESKY_WEB_URL'
  | 'LINKEDIN_WEB_URL'
  | 'MASTODON_URL'
>;

/**
 * The browser-profile service Autopilot runs on (ARCHITECTURE.md, "adapters"): GoLogin when
 * `GOLOGIN_API_TOKEN` is set, otherwise local Chromium profiles under `DATA_DIR`, whose login browser
 * has a window when `AUTOPOST_HEADED` is on (unset: when a display is there).
 */
export function createProfileService(
  env: ProfileServiceEnv,
  options: { logger?: Logger; display?: string | undefined } = {},
): BrowserProfileService {
  if (env.GOLOGIN_API_TOKEN)
    return new GoLoginProfileService({
      token: env.GOLOGIN_API_TOKEN,
      apiUrl: env.GOLOGIN_API_URL,
      cloudUrl: env.GOLOGIN_CLOUD_URL,
      web: env,
    });
  const display = 'display' in options ? options.display : process.env.DISPLAY;
  return new LocalProfileService({
    dataDir: env.DATA_DIR,
    chromiumPath: env.CHROMIUM_PATH,
    headed: env.AUTOPOST_HEADED ? env.AUTOPOST_HEADED === 'on' : Boolean(display),
    ...(options.logger ? { logger: options.logger } : {}),
  });
}
