import type { EventFile } from './files.js';
import type { PostId } from './post-time.js';
import { decodePostTime, parsePostUrl } from './post-time.js';

type SourceFile = EventFile['sources'][number];

export interface SourcePost {
  readonly source: SourceFile;
  /** `null` when the URL is on a post platform but names no post. */
  readonly post: PostId | null;
  /** The time the post id encodes, if its platform encodes one. */
  readonly time: number | null;
}

/** An event's sources with their post ids read once: several rules and the published record use them. */
export interface SourcePosts {
  readonly posts: readonly SourcePost[];
  /** Indexes of the sources with role "original". */
  readonly originals: readonly number[];
  /** The time the (first) original's post id encodes, if any. */
  readonly originalTime: number | null;
}

export function readSourcePosts(sources: readonly SourceFile[]): SourcePosts {
  const originals: number[] = [];
  const posts = sources.map((source, index): SourcePost => {
    if (source.role === 'original') originals.push(index);
    const post = parsePostUrl(source.url);
    return { source, post, time: post === null ? null : decodePostTime(post) };
  });
  const first = originals[0];
  return { posts, originals, originalTime: first === undefined ? null : (posts[first]?.time ?? null) };
}
