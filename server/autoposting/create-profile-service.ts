import type { Logger } from '../logger';
import type { AutopilotConfig } from './autopilot-config';
import { GoLoginProfileService } from './gologin-profile-service';
import { LocalProfileService } from './local-profile-service';
import type { BrowserProfileService } from './types';

/**
 * The browser-profile service Autopilot runs on (ARCHITECTURE.md, "adapters"): GoLogin when
 * `GOLOGIN_API_TOKEN` is set, otherwise local Chromium profiles under `DATA_DIR`, whose login browser
 * has a window when `AUTOPOST_HEADED` is on (unset: when a display is there).
 */
export function createProfileService(
  config: AutopilotConfig,
  options: { logger?: Logger; display?: string | undefined } = {},
): BrowserProfileService {
  if (config.GOLOGIN_API_TOKEN)
    return new GoLoginProfileService({
      token: config.GOLOGIN_API_TOKEN,
      apiUrl: config.GOLOGIN_API_URL,
      cloudUrl: config.GOLOGIN_CLOUD_URL,
      web: config,
    });
  const display = 'display' in options ? options.display : process.env.DISPLAY;
  return new LocalProfileService({
    dataDir: config.DATA_DIR,
    chromiumPath: config.CHROMIUM_PATH,
    headed: config.AUTOPOST_HEADED ? config.AUTOPOST_HEADED === 'on' : Boolean(display),
    ...(options.logger ? { logger: options.logger } : {}),
  });
}
