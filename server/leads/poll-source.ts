/**
 * One poll of one source: a polite GET with the last validators, the source's reader, and the
 * sightings it made. Never throws for the source's own fault (an answer it cannot read, a refusal, a
 * time-out): that is an outcome with its reason, for the watcher's back-off.
 */
import type { PoliteClient, Validators } from './polite-client.js';
import { readNews } from './read-news.js';
import { readChangelog } from './read/changelog.js';
import type { FeedMemory } from './read/feed.js';
import { readFeed } from './read/feed.js';
import type { ArticleMemory } from './read/help-article.js';
import { readHelpArticle } from './read/help-article.js';
import { readPeerData } from './read/peer-data.js';
import type { SitemapMemory } from './read/sitemap.js';
import type { Reading, Sighting } from './read/types.js';
import { UnreadableAnswer } from './read/types.js';
import type { XMemory } from './read/x-recent.js';
import { readXPage, recentSearch, sinceIdAllowed } from './read/x-recent.js';
import type { SourceEntry } from './sources-file.js';

export interface PollContext {
  readonly client: PoliteClient;
  /** Handles of the watched accounts (content/sources.json), without `@`. */
  readonly handles: readonly string[];
  /** The X API: its token and origin; null when the operator gave no token. */
  readonly x: { readonly token: string; readonly origin: string } | null;
  /** Leads for what a feed holds already, on a source's first poll (`watch --once --backfill`). */
  readonly backfill: boolean;
}

export type Polled =
  | {
      readonly kind: 'read';
      readonly reading: Reading<unknown>;
      readonly validators: Validators;
      /** Something the watcher should log once (a cursor dropped). */
      readonly note?: string;
    }
  | { readonly kind: 'unchanged' }
  | { readonly kind: 'off'; readonly reason: string }
  | {
      readonly kind: 'failed';
      readonly reason: string;
      readonly retryAfterMs?: number;
      readonly refused?: boolean;
      /** The start of the error answer's body, for the log. */
      readonly detail?: string;
    };

export async function pollSource(
  source: SourceEntry,
  memory: unknown,
  validators: Validators,
  context: PollContext,
): Promise<Polled> {
  if (source.kind === 'x_recent') return await pollX(memory as XMemory | null, context);
  const fetched = await context.client.get(source.url, validators);
  if (fetched.kind !== 'body') return fetched;
  try {
    const reading = await read(source, fetched.body, memory, context);
    return { kind: 'read', reading, validators: fetched.validators };
  } catch (error) {
    return unreadable(error);
  }
}

/**
 * A reader's fault, whatever it is (an answer not of its format, one its parser chokes on): the
 * source's failure, backed off as any other, never taken for the store's.
 */
function unreadable(error: unknown): Polled {
  const message = error instanceof Error ? error.message : String(error);
  return {
    kind: 'failed',
    reason: `unreadable: ${error instanceof UnreadableAnswer ? '' : 'the reader failed: '}${message.split('\n')[0]!.slice(0, 300)}`,
  };
}

async function read(
  source: SourceEntry,
  body: string,
  memory: unknown,
  context: PollContext,
): Promise<Reading<unknown>> {
  switch (source.kind) {
    case 'status_page':
    case 'feed':
      return await readFeed(body, memory as FeedMemory | null, { backfill: context.backfill });
    case 'changelog':
      return readChangelog(body, memory as FeedMemory | null, {
        link: source.link,
        backfill: context.backfill,
      });
    case 'help_article':
      return readHelpArticle(body, memory as ArticleMemory | null, { page: source.page });
    case 'peer_data':
      return readPeerData(body, context.handles);
    case 'sitemap':
      return await readNews(body, memory as SitemapMemory | null, source.match, context.client);
    case 'x_recent':
      throw new Error('not fetched here');
  }
}

/** At most this many pages of the X search are read in one poll; the newest come first. */
const X_PAGES_PER_POLL = 10;

async function pollX(memory: XMemory | null, context: PollContext): Promise<Polled> {
  if (context.x === null) return { kind: 'off', reason: 'no X_BEARER_TOKEN: the X source is off' };
  if (context.handles.length === 0)
    return { kind: 'off', reason: 'no watched X account in the sources directory' };
  const { origin, token } = context.x;
  let sinceId = memory?.sinceId ?? null;
  const sightings: Sighting[] = [];
  let passed = 0;
  let newest: string | null = null;
  let page: string | null = null;
  let note: string | undefined;
  for (let pages = 0; pages < X_PAGES_PER_POLL; pages += 1) {
    const url = `${origin}${recentSearch(context.handles, sinceId, page)}`;
    const fetched = await context.client.get(url, {}, { authorization: `Bearer ${token}` });
    if (fetched.kind === 'unchanged') return fetched;
    if (fetched.kind === 'failed') {
      // After seven days unread, X refuses the old `since_id`: the search goes on, once, from the
      // oldest post it may still ask for (what the store holds already is known, not doubled).
      const allowed = fetched.status === 400 ? sinceIdAllowed(fetched.detail) : undefined;
      if (allowed !== undefined && sinceId !== null && page === null && note === undefined) {
        note = `X refused since_id ${sinceId} (${fetched.detail}); the search goes on from ${allowed ?? 'seven days ago'}`;
        sinceId = allowed;
        pages -= 1;
        continue;
      }
      const refused = /answered 40[13]\b/.test(fetched.reason);
      return refused
        ? { ...fetched, reason: `the X token was refused (${fetched.reason})`, refused }
        : fetched;
    }
    let read;
    try {
      read = readXPage(fetched.body, { sinceId });
    } catch (error) {
      return unreadable(error);
    }
    sightings.push(...read.reading.sightings);
    passed += read.reading.passed;
    newest ??= read.reading.memory.sinceId;
    if (read.next === null) break;
    page = read.next;
  }
  return {
    kind: 'read',
    reading: { sightings, passed, memory: { sinceId: newest } },
    validators: {},
    ...(note !== undefined && { note }),
  };
}
