import { TRANSLATION_LANGUAGES } from '../schemas/enums.js';
import { toIso, utcDay } from '../time.js';
import type { EventFile } from './files.js';
import type { ContentProblem } from './problems.js';
import type { SourcePosts } from './source-posts.js';

/** An event file's fields, with its sources' post ids read (`posts`, valid when `sources` is). */
export type CheckedEvent = EventFile & { readonly posts: SourcePosts };
export type CheckedField = keyof CheckedEvent;

export interface RuleContext {
  readonly file: string;
  /** From collection.json; `null` when that file is invalid. */
  readonly coverageStart: string | null;
  readonly report: (path: string, rule: string) => void;
  /** Something worth fixing that does not stop the content loading (a stale translation). */
  readonly warn: (path: string, rule: string) => void;
}

/**
 * A rule a schema cannot express. It names the fields it reads, so that it can run on an event
 * whose other fields failed their schema, and never on a field whose schema problem is reported.
 */
interface EventRule {
  readonly needs: readonly CheckedField[];
  readonly check: (event: CheckedEvent, context: RuleContext) => void;
}

// Typed by `needs`: a rule that reads a field it does not name does not compile.
const rule = <K extends CheckedField>(
  needs: readonly K[],
  check: (event: Pick<CheckedEvent, K>, context: RuleContext) => void,
): EventRule => ({ needs, check });

const SECOND = 1000;
/** The kinds whose change can have an end the provider states (content/README.md §4, `ends_at`). */
const ENDING_KINDS: ReadonlySet<string> = new Set(['limit_increase', 'credit', 'policy_change']);
const isDay = (value: string) => value.length === 10;
const sameSecond = (a: number, b: number) => Math.floor(a / SECOND) === Math.floor(b / SECOND);

/** The published `announced_at`: decoded from the original post id when it encodes one, else as written. */
export function announcedTime(event: Pick<CheckedEvent, 'time_precision' | 'announced_at' | 'posts'>): number | null {
  if (event.time_precision !== 'exact') return null;
  if (event.posts.originalTime !== null) return event.posts.originalTime;
  return event.announced_at == null ? null : Date.parse(event.announced_at);
}

