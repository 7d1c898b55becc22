/**
 * Another tracker's public data (JSON of any shape): only the provider's post links it cites are
 * taken, from the accounts the sources directory watches, never its words. A post the ledger and
 * the record do not hold is a lead; the post's own words come from oEmbed (../post-words.ts).
 */
import { decodePostTime } from '../../../domain/content/post-time.js';
import type { Reading } from './types.js';
import { parseJsonAnswer } from './types.js';

const POST_LINK =
  /https?:\/\/(?:www\.|mobile\.)?(?:x|twitter)\.com\/([A-Za-z0-9_]{1,15})\/status\/(\d{1,20})/g;

/** `handles`: the watched accounts, without `@`, any case. */
export function readPeerData(body: string, handles: readonly string[]): Reading<null> {
  const value = parseJsonAnswer(body);
  const watched = new Set(handles.map((handle) => handle.toLowerCase()));
  const found = new Map<string, string>();
  let passed = 0;
  // Links are read from the text as JSON escapes them (`\/`) or not.
  for (const [, handle, id] of body.replace(/\\\//g, '/').matchAll(POST_LINK)) {
    if (!watched.has(handle!.toLowerCase())) {
      passed += 1;
      continue;
    }
    found.set(id!, handle!);
  }
  for (const [handle, id] of accountPosts(value))
    if (watched.has(handle.toLowerCase())) found.set(id, handle);
    else passed += 1;
  const sightings = [...found].map(([id, handle]) => {
    const url = `https://x.com/${handle}/status/${id}`;
    return {
      key: url,
      url,
      postId: id,
      postedAt: decodePostTime({ platform: 'x', id }),
      title: `@${handle}`,
      words: '',
      matched: [],
    };
  });
  return { sightings, passed, memory: null };
}

/**
 * Posts named by id under their account rather than linked: an object with an `account` (a handle)
 * and `events` whose items carry an `id` of digits (gmkbenjamin/claude-resets' `data/events.json`).
 */
function accountPosts(value: unknown, found: [string, string][] = []): [string, string][] {
  if (Array.isArray(value)) for (const item of value) accountPosts(item, found);
  else if (typeof value === 'object' && value !== null) {
    const record = value as Record<string, unknown>;
    const account = record['account'];
    const events = record['events'];
    if (typeof account === 'string' && /^[A-Za-z0-9_]{1,15}$/.test(account) && Array.isArray(events))
      for (const event of events) {
        const id = (event as Record<string, unknown> | null)?.['id'];
        if (typeof id === 'string' && /^\d{1,20}$/.test(id)) found.push([account, id]);
      }
    for (const child of Object.values(record)) accountPosts(child, found);
  }
  return found;
}
