import type { PublishedContent } from '../catalog.js';
import type { SourceAccount } from '../schemas/index.js';
import type { CollectionFile, FreshnessEntry } from './files.js';
import { CollectionFile as CollectionSchema, EventFile, SourcesFile } from './files.js';
import { CONTENT_LIMITS } from '../schemas/limits.js';
import type { PublishedEvent } from './events.js';
import { checkInvalidEvent, publishEvent } from './events.js';
import type { EventTranslations } from './translations.js';
import { currentTranslations } from './translations.js';
import type { ContentProblem } from './problems.js';
import { fromZodError } from './problems.js';
import { checkControlCharacters } from './control-characters.js';
import { computeRevision, revisionSteps } from './revision.js';
import type { Steps } from '../steps.js';
import { ITEMS_PER_STEP, runSteps } from '../steps.js';

/** One file's raw JSON (its path relative to the content folder). */
interface RawFile {
  readonly file: string;
  readonly data: unknown;
}

/** The raw JSON of a content folder, file by file. */
export interface RawContent {
  readonly collection: RawFile;
  readonly sources: RawFile;
  readonly events: readonly RawFile[];
  /** Problems found while reading (missing files, bad JSON), reported along with the rest. */
  readonly readProblems?: readonly ContentProblem[];
}

/**
 * The same, with the event files read one at a time as validation iterates them. `readProblems` may
 * grow during that iteration: it is read once every event file has been seen.
 */
export interface ContentReader extends Omit<RawContent, 'events'> {
  readonly events: Iterable<RawFile>;
}

/** The parts that do not depend on events; enough to serve the sources directory on their own. */
export interface DirectoryContent {
  readonly revision: string;
  readonly collection: CollectionFile;
  readonly sources: readonly SourceAccount[];
}

/**
 * Warnings (a stale translation) never stop a set loading: `content:check` prints them either way.
 */
export type ValidationResult =
  | { readonly ok: true; readonly content: PublishedContent; readonly warnings: readonly ContentProblem[] }
  | {
      readonly ok: false;
      readonly problems: readonly ContentProblem[];
      readonly warnings: readonly ContentProblem[];
      /** Set when the collection and sources files are valid although the events are not. */
      readonly directory: DirectoryContent | null;
    };

const byId = <T extends { id: string }>(a: T, b: T) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** Validates a whole content set and reports every problem at once, not just the first. */
export function validateContent(raw: ContentReader): ValidationResult {
  return runSteps(validateSteps(raw));
}

/** `validateContent`, yielding between slices of event files (see domain/steps.ts). */
export function* validateSteps(raw: ContentReader): Steps<ValidationResult> {
  const problems: ContentProblem[] = [];
  const warnings: ContentProblem[] = [];

  // A file that could not be read (data undefined) is already reported; do not report it twice.
  const collection = CollectionSchema.safeParse(raw.collection.data);
  if (!collection.success && raw.collection.data !== undefined) {
    problems.push(...fromZodError(raw.collection.file, collection.error, raw.collection.data));
  }
  const sourcesFile = SourcesFile.safeParse(raw.sources.data);
  if (!sourcesFile.success && raw.sources.data !== undefined) {
    problems.push(...fromZodError(raw.sources.file, sourcesFile.error, raw.sources.data));
  }
  checkControlCharacters(raw.collection.file, raw.collection.data, problems);
  checkControlCharacters(raw.sources.file, raw.sources.data, problems);
  // Sources keep the curator's order: it is the published order of the directory.
  const sources = sourcesFile.success ? sourcesFile.data.sources : null;
  if (sourcesFile.success) checkUniqueIds(raw.sources.file, sourcesFile.data.sources, 'sources', problems);
  const directoryProblems = problems.length;

  const events: PublishedEvent[] = [];
  const translations: Record<string, EventTranslations> = {};
  const ends: Record<string, string> = {};
  const coverageStart = collection.success ? collection.data.coverage_start : null;
  // References resolve against every event file that declares an id, valid or not: one broken event
  // must not make every reference to it look dangling as well.
  const fileById = new Map<string, string>();
  const references: { file: string; ids: readonly string[] }[] = [];
  let eventFiles = 0;
  const dateOnlyPerDay = new Map<string, number>();
  for (const { file, data } of raw.events) {
    eventFiles += 1;
    if (eventFiles % ITEMS_PER_STEP === 0) yield;
    checkControlCharacters(file, data, problems);
    const parsed = EventFile.safeParse(data);
    let fields: Partial<EventFile>;
    if (parsed.success) {
      fields = parsed.data;
      const event = publishEvent(parsed.data, { file, coverageStart }, problems, warnings);
      if (event) events.push(event);
      const current = event && currentTranslations(parsed.data);
      if (current) translations[event.id] = current;
      if (event && parsed.data.ends_at) ends[event.id] = parsed.data.ends_at;
      const day = parsed.data.time_precision === 'date' ? parsed.data.announced_on : null;
      if (day) {
        // Bounds `latest_ambiguous` (every date-only event of the newest day, and one exact one).
        const count = (dateOnlyPerDay.get(day) ?? 0) + 1;
        dateOnlyPerDay.set(day, count);
        if (count === CONTENT_LIMITS.dateOnlyEventsPerDay + 1) {
          problems.push({ file, path: 'announced_on', rule: `at most ${CONTENT_LIMITS.dateOnlyEventsPerDay} date-only events may share a day (${day} has more)` });
        }
      }
    } else {
      problems.push(...fromZodError(file, parsed.error, data));
      fields = checkInvalidEvent(data, { file, coverageStart }, problems, warnings);
    }
    // A valid id only: an id that failed its schema is reported once, by the schema.
    const first = fields.id === undefined ? undefined : fileById.get(fields.id);
    if (first !== undefined) problems.push({ file, path: 'id', rule: `id "${fields.id}" is used more than once (also by ${first})` });
    const id = declaredId(data);
    if (id !== null && !fileById.has(id)) fileById.set(id, file);
    if (fields.related_event_ids?.length) references.push({ file, ids: fields.related_event_ids });
  }
  // Read problems are complete once every event file has been read; they are reported first.
  problems.unshift(...(raw.readProblems ?? []));
  if (eventFiles === 0 && !problems.some((problem) => problem.file.startsWith('events/'))) {
    problems.push({ file: 'events/', path: '', rule: 'must hold at least one event file' });
  }
  for (const { file, ids } of references) {
    ids.forEach((id, index) => {
      if (!fileById.has(id)) problems.push({ file, path: `related_event_ids[${index}]`, rule: `no event has id "${id}"` });
    });
  }

  if (collection.success) {
    checkFreshness(raw.collection.file, collection.data.freshness ?? [], events, fileById, problems);
    checkMaterialUntil(raw.collection.file, collection.data, problems);
  }

  const directory =
    collection.success && sources && directoryProblems === 0
      ? { revision: computeRevision({ collection: collection.data, sources }), collection: collection.data, sources }
      : null;
  if (problems.length > 0 || !directory) return { ok: false, problems, warnings, directory };

  const published = events.sort(byId);
  // Sorted by id like the events, and left out when empty: a set without translations keeps its revision.
  const shown = Object.keys(translations).length === 0 ? undefined : sortedById(translations);
  const ending = Object.keys(ends).length === 0 ? undefined : sortedById(ends);
  yield;
  const revision = yield* revisionSteps({
    collection: directory.collection,
    sources: directory.sources,
    events: published,
    translations: shown,
    ends: ending,
  });
  return {
    ok: true,
    warnings,
    content: {
      revision,
      collection: directory.collection,
      sources: directory.sources,
      events: published,
      ...(shown ? { translations: shown } : {}),
      ...(ending ? { ends: ending } : {}),
    },
  };
}

