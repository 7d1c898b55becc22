/**
 * An Atom or RSS feed: the provider's status page (`history.atom`, Atom as Atlassian Statuspage
 * writes it), claude-code's `releases.atom` and committed `feed.xml`. An entry whose title or text
 * speaks of usage is a lead; the rest are counted. The first reading of a feed only learns what is
 * there (unless `backfill`): a lead is something new.
 */
import { convert } from 'html-to-text';
import Parser from 'rss-parser';
import { usageTerms } from '../words.js';
import type { Reading } from './types.js';
import { UnreadableAnswer, clip } from './types.js';

/** What a feed's reader remembers: the entries seen, newest first, at most `SEEN_KEPT`. */
export interface FeedMemory {
  readonly seen: readonly string[];
}

const SEEN_KEPT = 500;
const parser: Parser<Record<string, never>, { 'content:encoded'?: string; id?: string }> = new Parser({
  customFields: { item: ['content:encoded', 'id'] },
});

const textOf = (html: string): string =>
  convert(html, { wordwrap: false, selectors: [{ selector: 'a', options: { ignoreHref: true } }] })
    .replace(/\s+/g, ' ')
    .trim();

export async function readFeed(
  body: string,
  memory: FeedMemory | null,
  options: { backfill?: boolean } = {},
): Promise<Reading<FeedMemory>> {
  let items: (Parser.Item & { 'content:encoded'?: string; id?: string })[];
  try {
    items = (await parser.parseString(body)).items;
  } catch (error) {
    throw new UnreadableAnswer(`not an Atom or RSS feed (${(error as Error).message.split('\n')[0]})`);
  }
  const seen = new Set(memory?.seen ?? []);
  const learning = memory === null && !options.backfill;
  const sightings = [];
  let passed = 0;
  for (const item of items) {
    const url = item.link ?? item.guid ?? item.id;
    if (typeof url !== 'string' || !URL.canParse(url)) {
      passed += 1;
      continue;
    }
    const title = (item.title ?? '').trim();
    const words = textOf(item.content ?? item['content:encoded'] ?? item.summary ?? '');
    const matched = usageTerms(`${title}\n${words}`);
    if (learning || seen.has(url) || matched.length === 0) passed += 1;
    else {
      const date = Date.parse(item.isoDate ?? item.pubDate ?? '');
      sightings.push({
        key: url,
        url,
        postId: null,
        postedAt: Number.isNaN(date) ? null : date,
        title: title || url,
        words: clip(words),
        matched,
      });
    }
  }
  // A first reading learns every entry; later ones remember the leads they made, so an entry that
  // did not speak of usage is read again when it is updated (a status-page incident's later update).
  const remembered = learning
    ? items.flatMap((item) => (typeof item.link === 'string' ? [item.link] : []))
    : sightings.map((sighting) => sighting.key);
  const kept = [...new Set([...remembered, ...(memory?.seen ?? [])])].slice(0, SEEN_KEPT);
  return { sightings, passed, memory: { seen: kept } };
}
