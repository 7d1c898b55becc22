import { en } from './i18n/en.js';

/** Fixed wording of the site and its feeds. */
export const SITE_NAME = en.site.name;

/** What the site tracks, and that it is independent of Anthropic: the feeds and llms.txt say it too. */
export const SITE_DESCRIPTION = en.site.description;

export const LINK_BACK_NOTICE =
  'Free to reuse: if you display or republish this data, please link back to this site.';

export const FEED_PATHS = { rss: '/feed.xml', json: '/feed.json', atom: '/feed.atom' } as const;
