import { decodeHTML } from 'entities';
import { CONTENT_LIMITS } from '../schemas/limits.js';

/** The public oEmbed endpoints of X and Bluesky: no key needed. */
export const OEMBED_ENDPOINTS = {
  x: 'https://publish.twitter.com/oembed',
  bluesky: 'https://embed.bsky.app/oembed',
} as const;

/** What the platform says of a post: who wrote it and its words, when its answer shows them. */
export interface PostDetails {
  readonly authorName: string | null;
  readonly text: string | null;
}

/**
 * The oEmbed request for a post on X or Bluesky; `origin` replaces the endpoint's own (a local
 * stand-in in tests).
 */
export function oembedUrl(platform: keyof typeof OEMBED_ENDPOINTS, postUrl: string, origin?: string): URL {
  const endpoint = new URL(OEMBED_ENDPOINTS[platform]);
  const url = origin ? new URL(endpoint.pathname, origin) : endpoint;
  url.searchParams.set('url', postUrl);
  url.searchParams.set('omit_script', '1');
  return url;
}

/**
 * The author and words of a post from an oEmbed answer: `author_name`, and the text of the first
 * paragraph of its `html` (both platforms quote the post as `<blockquote><p>…</p>`), tags dropped,
 * entities decoded, white space collapsed, shortened links left out.
 */
export function readOembed(answer: unknown): PostDetails {
  const record = (typeof answer === 'object' && answer !== null ? answer : {}) as Record<string, unknown>;
  const name = typeof record['author_name'] === 'string' ? record['author_name'].trim() : '';
  const html = typeof record['html'] === 'string' ? record['html'] : '';
  const paragraph = /<p\b[^>]*>([\s\S]*?)<\/p>/i.exec(html)?.[1] ?? '';
  const text = decodeHTML(paragraph.replace(/<br\s*\/?>/gi, ' ').replace(/<[^>]*>/g, ''))
    .replace(/\bhttps:\/\/t\.co\/\S+/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  return { authorName: name === '' ? null : name, text: text === '' ? null : text };
}

/**
 * A post's words as an excerpt: the whole text when it fits the bound, else its first sentences that
 * do; null when not even one does (the curator chooses the quote).
 */
export function excerptOf(text: string): string | null {
  if (text.length <= CONTENT_LIMITS.excerpt) return text;
  const sentences = text.match(/[^.!?]+[.!?]+(\s|$)/g) ?? [];
  let excerpt = '';
  for (const sentence of sentences) {
    if ((excerpt + sentence).trim().length > CONTENT_LIMITS.excerpt) break;
    excerpt += sentence;
  }
  return excerpt.trim() === '' ? null : excerpt.trim();
}
