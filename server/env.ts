import { z } from 'zod';
import { authConfig } from './auth/auth-config';
import { autopilotConfig } from './autoposting/autopilot-config';
import { billingConfig } from './billing/billing-config';
import { variable } from './config/variables';
import { dbConfig } from './db/db-config';
import { discoveryConfig } from './discovery/discovery-config';
import { sourcesConfig } from './discovery/sources/sources-config';
import { networkSites } from './domain/network-sites';
import { generationConfig } from './generation/generation-config';
import { modelConfig } from './generation/model-config';
import { httpConfig } from './http/http-config';
import { jobsConfig } from './jobs/jobs-config';
import { loggerConfig } from './logger-config';
import { mailConfig } from './mail/mail-config';
import { fetchConfig } from './net/fetch-config';

/** Variables no longer read: set, they stop start-up rather than be ignored, saying what replaced them. */
const retired = z.object({
  KEYWORDS_WIDE_WORKSPACES: variable(
    z.undefined({
      message:
        "is no longer read: wide keywords are granted in the database (UPDATE workspaces SET wide_keywords = true WHERE id = '…'; decision 069)",
    }),
  ),
});

/**
 * The server's configuration: each module's slice, declared and validated where the module lives
 * (decision 069). A slice that reads another's variable takes that variable's schema from its owner,
 * so every default and message is written once. Every variable is listed in the README.
 */
const slices = {
  logger: loggerConfig,
  http: httpConfig,
  db: dbConfig,
  auth: authConfig,
  mail: mailConfig,
  billing: billingConfig,
  sites: networkSites,
  fetch: fetchConfig,
  model: modelConfig,
  generation: generationConfig,
  sources: sourcesConfig,
  discovery: discoveryConfig,
  autopilot: autopilotConfig,
  jobs: jobsConfig,
  retired,
};
const configSchema = z.object(slices);

/** The configuration by module: what the composition root hands each factory. */
export type Config = Omit<z.infer<typeof configSchema>, 'retired'>;

type Intersection<U> = (U extends unknown ? (each: U) => void : never) extends (all: infer I) => void
  ? I
  : never;

/** Every variable by its name, as the entry points and the tests read them. */
export type Env = Intersection<Config[keyof Config]>;

export class EnvError extends Error {
  override name = 'EnvError';
}

/**
 * Parses the environment, every slice from the same variables; the error names each bad variable and
 * why, once however many slices read it.
 */
export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  const result = configSchema.safeParse(
    Object.fromEntries(Object.keys(slices).map((name) => [name, source])),
  );
  if (result.success) {
    const config = result.data;
    return {
      ...config.logger,
      ...config.http,
      ...config.db,
      ...config.auth,
      ...config.mail,
      ...config.billing,
      ...config.sites,
      ...config.fetch,
      ...config.model,
      ...config.generation,
      ...config.sources,
      ...config.discovery,
      ...config.autopilot,
      ...config.jobs,
    };
  }
  const lines = result.error.issues.map(
    (issue) => `  ${issue.path.slice(1).join('.') || '(environment)'}: ${issue.message}`,
  );
  throw new EnvError(`Invalid configuration:\n${[...new Set(lines)].join('\n')}`);
}

/** Each module's slice of `env`: only its own variables, so a factory given one cannot read the rest. */
export function configOf(env: Env): Config {
  const slice = <T extends z.ZodObject>(schema: T): z.infer<T> =>
    // Every slice's variables are among `env`'s, parsed by the same schemas.
    Object.fromEntries(Object.keys(schema.shape).map((name) => [name, env[name as keyof Env]])) as z.infer<T>;
  return {
    logger: slice(loggerConfig),
    http: slice(httpConfig),
    db: slice(dbConfig),
    auth: slice(authConfig),
    mail: slice(mailConfig),
    billing: slice(billingConfig),
    sites: slice(networkSites),
    fetch: slice(fetchConfig),
    model: slice(modelConfig),
    generation: slice(generationConfig),
    sources: slice(sourcesConfig),
    discovery: slice(discoveryConfig),
    autopilot: slice(autopilotConfig),
    jobs: slice(jobsConfig),
  };
}
