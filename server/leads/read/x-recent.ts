/**
 * The X API's recent search (`GET /2/tweets/search/recent`, a bearer token): the watched accounts'
 * own posts (reposts out) since the last one read, every page of them. A post that speaks of usage
 * is a lead, with its own words, whole (a long post's `note_tweet`); the rest are counted.
 */
import { z } from 'zod';
import { decodePostTime } from '../../../domain/content/post-time.js';
import { usageTerms } from '../words.js';
import type { Reading } from './types.js';
import { UnreadableAnswer, clip, parseJsonAnswer } from './types.js';

export interface XMemory {
  /** The newest post id read: the next search's `since_id`. */
  readonly sinceId: string | null;
}

/**
 * The search's path and query for `handles`, after `sinceId`, at `page` (a `next_token`). The
 * authors' usernames come with it (`expansions=author_id`): X bills those user reads too.
 */
export function recentSearch(
  handles: readonly string[],
  sinceId: string | null,
  page: string | null = null,
): string {
  const query = new URLSearchParams({
    query: `(${handles.map((handle) => `from:${handle}`).join(' OR ')}) -is:retweet`,
    max_results: '100',
    'tweet.fields': 'created_at,author_id,note_tweet',
    expansions: 'author_id',
    'user.fields': 'username',
  });
  if (sinceId) query.set('since_id', sinceId);
  if (page) query.set('pagination_token', page);
  return `/2/tweets/search/recent?${query.toString()}`;
}

const TWITTER_EPOCH_MS = 1_288_834_974_657n;

/**
 * For X's 400 on a `since_id` older than the seven days recent search reaches ("'since_id' must be
 * a tweet id created after <time>"): the oldest id it may be asked for, a minute after that time, or
 * null for no `since_id` at all (the whole seven days) when the answer names no time. Undefined
 * when the answer is another refusal.
 */
export function sinceIdAllowed(detail: string | undefined): string | null | undefined {
  if (detail === undefined || !/since_id/.test(detail)) return undefined;
  const after = Date.parse(
    /created after (\d{4}-\d\d-\d\dT\d\d:\d\d(?::\d\d(?:\.\d+)?)?(?:Z|[+-]\d\d:?\d\d))/.exec(detail)?.[1] ??
      '',
  );
  if (Number.isNaN(after)) return null;
  return ((BigInt(after + 60_000) - TWITTER_EPOCH_MS) << 22n).toString();
}

/** What the search answers, as far as it is read; anything else is an unreadable answer. */
const SearchAnswer = z.object({
  data: z
    .array(
      z.object({
        id: z.string().regex(/^\d{1,20}$/),
        text: z.string(),
        author_id: z.string().optional(),
        note_tweet: z.object({ text: z.string().optional() }).optional(),
      }),
    )
    .optional(),
  includes: z
    .object({ users: z.array(z.object({ id: z.string(), username: z.string() })).optional() })
    .optional(),
  meta: z
    .object({
      newest_id: z
        .string()
        .regex(/^\d{1,20}$/)
        .optional(),
      next_token: z.string().optional(),
    })
    .optional(),
});

/** What one page of the search gave: its reading, and the next page's token when there is one. */
export interface XPage {
  readonly reading: Reading<XMemory>;
  readonly next: string | null;
}

export function readXRecent(body: string, memory: XMemory | null): Reading<XMemory> {
  return readXPage(body, memory).reading;
}

export function readXPage(body: string, memory: XMemory | null): XPage {
  const parsed = SearchAnswer.safeParse(parseJsonAnswer(body));
  if (!parsed.success)
    throw new UnreadableAnswer(
      `not a search answer (${parsed.error.issues[0]!.path.join('.') || 'the answer'}: ${parsed.error.issues[0]!.message})`,
    );
  const answer = parsed.data;
  const users = new Map((answer.includes?.users ?? []).map((user) => [user.id, user.username]));
  const sightings = [];
  let passed = 0;
  for (const post of answer.data ?? []) {
    const text = post.note_tweet?.text ?? post.text;
    const matched = usageTerms(text);
    if (matched.length === 0) {
      passed += 1;
      continue;
    }
    const handle = users.get(post.author_id ?? '') ?? 'i';
    const url =
      handle === 'i' ? `https://x.com/i/web/status/${post.id}` : `https://x.com/${handle}/status/${post.id}`;
    sightings.push({
      key: url,
      url,
      postId: post.id,
      postedAt: decodePostTime({ platform: 'x', id: post.id }),
      title: handle === 'i' ? 'X post' : `@${handle}`,
      words: clip(text),
      matched,
    });
  }
  const ids = (answer.data ?? []).map((post) => BigInt(post.id));
  const newest = ids.length > 0 ? ids.reduce((a, b) => (b > a ? b : a)).toString() : null;
  return {
    reading: {
      sightings,
      passed,
      memory: { sinceId: answer.meta?.newest_id ?? newest ?? memory?.sinceId ?? null },
    },
    next: answer.meta?.next_token ?? null,
  };
}
