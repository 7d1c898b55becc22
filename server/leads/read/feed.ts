/**
 * An Atom or RSS feed: the provider's status page (`history.atom`, Atom as Atlassian Statuspage
 * writes it), claude-code's `releases.atom` and committed `feed.xml`. An entry whose title or text
 * may be an event is a lead (a release's notes in the client's voice, the rest as notices:
 * ../words.ts); the rest are counted. The first reading of a feed only learns what is there (unless
 * `backfill`): a lead is something new. An entry's later paragraphs (a status-page incident's
 * updates) are read as they come: one that may be an event is a lead of its own, a change of the
 * first (`url#hash`).
 */
import { createHash } from 'node:crypto';
import { convert } from 'html-to-text';
import Parser from 'rss-parser';
import type { Voice } from '../words.js';
import { usageTerms } from '../words.js';
import { webAddress } from '../../../domain/text/web-address.js';
import { releaseKey } from './release-key.js';
import type { Reading, Sighting } from './types.js';
import { MAX_DEPTH, UnreadableAnswer, clip } from './types.js';

/**
 * What a feed's reader remembers: the entries seen, newest first, at most `SEEN_KEPT`, and for each
 * entry of the feed as last read the hashes of its paragraphs (so an update is told apart).
 */
export interface FeedMemory {
  readonly seen: readonly string[];
  readonly paragraphs?: Readonly<Record<string, readonly string[]>>;
}

const SEEN_KEPT = 500;
const parser: Parser<Record<string, never>, { 'content:encoded'?: string; id?: string }> = new Parser({
  customFields: { item: ['content:encoded', 'id'] },
});

const textOf = (html: string): string =>
  convert(html, {
    wordwrap: false,
    limits: { maxDepth: MAX_DEPTH },
    selectors: [{ selector: 'a', options: { ignoreHref: true } }],
  })
    .replace(/\s+/g, ' ')
    .trim();

/** An entry's paragraphs as text (Statuspage writes one `<p>` per update), empty ones out. */
const paragraphsOf = (html: string): string[] =>
  html
    .split(/<\/p>/i)
    .map(textOf)
    .filter((text) => text !== '');

/** The text of a parsed field: a string as it is, the strings of markup read as elements joined. */
function stringOf(value: unknown, depth = 0): string {
  if (typeof value === 'string') return value;
  if (typeof value !== 'object' || value === null || depth > MAX_DEPTH) return '';
  return Object.entries(value)
    .filter(([key]) => key !== '$')
    .map(([, child]) => stringOf(child, depth + 1))
    .join(' ');
}

const hashOf = (text: string): string => createHash('sha256').update(text).digest('base64url').slice(0, 10);

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
  const sightings: Sighting[] = [];
  const paragraphs: Record<string, string[]> = {};
  let passed = 0;
  for (const item of items) {
    // Only an http(s) address is a link: a `javascript:` or `file:` one is passed over.
    const url = [item.link, item.guid, item.id].find(
      (link): link is string => typeof link === 'string' && webAddress(link) !== null,
    );
    if (url === undefined) {
      passed += 1;
      continue;
    }
    // An Atom `type="xhtml"` title or text comes as markup the parser made an object of.
    const title = stringOf(item.title).replace(/\s+/g, ' ').trim();
    const html = stringOf(item.content ?? item['content:encoded'] ?? item.summary);
    const texts = paragraphsOf(html);
    const hashes = texts.map(hashOf);
    paragraphs[url] = hashes;
    const release = releaseKey(url);
    // A release's notes are the client's own; anything else a feed says is a notice.
    const voice: Voice = release === null ? 'notice' : 'client';
    const date = Date.parse(item.isoDate ?? item.pubDate ?? '');
    const postedAt = Number.isNaN(date) ? null : date;
    if (learning) {
      passed += 1;
      continue;
    }
    if (!seen.has(url)) {
      const words = texts.join(' ');
      const matched = usageTerms(`${title}\n${words}`, voice);
      if (matched.length === 0) passed += 1;
      else
        sightings.push({
          key: release ?? url,
          url,
          postId: null,
          postedAt,
          title: title || url,
          words: clip(words),
          matched,
        });
      continue;
    }
    // Seen before: only its new paragraphs are read, and a lead when they may be an event.
    const before = new Set(memory?.paragraphs?.[url] ?? hashes);
    const added = texts.filter((_, index) => !before.has(hashes[index]!));
    const matched = added.length === 0 ? [] : usageTerms(added.join('\n'), voice);
    if (matched.length === 0) {
      passed += 1;
      continue;
    }
    sightings.push({
      key: `${url}#${hashOf(added.join('\n'))}`,
      url,
      postId: null,
      postedAt,
      title: `Update: ${title || url}`,
      words: clip(added.join('\n')),
      matched,
      change: true,
    });
  }
  // A first reading learns every entry; later ones remember the leads they made, so an entry that
  // did not speak of usage is read whole again when it is updated.
  const remembered = learning
    ? items.flatMap((item) => (typeof item.link === 'string' && webAddress(item.link) ? [item.link] : []))
    : sightings.map((sighting) => sighting.url);
  const kept = [...new Set([...remembered, ...seen])].slice(0, SEEN_KEPT);
  return { sightings, passed, memory: { seen: kept, paragraphs } };
}
