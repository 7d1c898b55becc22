export async function getText(url: string, init?: RequestInit): Promise<{ res: Response; body: string }> {
  const res = await fetch(url, init);
  return { res, body: await res.text() };
}

/**
 * GET with `If-None-Match`. Node's fetch adds `Cache-Control: no-cache` to a conditional request, which
 * rightly forbids a 304; a browser revalidating sends `max-age=0`, so this does too.
 */
export function revalidate(url: string, etag: string): Promise<Response> {
  return fetch(url, { headers: { 'If-None-Match': etag, 'Cache-Control': 'max-age=0' } });
}

/** The markup with whitespace next to tags removed, for checks that should not depend on formatting. */
export function squash(body: string): string {
  return body
    .replace(/\s+/g, ' ')
    .replace(/\s*\/>/g, '>')
    .replace(/>\s+/g, '>')
    .replace(/\s+</g, '<');
}

/** The text of markup whose only entities are the five the site's escaping writes. */
export function decodeHtml(text: string): string {
  return text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');
}
