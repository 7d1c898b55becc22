import { en } from './i18n/en.js';

/** The site's name and description in English (en.ts), for the feeds, the calendar and llms.txt. */
export const SITE_NAME = en.site.name;

/** What the site tracks, and that it is independent of Anthropic: the feeds and llms.txt say it too. */
export const SITE_DESCRIPTION = en.site.description;

export const FEED_PATHS = { rss: '/feed.xml', json: '/feed.json', atom: '/feed.atom' } as const;
