/**
 * The query string of an address or an API call: `?a=1&b=2`, or '' when there is nothing to send.
 * A value that is `undefined`, `null` or `''` is not set and is left out: no parameter of the app's
 * routes or of the API means anything when empty, and their readers take an empty one as absent
 * (`parseMentionsSearch`, the posts route's keyword filter). The app's hrefs and its API client both
 * build their queries here, so an address and the call made for it agree.
 */
export function queryString(values: Readonly<Record<string, unknown>> | undefined): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(values ?? {})) {
    if (value !== undefined && value !== null && value !== '') params.append(key, String(value));
  }
  const text = params.toString();
  return text === '' ? '' : `?${text}`;
}
