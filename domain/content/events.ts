import type { ResetSummary, SourceEntry } from '../schemas/index.js';
import { toIso, utcDay } from '../time.js';
import type { CheckedEvent, CheckedField, RuleContext } from './event-rules.js';
import { announcedTime, checkEvent } from './event-rules.js';
import { EventFile } from './files.js';
import type { ContentProblem } from './problems.js';
import type { SourcePost } from './source-posts.js';
import { readSourcePosts } from './source-posts.js';

export type PublishedEvent = Omit<ResetSummary, 'url'>;

/** When each event that states an end ends (`ends_at`), by event id: kept beside the records, never in them. */
export type EndsById = Readonly<Record<string, string>>;

type EventContext = Omit<RuleContext, 'report' | 'warn'>;

/**
 * Checks one schema-valid event file against the rules a schema cannot express and derives the
 * published record from it. Problems are appended to `problems`, warnings to `warnings`; the record is
 * returned only when there are no problems.
 */
export function publishEvent(
  event: EventFile,
  context: EventContext,
  problems: ContentProblem[],
  warnings: ContentProblem[],
): PublishedEvent | null {
  const before = problems.length;
  const checked = { ...event, posts: readSourcePosts(event.sources) };
  checkEvent(checked, null, context, problems, warnings);
  if (problems.length > before) return null;
  const announcedAt = announcedTime(checked);
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
    sources: checked.posts.posts.map(normalizeSource),
    first_published_at: event.first_published_at,
    revised_at: event.revised_at,
    revision: event.revision,
    correction: event.correction ?? null,
    related_event_ids: event.related_event_ids,
  };
}

/**
 * Checks an event file that failed its schema: each field is parsed on its own, and every rule whose
 * fields all parsed runs, so the curator sees those problems now rather than after fixing the schema
 * ones. Returns the fields that parsed.
 */
export function checkInvalidEvent(
  data: unknown,
  context: EventContext,
  problems: ContentProblem[],
  warnings: ContentProblem[],
): Partial<EventFile> {
  const fields: Record<string, unknown> = {};
  const valid = new Set<CheckedField>();
  if (data !== null && typeof data === 'object' && !Array.isArray(data)) {
    for (const [key, schema] of Object.entries(EventFile.shape)) {
      const parsed = schema.safeParse((data as Record<string, unknown>)[key]);
      if (parsed.success) {
        fields[key] = parsed.data;
        valid.add(key as CheckedField);
      }
    }
  }
  const event = fields as Partial<EventFile>;
  if (event.sources) {
    fields['posts'] = readSourcePosts(event.sources);
    valid.add('posts');
  }
  // Only the fields in `valid` are read: checkEvent runs a rule only when all it needs are there.
  checkEvent(fields as unknown as CheckedEvent, valid, context, problems, warnings);
  return event;
}

function normalizeSource({ source, time }: SourcePost): SourceEntry {
  return {
    url: source.url,
    handle: source.handle,
    display_name: source.display_name,
    role: source.role,
    kind: source.kind,
    posted_at: time !== null ? toIso(time) : (source.posted_at ?? null),
    excerpt: source.excerpt ?? null,
  };
}
