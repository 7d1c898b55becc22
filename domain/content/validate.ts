import type { PublishedContent } from '../catalog.js';
import type { SourceAccount } from '../schemas/index.js';
import type { CollectionFile } from './files.js';
import { CollectionFile as CollectionSchema, EventFile, SourcesFile } from './files.js';
import type { PublishedEvent } from './events.js';
import { publishEvent } from './events.js';
import type { ContentProblem } from './problems.js';
import { fromZodError } from './problems.js';
import { computeRevision } from './revision.js';

/** The raw JSON of a content folder, file by file (paths relative to the folder). */
export interface RawContent {
  readonly collection: { readonly file: string; readonly data: unknown };
  readonly sources: { readonly file: string; readonly data: unknown };
  readonly events: readonly { readonly file: string; readonly data: unknown }[];
  /** Problems found while reading (missing files, bad JSON), reported along with the rest. */
  readonly readProblems?: readonly ContentProblem[];
}

/** The parts that do not depend on events; enough to serve the sources directory on their own. */
export interface DirectoryContent {
  readonly revision: string;
  readonly collection: CollectionFile;
  readonly sources: readonly SourceAccount[];
}

export type ValidationResult =
  | { readonly ok: true; readonly content: PublishedContent }
  | {
      readonly ok: false;
      readonly problems: readonly ContentProblem[];
      /** Set when the collection and sources files are valid although the events are not. */
      readonly directory: DirectoryContent | null;
    };

const byId = <T extends { id: string }>(a: T, b: T) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** Validates a whole content set and reports every problem at once, not just the first. */
export function validateContent(raw: RawContent): ValidationResult {
  const problems: ContentProblem[] = [...(raw.readProblems ?? [])];

  // A file that could not be read (data undefined) is already reported; do not report it twice.
  const collection = CollectionSchema.safeParse(raw.collection.data);
  if (!collection.success && raw.collection.data !== undefined) {
    problems.push(...fromZodError(raw.collection.file, collection.error));
  }
  const sourcesFile = SourcesFile.safeParse(raw.sources.data);
  if (!sourcesFile.success && raw.sources.data !== undefined) {
    problems.push(...fromZodError(raw.sources.file, sourcesFile.error));
  }
  // Sources keep the curator's order: it is the published order of the directory.
  const sources = sourcesFile.success ? sourcesFile.data.sources : null;
  if (sourcesFile.success) checkUniqueIds(raw.sources.file, sourcesFile.data.sources, 'sources', problems);
  const directoryProblems = problems.length;

  const events: { file: string; event: PublishedEvent }[] = [];
  for (const { file, data } of raw.events) {
    const parsed = EventFile.safeParse(data);
    if (!parsed.success) {
      problems.push(...fromZodError(file, parsed.error));
      continue;
    }
    const event = publishEvent(file, parsed.data, problems);
    if (event) events.push({ file, event });
  }
  if (raw.events.length === 0 && !problems.some((problem) => problem.file.startsWith('events/'))) problems.push({ file: 'events/', path: '', rule: 'must hold at least one event file' });

  checkUniqueIds('events/', events.map(({ event }) => event), 'id', problems);
  // References resolve against every event file that declares an id, valid or not: one broken event
  // must not make every reference to it look dangling as well.
  const ids = new Set(raw.events.flatMap(({ data }) => declaredId(data)));
  for (const { file, event } of events) {
    event.related_event_ids.forEach((id, index) => {
      if (!ids.has(id)) problems.push({ file, path: `related_event_ids[${index}]`, rule: `no event has id "${id}"` });
    });
    if (collection.success) {
      const day = event.utc_day ?? event.announced_on;
      if (day !== null && day < collection.data.coverage_start) {
        problems.push({
          file,
          path: event.utc_day ? 'announced_at' : 'announced_on',
          rule: `must not be before coverage_start (${collection.data.coverage_start})`,
        });
      }
    }
  }

  const directory =
    collection.success && sources && directoryProblems === 0
      ? { revision: computeRevision({ collection: collection.data, sources }), collection: collection.data, sources }
      : null;
  if (problems.length > 0 || !directory) return { ok: false, problems, directory };

  const published = events.map(({ event }) => event).sort(byId);
  return {
    ok: true,
    content: {
      revision: computeRevision({ collection: directory.collection, sources: directory.sources, events: published }),
      collection: directory.collection,
      sources: directory.sources,
      events: published,
    },
  };
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

function declaredId(data: unknown): string[] {
  if (data === null || typeof data !== 'object' || !('id' in data)) return [];
  return typeof data.id === 'string' ? [data.id] : [];
}
