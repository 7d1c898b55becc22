/**
 * The news pages a sitemap names (./read/sitemap.ts), read when new or moved: a page new to the
 * sitemap whose text may be an event is a lead (its URL); a known page whose text changed and may be
 * an event is a change (`url#hash`). A `lastmod` that moves while the text stays (the sitemap's
 * dates moving together) is no lead. A page that fails waits more polls each time (1, 2, 4 … up to
 * a day of polls); one that redirects to another host is not asked again until its `lastmod` moves.
 */
import { createHash } from 'node:crypto';
import { convert } from 'html-to-text';
import type { PoliteClient } from './polite-client.js';
import type { SitemapMemory } from './read/sitemap.js';
import { readSitemap } from './read/sitemap.js';
import type { Reading, Sighting } from './read/types.js';
import { MAX_DEPTH, clip } from './read/types.js';
import { usageTerms } from './words.js';

/**
 * At most this many changed news pages are read in one poll; the rest wait for the next (when the
 * sitemap's dates all move together, the pages are read over a few days, not in one burst).
 */
export const PAGES_PER_POLL = 2;
/** The most polls a failing page waits (a day of polls at the shipped interval). */
const LONGEST_WAIT_POLLS = 96;

const textOf = (html: string): string =>
  convert(html, {
    wordwrap: false,
    limits: { maxDepth: MAX_DEPTH },
    selectors: [
      { selector: 'a', options: { ignoreHref: true } },
      { selector: 'img', format: 'skip' },
    ],
  })
    .replace(/\s+/g, ' ')
    .trim();

const hashOf = (text: string): string => createHash('sha256').update(text).digest('base64url').slice(0, 12);

export async function readNews(
  xml: string,
  memory: SitemapMemory | null,
  match: string | readonly string[],
  client: PoliteClient,
): Promise<Reading<SitemapMemory>> {
  const { candidates, passed, learned } = readSitemap(xml, memory, { match });
  if (memory === null) return { sightings: [], passed, memory: learned };
  const pages = { ...memory.pages };
  const texts = { ...memory.texts };
  const waits = { ...memory.waits };
  // Pages not read now keep their old lastmod, so a later poll reads them. (A set: a sitemap of
  // 70,000 pages whose dates all moved is read in linear time.)
  const moved = new Set(candidates.map((candidate) => candidate.url));
  for (const [url, lastmod] of Object.entries(learned.pages)) if (!moved.has(url)) pages[url] = lastmod;
  const sightings: Sighting[] = [];
  let skipped = 0;
  let read = 0;
  for (const candidate of candidates) {
    if (read === PAGES_PER_POLL) break;
    const wait = waits[candidate.url];
    if (wait !== undefined && wait.polls > 0) {
      waits[candidate.url] = { ...wait, polls: wait.polls - 1 };
      continue;
    }
    read += 1;
    const page = await client.get(candidate.url);
    if (page.kind === 'failed' && /to another host/.test(page.reason)) {
      pages[candidate.url] = candidate.lastmod;
      skipped += 1;
      continue;
    }
    if (page.kind !== 'body') {
      const failures = (wait?.failures ?? 0) + 1;
      waits[candidate.url] = { failures, polls: Math.min(LONGEST_WAIT_POLLS, 2 ** (failures - 1)) };
      continue;
    }
    delete waits[candidate.url];
    const known = memory.pages[candidate.url] !== undefined;
    const before = texts[candidate.url];
    pages[candidate.url] = candidate.lastmod;
    const text = textOf(page.body);
    const hash = hashOf(text);
    texts[candidate.url] = hash;
    const matched = usageTerms(text, 'notice');
    // Known but never read (an older memory): its text is learned, not taken for news.
    if (before === hash || (known && before === undefined) || matched.length === 0) {
      skipped += 1;
      continue;
    }
    const title = /<title>([^<]*)<\/title>/i.exec(page.body)?.[1]?.trim() ?? candidate.url;
    sightings.push({
      key: known ? `${candidate.url}#${hash}` : candidate.url,
      url: candidate.url,
      postId: null,
      postedAt: Date.parse(candidate.lastmod) || null,
      title: known ? `Changed: ${title}` : title,
      words: clip(text),
      matched,
      ...(known && { change: true }),
    });
  }
  return { sightings, passed: passed + skipped, memory: { pages, texts, waits } };
}
