/**
 * The one rule for a link taken from outside (a feed's entry, a sitemap's page, a peer's post): only
 * an http(s) address is a link. A `javascript:`, `file:`, `mailto:` or `data:` one is never kept,
 * mailed or printed as one.
 */

/** `url` when it is an absolute http(s) address, else null. */
export function webAddress(url: string): string | null {
  const parsed = URL.parse(url);
  return parsed !== null &&
    (parsed.protocol === 'https:' || parsed.protocol === 'http:') &&
    parsed.host !== ''
    ? url
    : null;
}