/**
 * Each freshness measurement names an event of the set, and keeps the order of things: the lead is
 * seen before the event is published, and the first alert is delivered after it.
 */
function checkFreshness(
  file: string,
  entries: readonly FreshnessEntry[],
  events: readonly PublishedEvent[],
  fileById: ReadonlyMap<string, string>,
  problems: ContentProblem[],
): void {
  const byId = new Map(events.map((event) => [event.id, event]));
  entries.forEach((entry, index) => {
    const path = `freshness[${index}]`;
    if (!fileById.has(entry.event_id)) {
      problems.push({ file, path: `${path}.event_id`, rule: `no event has id "${entry.event_id}"` });
      return;
    }
    const event = byId.get(entry.event_id);
    if (!event) return;
    if (Date.parse(entry.lead_seen_at) > Date.parse(event.first_published_at))
      problems.push({ file, path: `${path}.lead_seen_at`, rule: `must not be after the event's first_published_at (${event.first_published_at})` });
    if (entry.first_alert_at && Date.parse(entry.first_alert_at) < Date.parse(event.first_published_at))
      problems.push({ file, path: `${path}.first_alert_at`, rule: `must not be before the event's first_published_at (${event.first_published_at})` });
  });
}

/**
 * How far the material read reaches: not before the collection's first day, and not after the day of
 * the review that read it.
 */
function checkMaterialUntil(file: string, collection: CollectionFile, problems: ContentProblem[]): void {
  const until = collection.material_until;
  if (until == null) return;
  if (until < collection.coverage_start)
    problems.push({ file, path: 'material_until', rule: `must not be before coverage_start (${collection.coverage_start})` });
  const reviewed = collection.editorial_reviewed_at.slice(0, 10);
  if (until > reviewed)
    problems.push({ file, path: 'material_until', rule: `must not be after the day of editorial_reviewed_at (${reviewed})` });
}

function checkUniqueIds(
  file: string,
  records: readonly { id: string }[],
  path: string,
  problems: ContentProblem[],
): void {
  const seen = new Set<string>();
  for (const { id } of records) {
    if (seen.has(id)) problems.push({ file, path, rule: `id "${id}" is used more than once` });
    seen.add(id);
  }
}

function sortedById<T>(records: Readonly<Record<string, T>>): Record<string, T> {
  return Object.fromEntries(Object.keys(records).sort().map((id) => [id, records[id]!]));
}

function declaredId(data: unknown): string | null {
  if (data === null || typeof data !== 'object' || !('id' in data)) return null;
  return typeof data.id === 'string' ? data.id : null;
}
