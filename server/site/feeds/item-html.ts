import escapeHtml from 'escape-html';
import type { FeedItem } from './feed-data.js';

/** The item body as escaped HTML paragraphs: feed readers render RSS descriptions as HTML. */
export function itemHtml(item: FeedItem): string {
  return item.paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`).join('');
}
