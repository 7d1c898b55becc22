import type { FeedData } from './feed-data.js';
import { itemHtml } from './item-html.js';

/** JSON Feed 1.1 (https://www.jsonfeed.org/version/1.1/): the document as a plain object. */
function toJsonFeed(feed: FeedData, feedUrl: string) {
  return {
    version: 'https://jsonfeed.org/version/1.1',
    title: feed.title,
    home_page_url: feed.homePageUrl,
    feed_url: feedUrl,
    description: feed.description,
    language: feed.language,
    items: feed.items.map((item) => ({
      id: item.id,
      url: item.id,
      title: item.title,
      summary: item.summary,
      content_text: item.text,
      content_html: itemHtml(item),
      date_published: new Date(item.published).toISOString(),
      date_modified: new Date(item.modified).toISOString(),
      tags: item.tags,
    })),
  };
}

export function renderJsonFeed(feed: FeedData, feedUrl: string): string {
  return JSON.stringify(toJsonFeed(feed, feedUrl), null, 2);
}
