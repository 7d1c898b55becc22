import { ALLOCATIONS, EVENT_KINDS, EVENT_STATUSES, PLAN_GROUPS, PLANS, WINDOWS } from '../schemas/enums.js';
import type { SourceAccount } from '../schemas/index.js';
import type { PostDetails } from './oembed.js';
import { excerptOf } from './oembed.js';
import { decodePostTime, parsePostUrl } from './post-time.js';

export interface DraftOptions {
  readonly kind?: string;
  readonly status?: string;
  readonly title?: string;
  readonly summary?: string;
  readonly allocation?: string;
  /** `all`, `subscribers`, `unspecified`, or plans separated by commas. */
  readonly plans?: string;
  /** The audience in the source's own words (`audience.statement`). */
  readonly audience?: string;
  /** Windows separated by commas. */
  readonly windows?: string;
}

/** The values each option takes, as `--help` lists them and a refusal names them. */
export const DRAFT_VALUES = {
  kind: EVENT_KINDS,
  status: EVENT_STATUSES,
  allocation: ALLOCATIONS,
  plans: [...PLAN_GROUPS, ...PLANS],
  windows: WINDOWS,
} as const;

const list = (value: string) =>
  value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);

function plansProblem(value: string): string | null {
  if ((PLAN_GROUPS as readonly string[]).includes(value)) return null;
  const items = list(value);
  const known = items.length > 0 && items.every((item) => (PLANS as readonly string[]).includes(item));
  return known
    ? null
    : `--plans: '${value}' is not one of ${PLAN_GROUPS.join(', ')}, nor plans among ${PLANS.join(', ')} separated by commas`;
}

/** Why the options are not ones an event can take, in one line naming the allowed values; null when they are. */
export function draftOptionsProblem(options: DraftOptions): string | null {
  const outside = (name: Exclude<keyof typeof DRAFT_VALUES, 'plans'>, values: readonly string[]) => {
    const allowed: readonly string[] = DRAFT_VALUES[name];
    const wrong = values.filter((value) => !allowed.includes(value));
    return wrong.length === 0
      ? null
      : `--${name}: '${wrong.join(', ')}' is not one of ${allowed.join(', ')}`;
  };
  const { kind, status, allocation, plans, windows } = options;
  const problems = [
    kind === undefined ? null : outside('kind', [kind]),
    status === undefined ? null : outside('status', [status]),
    allocation === undefined ? null : outside('allocation', [allocation]),
    plans === undefined ? null : plansProblem(plans),
    windows === undefined
      ? null
      : list(windows).length === 0
        ? `--windows: give windows among ${WINDOWS.join(', ')}`
        : outside('windows', list(windows)),
  ];
  return problems.find((problem) => problem) ?? null;
}

/** The audience scope its plans imply: everyone or all paid plans is broad, a list of plans limited. */
function scopeOf(plans: string | readonly string[]): string {
  if (plans === 'all' || plans === 'subscribers') return 'broad';
  return plans === 'unspecified' ? 'unspecified' : 'limited';
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
  details: PostDetails = { authorName: null, text: null },
): Record<string, unknown> {
  const url = new URL(postUrl);
  const post = parsePostUrl(postUrl);
  if (!post) throw new Error(`${postUrl} is on X or Bluesky but is not a post URL`);
  const at = decodePostTime(post);
  const day = new Date(at ?? now).toISOString().slice(0, 10);
  const handle = handleOf(url, post.platform);
  const account = sources.find((source) => source.handle.toLowerCase() === handle.toLowerCase());
  const social = post.platform !== 'other';
  const plans =
    options.plans === undefined
      ? undefined
      : (PLAN_GROUPS as readonly string[]).includes(options.plans)
        ? options.plans
        : list(options.plans);
  const displayName = account?.display_name ?? details.authorName;
  const excerpt = details.text === null ? null : excerptOf(details.text);
  const audience =
    plans === undefined && options.audience === undefined
      ? undefined
      : {
          ...(plans === undefined ? {} : { scope: scopeOf(plans) }),
          ...(options.audience === undefined ? {} : { statement: options.audience }),
          ...(plans === undefined ? {} : { plans }),
        };
  const event: Record<string, unknown> = {
    id: `${day}-${slugOf(options.title ?? 'new-event')}`,
    ...(options.kind === undefined ? {} : { kind: options.kind }),
    ...(options.status === undefined ? {} : { event_status: options.status }),
    ...(options.title === undefined ? {} : { title: options.title }),
    ...(options.summary === undefined ? {} : { summary: options.summary }),
    time_precision: at === null ? 'date' : 'exact',
    ...(at === null ? { announced_on: day } : { announced_at: new Date(at).toISOString() }),
    ...(options.allocation === undefined ? {} : { allocation: options.allocation }),
    ...(audience === undefined ? {} : { audience }),
    ...(options.windows === undefined ? {} : { windows: list(options.windows) }),
    sources: [
      {
        url: postUrl,
        handle: account?.handle ?? handle,
        ...(displayName === null || displayName === undefined ? {} : { display_name: displayName }),
        role: 'original',
        kind: social ? 'social_post' : 'web_page',
        ...(excerpt === null ? {} : { excerpt }),
      },
    ],
    first_published_at: curatorTime(now),
    revised_at: curatorTime(now),
    revision: 1,
    related_event_ids: [],
  };
  return event;
}
