/**
 * The X API's recent search (`GET /2/tweets/search/recent`, a bearer token): the posts of the
 * watched accounts since the last one read. A post that speaks of usage is a lead, with its own
 * words; the rest are counted.
 */
import { decodePostTime } from '../../../domain/content/post-time.js';
import { usageTerms } from '../words.js';
import type { Reading } from './types.js';
import { UnreadableAnswer, clip } from './types.js';

export interface XMemory {
  /** The newest post id read: the next search's `since_id`. */
  readonly sinceId: string | null;
}

/** The search's path and query for `handles`, after `sinceId`. */
export function recentSearch(handles: readonly string[], sinceId: string | null): string {
  const query = new URLSearchParams({
    query: handles.map((handle) => `from:${handle}`).join(' OR '),
    max_results: '100',
    'tweet.fields': 'created_at,author_id',
    expansions: 'author_id',
    'user.fields': 'username',
  });
  if (sinceId) query.set('since_id', sinceId);
  return `/2/tweets/search/recent?${query.toString()}`;
}

interface SearchAnswer {
  data?: { id: string; text: string; author_id?: string }[];
  includes?: { users?: { id: string; username: string }[] };
  meta?: { newest_id?: string; result_count?: number };
}

export function readXRecent(body: string, memory: XMemory | null): Reading<XMemory> {
  let answer: SearchAnswer;
  try {
    answer = JSON.parse(body) as SearchAnswer;
  } catch (error) {
    throw new UnreadableAnswer(`not JSON (${(error as Error).message})`);
  }
  if (
    typeof answer !== 'object' ||
    answer === null ||
    (answer.data !== undefined && !Array.isArray(answer.data))
  )
    throw new UnreadableAnswer('not a search answer (no data list)');
  const users = new Map((answer.includes?.users ?? []).map((user) => [user.id, user.username]));
  const sightings = [];
  let passed = 0;
  for (const post of answer.data ?? []) {
    if (!/^\d{1,20}$/.test(post.id) || typeof post.text !== 'string')
      throw new UnreadableAnswer('a post without id or text');
    const matched = usageTerms(post.text);
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
      words: clip(post.text),
      matched,
    });
  }
  const ids = (answer.data ?? []).map((post) => BigInt(post.id));
  const newest = ids.length > 0 ? ids.reduce((a, b) => (b > a ? b : a)).toString() : null;
  return {
    sightings,
    passed,
    memory: { sinceId: answer.meta?.newest_id ?? newest ?? memory?.sinceId ?? null },
  };
}
