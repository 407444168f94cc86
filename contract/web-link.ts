import { z } from 'zod/mini';
import { fieldMessages } from './messages';

/**
 * A link a person may open: an absolute http(s) URL. A found post's link comes from a network, and a
 * `javascript:` or `data:` one would run in the app when clicked, so nothing else is ever a post's link.
 */
export const webLinkSchema = z.url({ protocol: /^https?$/, error: fieldMessages.webLink });

/** Whether `url` is a link a person may open (http or https). */
export const isWebLink = (url: string | null | undefined): url is string =>
  typeof url === 'string' && webLinkSchema.safeParse(url).success;