const RULES: readonly EventRule[] = [
  rule(['id'], ({ id }, { file, report }) => {
    const expected = `events/${id}.json`;
    if (file !== expected) report('id', `must match the file name (expected ${expected})`);
  }),
  rule(['posts'], ({ posts }, { report }) => {
    const found = posts.originals.length;
    if (found !== 1) report('sources', `must have exactly one source with role "original" (found ${found})`);
  }),
  rule(['posts'], ({ posts }, { report }) => {
    posts.posts.forEach(({ source, post, time }, index) => {
      const path = `sources[${index}]`;
      if (post === null) report(`${path}.url`, 'must be a post URL with a valid post id on this platform');
      if (time === null) return;
      if (source.kind !== 'social_post') report(`${path}.kind`, 'a post URL must have kind "social_post"');
      if (source.posted_at && !sameSecond(Date.parse(source.posted_at), time)) {
        report(`${path}.posted_at`, `disagrees with the time encoded in the post id (${toIso(time)})`);
      }
    });
  }),
  rule(['time_precision', 'announced_on'], ({ time_precision, announced_on }, { report }) => {
    if (time_precision === 'exact' && announced_on != null) {
      report('announced_on', 'must be absent when time_precision is "exact"');
    }
  }),
  rule(['time_precision', 'announced_at', 'posts'], ({ time_precision, announced_at, posts }, { report }) => {
    if (time_precision !== 'exact') return;
    const { originalTime, originals } = posts;
    if (announced_at == null) {
      if (originalTime === null && originals.length === 1) {
        report('announced_at', 'is required when the original source does not encode its time');
      }
    } else if (originalTime !== null && !sameSecond(Date.parse(announced_at), originalTime)) {
      report('announced_at', `disagrees with the time encoded in the original post id (${toIso(originalTime)})`);
    }
  }),
  rule(['time_precision', 'announced_at'], ({ time_precision, announced_at }, { report }) => {
    if (time_precision === 'date' && announced_at != null) {
      report('announced_at', 'must be absent when time_precision is "date"');
    }
  }),
  rule(['time_precision', 'announced_on'], ({ time_precision, announced_on }, { report }) => {
    if (time_precision === 'date' && announced_on == null) {
      report('announced_on', 'is required when time_precision is "date"');
    }
  }),
  rule(['time_precision', 'posts'], ({ time_precision, posts: { originalTime } }, { report }) => {
    if (time_precision === 'date' && originalTime !== null) {
      report('time_precision', `must be "exact": the original post id encodes its time (${toIso(originalTime)})`);
    }
  }),
  rule(['first_published_at', 'revised_at'], ({ first_published_at, revised_at }, { report }) => {
    if (Date.parse(revised_at) < Date.parse(first_published_at)) {
      report('revised_at', 'must not be before first_published_at');
    }
  }),
  rule(['revision', 'first_published_at', 'revised_at'], ({ revision, first_published_at, revised_at }, { report }) => {
    if (revision === 1 && Date.parse(revised_at) !== Date.parse(first_published_at)) {
      report('revised_at', 'must equal first_published_at while revision is 1 (bump revision when editing)');
    }
  }),
  rule(['event_status', 'correction'], ({ event_status, correction }, { report }) => {
    if (event_status === 'retracted' && correction?.kind !== 'retraction') {
      report('correction', 'a retracted event needs a correction of kind "retraction"');
    }
    if (event_status === 'cancelled' && correction == null) {
      report('correction', 'a cancelled event needs a correction object');
    }
  }),
  rule(['correction', 'first_published_at', 'revised_at'], ({ correction, first_published_at, revised_at }, { report }) => {
    if (correction == null) return;
    const at = Date.parse(correction.at);
    if (at < Date.parse(first_published_at) || at > Date.parse(revised_at)) {
      report('correction.at', 'must lie between first_published_at and revised_at');
    }
  }),
  rule(['kind', 'ends_at'], ({ kind, ends_at }, { report }) => {
    if (ends_at != null && !ENDING_KINDS.has(kind)) {
      report('ends_at', `must be absent on a ${kind}: only an increase, a credit or a policy change ends`);
    }
  }),
  rule(['ends_at', 'effective_at', 'time_precision', 'announced_at', 'announced_on', 'posts'], (event, { report }) => {
    if (event.ends_at == null) return;
    const announced = announcedTime(event);
    const startDay = announced === null ? (event.announced_on ?? null) : utcDay(announced);
    if (isDay(event.ends_at)) {
      const effectiveDay = event.effective_at == null ? null : event.effective_at.slice(0, 10);
      if ((startDay !== null && event.ends_at < startDay) || (effectiveDay !== null && event.ends_at < effectiveDay))
        report('ends_at', 'must not be before the day the event was announced or took effect');
      return;
    }
    const end = Date.parse(event.ends_at);
    if (event.effective_at != null && end <= Date.parse(event.effective_at))
      report('ends_at', `must be after effective_at (${event.effective_at})`);
    else if (announced !== null ? end <= announced : startDay !== null && event.ends_at.slice(0, 10) < startDay)
      report('ends_at', 'must be after the event was announced');
  }),
  rule(['id', 'related_event_ids'], ({ id, related_event_ids }, { report }) => {
    if (related_event_ids.includes(id)) report('related_event_ids', 'must not list the event itself');
  }),
  rule(['time_precision', 'announced_at', 'announced_on', 'posts'], (event, { coverageStart, report }) => {
    if (coverageStart === null) return;
    const time = announcedTime(event);
    const day = time === null ? (event.announced_on ?? null) : utcDay(time);
    if (day !== null && day < coverageStart) {
      report(time === null ? 'announced_on' : 'announced_at', `must not be before coverage_start (${coverageStart})`);
    }
  }),
  rule(['revision', 'effective_note', 'translations'], ({ revision, effective_note, translations }, { report, warn }) => {
    for (const language of TRANSLATION_LANGUAGES) {
      const translation = translations?.[language];
      if (!translation) continue;
      const path = `translations.${language}`;
      if (translation.revision > revision) {
        report(`${path}.revision`, `must not be newer than the event's revision (${revision})`);
      } else if (translation.revision < revision) {
        warn(
          `${path}.revision`,
          `stale: translated from revision ${translation.revision}, the event is at revision ${revision}; its pages show English until the translation is updated`,
        );
      } else if (effective_note == null && translation.effective_note !== undefined) {
        report(`${path}.effective_note`, 'must be absent: the event has no effective_note');
      } else if (effective_note != null && translation.effective_note === undefined) {
        report(`${path}.effective_note`, 'is required: the event has an effective_note');
      }
    }
  }),
];

/**
 * Runs every rule whose fields are all valid (`valid`; `null` when the whole file is), appending
 * what it finds to `problems`, and what only deserves a warning to `warnings`.
 */
export function checkEvent(
  event: CheckedEvent,
  valid: ReadonlySet<CheckedField> | null,
  context: Omit<RuleContext, 'report' | 'warn'>,
  problems: ContentProblem[],
  warnings: ContentProblem[],
): void {
  const { file, coverageStart } = context;
  const report = (path: string, rule: string) => void problems.push({ file, path, rule });
  const warn = (path: string, rule: string) => void warnings.push({ file, path, rule });
  const ruleContext: RuleContext = { file, coverageStart, report, warn };
  for (const { needs, check } of RULES) {
    if (valid === null || needs.every((field) => valid.has(field))) check(event, ruleContext);
  }
}
