/** The shapes GoLogin's REST API answers in, as far as ReplyRadar reads them, and how they are read. */
import { z } from 'zod';
import { ProfileServiceError } from './types';

export const proxySchema = z.object({ mode: z.string() }).nullish();
export const listedProfile = z.object({
  id: z.string(),
  name: z.string(),
  notes: z.string().nullish(),
  proxyEnabled: z.boolean().nullish(),
  proxy: proxySchema,
  proxyRegion: z.string().nullish(),
  sharedEmails: z.array(z.string()).nullish(),
});
export type ListedProfile = z.infer<typeof listedProfile>;
export const profilesPage = z.object({
  profiles: z.array(listedProfile),
  allProfilesCount: z.number().optional(),
});
export const fullProfile = z.object({
  id: z.string(),
  name: z.string(),
  proxyEnabled: z.boolean().nullish(),
  proxy: proxySchema,
  canBeRunning: z.boolean().nullish(),
});
export const bucket = z.object({ trafficUsedBytes: z.number(), trafficLimitBytes: z.number() }).optional();
export const trafficSchema = z.object({
  residentialTrafficData: bucket,
  residentTrafficData: bucket,
  mobileTrafficData: bucket,
  dataCenterTrafficData: bucket,
});
export const createdProxy = z.object({
  trafficUsedBytes: z.number().optional(),
  trafficLimitBytes: z.number().optional(),
});
/** A cookie value is a string, or a serialised Buffer in profiles GoLogin keeps encrypted. */
export const cookieValue = z.union([
  z.string(),
  z.object({ data: z.array(z.number()) }).transform(({ data }) => Buffer.from(data).toString('utf8')),
]);
export const cookiesSchema = z.array(
  z.object({
    name: z.string(),
    domain: z.string(),
    value: cookieValue.optional(),
    session: z.boolean().optional(),
    expirationDate: z.number().nullish(),
  }),
);
export const errorSchema = z.object({ message: z.union([z.string(), z.array(z.string())]) });

export function readJson(text: string): unknown {
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return text;
  }
}

export function parse<T>(schema: z.ZodType<T>, body: unknown, what: string): T {
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  throw new ProfileServiceError(
    `GoLogin answered in an unexpected shape when asked to ${what}: try again later, or update ReplyRadar.`,
    'unreachable',
  );
}
