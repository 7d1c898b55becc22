import type { SourceAccount } from '../schemas/index.js';
import { decodePostTime, parsePostUrl } from './post-time.js';

export interface DraftOptions {
  readonly kind?: string;
  readonly status?: string;
  readonly title?: string;
  /** `all`, `subscribers`, `unspecified`, or plans separated by commas. */
  readonly plans?: string;
  /** Windows separated by commas. */
  readonly windows?: string;
}

/** A UTC date-time to the second, as curators write them. */
export function curatorTime(ms: number): string {
  return `${new Date(ms).toISOString().slice(0, 19)}Z`;
}

/** A URL slug of a title: lowercase words joined by single hyphens. */
export function slugOf(title: string): string {
  const slug = title
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return slug.slice(0, 80).replace(/-+$/, '') || 'event';
}

/** The account handle a post URL names: `@user` on X and Bluesky, the host name elsewhere. */
function handleOf(url: URL, platform: string): string {
  const segments = url.pathname.split('/').filter(Boolean);
  if (platform === 'x') return `@${segments[0] ?? ''}`;
  if (platform === 'bluesky') return `@${segments[1] ?? ''}`;
  return url.hostname;
}

/**
 * A new event file for a post URL: the id from the UTC day and the title, `announced_at` decoded
 * from an X or Bluesky post id (a date-only event otherwise, on the day `now` falls on), both
 * publication times `now`, revision 1, and the original source filled from the URL and from
 * `sources.json` when its handle is known. What the curator did not give is left out, so
 * `content:check` names it.
 */
export function draftEvent(
  postUrl: string,
  options: DraftOptions,
  sources: readonly SourceAccount[],
  now: number,
): Record<string, unknown> {
  const url = new URL(postUrl);
  const post = parsePostUrl(postUrl);
  if (!post) throw new Error(`${postUrl} is on X or Bluesky but is not a post URL`);
  const at = decodePostTime(post);
  const day = new Date(at ?? now).toISOString().slice(0, 10);
  const handle = handleOf(url, post.platform);
  const account = sources.find((source) => source.handle.toLowerCase() === handle.toLowerCase());
  const social = post.platform !== 'other';
  const list = (value: string) => value.split(',').map((item) => item.trim()).filter(Boolean);
  const plans =
    options.plans === undefined
      ? undefined
      : ['all', 'subscribers', 'unspecified'].includes(options.plans)
        ? options.plans
        : list(options.plans);
  const event: Record<string, unknown> = {
    id: `${day}-${slugOf(options.title ?? 'new-event')}`,
    ...(options.kind === undefined ? {} : { kind: options.kind }),
    ...(options.status === undefined ? {} : { event_status: options.status }),
    ...(options.title === undefined ? {} : { title: options.title }),
    time_precision: at === null ? 'date' : 'exact',
    ...(at === null ? { announced_on: day } : { announced_at: new Date(at).toISOString() }),
    ...(plans === undefined ? {} : { audience: { plans } }),
    ...(options.windows === undefined ? {} : { windows: list(options.windows) }),
    sources: [
      {
        url: postUrl,
        handle: account?.handle ?? handle,
        ...(account ? { display_name: account.display_name } : {}),
        role: 'original',
        kind: social ? 'social_post' : 'web_page',
      },
    ],
    first_published_at: curatorTime(now),
    revised_at: curatorTime(now),
    revision: 1,
    related_event_ids: [],
  };
  return event;
}
