import { xmlDocument } from '../xml-builder.js';
import type { FeedData } from './feed-data.js';
import { itemHtml } from './item-html.js';
import { ATOM_NS, xml } from './rss.js';

/**
 * Atom 1.0 (RFC 4287) with the same entries as the RSS feed, built with the same XML serializer:
 * `id` and `link` are the event URL, `published` is `first_published_at`, `updated` is `revised_at`,
 * and a cancelled or retracted entry says so in its title and a category.
 */
export function renderAtom(feed: FeedData, selfUrl: string): string {
  const root = xmlDocument().ele(ATOM_NS, 'feed', {
    'xml:lang': feed.language,
  });
  root.ele('title').txt(xml(feed.title));
  root.ele('subtitle').txt(xml(feed.description));
  root.ele('id').txt(xml(selfUrl));
  root.ele('link', { rel: 'self', type: 'application/atom+xml', href: xml(selfUrl) });
  root.ele('link', { rel: 'alternate', type: 'text/html', href: xml(feed.homePageUrl) });
  // An empty feed still needs `updated`: the epoch says "never", without inventing a time.
  root.ele('updated').txt(new Date(feed.updated ?? 0).toISOString());
  root.ele('author').ele('name').txt(xml(feed.title));
  for (const item of feed.items) {
    const entry = root.ele('entry');
    entry.ele('id').txt(xml(item.id));
    entry.ele('title').txt(xml(item.title));
    entry.ele('link', { rel: 'alternate', type: 'text/html', href: xml(item.id) });
    entry.ele('published').txt(new Date(item.published).toISOString());
    entry.ele('updated').txt(new Date(item.modified).toISOString());
    entry.ele('summary').txt(xml(item.summary));
    entry.ele('content', { type: 'html' }).txt(xml(itemHtml(item)));
    for (const tag of item.tags) entry.ele('category', { term: xml(tag) });
  }
  return root.end({ prettyPrint: true });
}
