import { z } from 'zod';
import { commaList } from '../config/variables';
import { parseAllowedHost } from './safe-fetch';

/** What the safe fetcher of user-given links may reach besides public addresses. */
export const fetchConfig = z.object({
  /** Hosts user-given links may reach although they are private or local (tests, local demos); `host:port` on that port only. */
  FETCH_ALLOW_HOSTS: commaList().transform((hosts, ctx) => {
    const wrong = hosts.filter((entry) => parseAllowedHost(entry) === null);
    if (wrong.length === 0) return hosts.map((entry) => entry.toLowerCase().replace(/^\[(.*)\]$/, '$1'));
    ctx.addIssue({
      code: 'custom',
      message: `must be host names or IP addresses, each with an optional :port ([::1]:8080 for IPv6) (not ${wrong.join(', ')})`,
    });
    return z.NEVER;
  }),
});

export type FetchConfig = z.infer<typeof fetchConfig>;
