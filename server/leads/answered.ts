/**
 * What is answered already, so it never asks again: every post and page of the research ledger
 * (docs/record/ledger.json, an event or left out with why) and every source the published record
 * cites. A post is known by its URL and by its X post id.
 */
import { readFile } from 'node:fs/promises';
import { Ledger } from '../../domain/content/ledger.js';
import { parsePostUrl } from '../../domain/content/post-time.js';
import { loadContent } from '../content/read-content.js';
import type { Sighting } from './read/types.js';

export interface Answered {
  /** The event that cites this URL or post, if one does. */
  eventCiting(url: string, postId: string | null): string | null;
  /** Whether the ledger or the record answers it. */
  has(sighting: Sighting): boolean;
}

const postIdOf = (url: string): string | null => {
  const post = parsePostUrl(url);
  return post?.platform === 'x' ? post.id : null;
};

/** The ledger's and the record's posts and pages; a missing or broken one is named in the rejection. */
export async function readAnswered(ledgerFile: string, contentDir: string): Promise<Answered> {
  const ledger = Ledger.parse(JSON.parse(await readFile(ledgerFile, 'utf8')));
  const content = await loadContent(contentDir);
  if (!content.ok) throw new Error(`${contentDir}: the content does not load`);
  const urls = new Set(ledger.entries.map((entry) => entry.url));
  const posts = new Set(ledger.entries.flatMap((entry) => postIdOf(entry.url) ?? []));
  const citing = new Map<string, string>();
  for (const event of content.content.events)
    for (const { url } of event.sources) {
      citing.set(url, event.id);
      const id = postIdOf(url);
      if (id) citing.set(`post:${id}`, event.id);
    }
  const eventCiting = (url: string, postId: string | null) =>
    citing.get(url) ?? (postId ? citing.get(`post:${postId}`) : undefined) ?? null;
  return {
    eventCiting,
    // A change of a known page (its text, an update) is new: the page being known answers nothing.
    has: (sighting) =>
      sighting.change !== true &&
      (urls.has(sighting.url) ||
        (sighting.postId !== null && posts.has(sighting.postId)) ||
        eventCiting(sighting.url, sighting.postId) !== null),
  };
}
