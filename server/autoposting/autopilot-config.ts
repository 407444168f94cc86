import { z } from 'zod';
import { httpUrl, onOff, text, variable } from '../config/variables';
import { dbConfig } from '../db/db-config';
import { networkSites } from '../domain/network-sites';

/**
 * Autopilot's browser profiles: GoLogin's when `GOLOGIN_API_TOKEN` is set, local Chromium profiles
 * under `DATA_DIR` otherwise; and the networks' sites it signs in and replies on.
 */
export const autopilotConfig = z.object({
  ...networkSites.shape,
  DATA_DIR: dbConfig.shape.DATA_DIR,
  /** Set: Autopilot's browser profiles live in GoLogin; unset: local profiles under DATA_DIR (playwright-core). */
  GOLOGIN_API_TOKEN: variable(z.string().min(1).optional()),
  /** GoLogin's REST API and its cloud browser (tests point them at a local fake server). */
  GOLOGIN_API_URL: variable(httpUrl().default('https://api.gologin.com')),
  GOLOGIN_CLOUD_URL: variable(
    z.url({ protocol: /^(https?|wss?)$/ }).default('https://cloudbrowser.gologin.com'),
  ),
  /** The Chromium the local browser profiles run (Debian's by default). */
  CHROMIUM_PATH: text('/usr/bin/chromium'),
  /** `on`: the login browser of a local profile opens with a window (needs a display); `off`: headless, reached by its remote-debugging link. Unset: `on` when DISPLAY is set. */
  AUTOPOST_HEADED: variable(onOff().optional()),
});

export type AutopilotConfig = z.infer<typeof autopilotConfig>;
