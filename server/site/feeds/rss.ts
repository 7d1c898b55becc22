import { xmlDocument } from '../xml-builder.js';
import type { FeedData } from './feed-data.js';
import { itemHtml } from './item-html.js';

export const ATOM_NS = 'http://www.w3.org/2005/Atom';

/**
 * xmlbuilder2 escapes `&` only where it does not already start `&lt;`, `&amp;` and the like
 * (oozcitak/xmlbuilder2#117), so a summary quoting "&lt;" would reach readers as "<". Escaping every
 * `&` first makes the serializer's output exact.
 */
export function xml(value: string): string {
  return value.replaceAll('&', '&amp;');
}

/** RFC 822 date-time as RSS 2.0 requires (`Tue, 14 Jan 2025 10:00:03 GMT`, weekday included). */
export function rfc822(iso: string): string {
  return new Date(iso).toUTCString();
}

/**
 * RSS 2.0 with the Atom namespace, built with xmlbuilder2 so every text and attribute is escaped by
 * the XML serializer. The `feed` package was not used: it cannot emit `atom:updated` per item, which
 * is how readers see that an event was corrected.
 */
export function renderRss(feed: FeedData, selfUrl: string): string {
  const rss = xmlDocument().ele('rss', {
    version: '2.0',
    'xmlns:atom': ATOM_NS,
  });
  const channel = rss.ele('channel');
  channel.ele('title').txt(xml(feed.title));
  channel.ele('link').txt(xml(feed.homePageUrl));
  channel.ele('description').txt(xml(feed.description));
  channel.ele('language').txt(feed.language);
  channel.ele(ATOM_NS, 'atom:link', { href: xml(selfUrl), rel: 'self', type: 'application/rss+xml' });
  if (feed.updated !== null) channel.ele('lastBuildDate').txt(rfc822(feed.updated));
  channel.ele('docs').txt('https://www.rssboard.org/rss-specification');
  for (const item of feed.items) {
    const entry = channel.ele('item');
    entry.ele('title').txt(xml(item.title));
    entry.ele('link').txt(xml(item.id));
    entry.ele('guid', { isPermaLink: 'true' }).txt(xml(item.id));
    entry.ele('pubDate').txt(rfc822(item.published));
    entry.ele(ATOM_NS, 'atom:updated').txt(new Date(item.modified).toISOString());
    entry.ele('description').txt(xml(itemHtml(item)));
    for (const tag of item.tags) entry.ele('category').txt(xml(tag));
  }
  return rss.end({ prettyPrint: true });
}
