import type { ResetSummary, SourceEntry } from '../schemas/index.js';
import { toIso, utcDay } from '../time.js';
import type { EventFile } from './files.js';
import { decodePostTime, parsePostUrl } from './post-time.js';
import type { ContentProblem } from './problems.js';

export type PublishedEvent = Omit<ResetSummary, 'url'>;

const SECOND = 1000;
const sameSecond = (a: number, b: number) => Math.floor(a / SECOND) === Math.floor(b / SECOND);

/**
 * Checks one parsed event file against the rules a schema cannot express and derives the published
 * record from it. Problems are appended to `problems`; the record is returned only when there are none.
 */
export function publishEvent(
  file: string,
  event: EventFile,
  problems: ContentProblem[],
): PublishedEvent | null {
  const before = problems.length;
  const report = (path: string, rule: string) => problems.push({ file, path, rule });

  const expectedFile = `events/${event.id}.json`;
  if (file !== expectedFile) report('id', `must match the file name (expected ${expectedFile})`);

  const originals = event.sources.flatMap((source, index) => (source.role === 'original' ? [index] : []));
  if (originals.length !== 1) {
    report('sources', `must have exactly one source with role "original" (found ${originals.length})`);
  }

  const sources: SourceEntry[] = event.sources.map((source, index) => {
    const post = parsePostUrl(source.url);
    const path = `sources[${index}]`;
    if (post === null) {
      report(`${path}.url`, 'must be a post URL with a valid post id on this platform');
      return normalizeSource(source, null);
    }
    const decoded = decodePostTime(post);
    if (decoded !== null && source.kind !== 'social_post') report(`${path}.kind`, 'a post URL must have kind "social_post"');
    if (decoded !== null && source.posted_at && !sameSecond(Date.parse(source.posted_at), decoded)) {
      report(`${path}.posted_at`, `disagrees with the time encoded in the post id (${toIso(decoded)})`);
    }
    return normalizeSource(source, decoded);
  });

  const originalIndex = originals[0];
  const original = originalIndex === undefined ? undefined : event.sources[originalIndex];
  const originalPost = original ? parsePostUrl(original.url) : null;
  const originalTime = originalPost ? decodePostTime(originalPost) : null;

  let announcedAt: number | null = null;
  if (event.time_precision === 'exact') {
    if (event.announced_on != null) report('announced_on', 'must be absent when time_precision is "exact"');
    const stated = event.announced_at == null ? null : Date.parse(event.announced_at);
    if (originalTime !== null) {
      if (stated !== null && !sameSecond(stated, originalTime)) {
        report('announced_at', `disagrees with the time encoded in the original post id (${toIso(originalTime)})`);
      }
      announcedAt = originalTime;
    } else if (stated !== null) {
      announcedAt = stated;
    } else if (originals.length === 1) {
      report('announced_at', 'is required when the original source does not encode its time');
    }
  } else {
    if (event.announced_at != null) report('announced_at', 'must be absent when time_precision is "date"');
    if (event.announced_on == null) report('announced_on', 'is required when time_precision is "date"');
    if (originalTime !== null) {
      report('time_precision', `must be "exact": the original post id encodes its time (${toIso(originalTime)})`);
    }
  }

  const firstPublished = Date.parse(event.first_published_at);
  const revised = Date.parse(event.revised_at);
  if (revised < firstPublished) report('revised_at', 'must not be before first_published_at');
  if (event.revision === 1 && revised !== firstPublished) {
    report('revised_at', 'must equal first_published_at while revision is 1 (bump revision when editing)');
  }

  const correction = event.correction ?? null;
  if (event.event_status === 'retracted' && correction?.kind !== 'retraction') {
    report('correction', 'a retracted event needs a correction of kind "retraction"');
  }
  if (event.event_status === 'cancelled' && correction === null) {
    report('correction', 'a cancelled event needs a correction object');
  }
  if (correction) {
    const at = Date.parse(correction.at);
    if (at < firstPublished || at > revised) {
      report('correction.at', 'must lie between first_published_at and revised_at');
    }
  }
  if (event.related_event_ids.includes(event.id)) report('related_event_ids', 'must not list the event itself');

  if (problems.length > before) return null;
  return {
    id: event.id,
    kind: event.kind,
    event_status: event.event_status,
    title: event.title,
    summary: event.summary,
    time_precision: event.time_precision,
    announced_at: announcedAt === null ? null : toIso(announcedAt),
    announced_on: event.announced_on ?? null,
    utc_day: announcedAt === null ? null : utcDay(announcedAt),
    effective_at: event.effective_at ?? null,
    effective_note: event.effective_note ?? null,
    allocation: event.allocation,
    audience: {
      scope: event.audience.scope,
      statement: event.audience.statement,
      plans: event.audience.plans,
      exclusions: event.audience.exclusions ?? null,
    },
    windows: event.windows,
    sources,
    first_published_at: event.first_published_at,
    revised_at: event.revised_at,
    revision: event.revision,
    correction,
    related_event_ids: event.related_event_ids,
  };
}

function normalizeSource(source: EventFile['sources'][number], decoded: number | null): SourceEntry {
  return {
    url: source.url,
    handle: source.handle,
    display_name: source.display_name,
    role: source.role,
    kind: source.kind,
    posted_at: decoded !== null ? toIso(decoded) : (source.posted_at ?? null),
    excerpt: source.excerpt ?? null,
  };
}
