/** Fixed wording of the site and its feeds. */
export const SITE_NAME = 'Usage-Limit Reset Tracker';

export const SITE_DESCRIPTION =
  'A hand-curated history of publicly announced usage-limit resets of an AI assistant service. ' +
  'Independent; not affiliated with the provider it tracks.';

export const LINK_BACK_NOTICE =
  'Free to reuse: if you display or republish this data, please link back to this site.';

export const FEED_PATHS = { rss: '/feed.xml', json: '/feed.json', atom: '/feed.atom' } as const;
