import type { CollectionFile } from './content/files.js';
import type { FilterSet } from './filters.js';
import { filterKey, isQualifying, matchesFilters } from './filters.js';
import type { IndexedEvent } from './order.js';
import { indexEvent, sortAscending } from './order.js';
import type { SourceAccount } from './schemas/index.js';
import { PublishedRecord, ResetSummary } from './schemas/index.js';
import type { EndsById, PublishedEvent } from './content/events.js';
import type { EventTranslation, EventTranslations, TranslationsById } from './content/translations.js';
import { AUDIENCE_FILTERS, WINDOW_FILTERS } from './schemas/index.js';
import type { BaseStats, Latest } from './stats.js';
import { computeBaseStats, findAnnouncedReset, findLatest } from './stats.js';
import type { Steps } from './steps.js';
import { ITEMS_PER_STEP, runSteps } from './steps.js';

/** A validated content set, as the loader returns it: events carry everything but their `url`. */
export interface PublishedContent {
  readonly revision: string;
  readonly collection: CollectionFile;
  readonly sources: readonly SourceAccount[];
  readonly events: readonly PublishedEvent[];
  /**
   * The pages' translations of events made from their current revision, by event id. Left out when
   * there are none (and by a stored set from before translations existed).
   */
  readonly translations?: TranslationsById;
  /** When each event that states an end ends, by event id; left out when none does. */
  readonly ends?: EndsById;
}

/** What one filter combination needs to answer any request, computed once per content load. */
export interface FilterView {
  readonly filters: FilterSet;
  /** Qualifying events matching the filters, ascending by (sort key, id). */
  readonly ascending: readonly IndexedEvent[];
  readonly latest: Latest;
  readonly stats: BaseStats;
  readonly announced: ResetSummary | null;
}

export interface Catalog {
  readonly revision: string;
  readonly collection: CollectionFile;
  readonly sources: readonly SourceAccount[];
  /** Every event of any kind and status, ascending by (sort key, id). */
  readonly events: readonly IndexedEvent[];
  readonly byId: ReadonlyMap<string, ResetSummary>;
  /** The pages' translations by event id; never part of a published record. */
  readonly translations: ReadonlyMap<string, EventTranslations>;
  /** The stated end (`ends_at`) of each event that has one; never part of a published record. */
  readonly ends: ReadonlyMap<string, string>;
  readonly views: ReadonlyMap<string, FilterView>;
}

export interface CatalogOptions {
  /** Public base URL of the site, without a trailing slash; event `url`s live under it. */
  readonly origin: string;
}

/** An event's page on the site, without the base URL: `/events/{id}`. */
export function eventPath(id: string): string {
  return `/events/${encodeURIComponent(id)}`;
}

function eventUrl(origin: string, id: string): string {
  return `${origin}${eventPath(id)}`;
}

/** Builds every filter combination's ordered list and stats up front, so requests only look up. */
export function buildCatalog(content: PublishedContent, options: CatalogOptions): Catalog {
  return runSteps(catalogSteps(content, options));
}

/** `buildCatalog`, yielding between slices of events and between filter views (see domain/steps.ts). */
export function* catalogSteps(content: PublishedContent, options: CatalogOptions): Steps<Catalog> {
  const origin = options.origin.replace(/\/+$/, '');
  const indexed: IndexedEvent[] = [];
  for (const event of content.events) {
    indexed.push(indexEvent(deepFreeze(withUrl(event, eventUrl(origin, event.id)))));
    if (indexed.length % ITEMS_PER_STEP === 0) yield;
  }
  const events = sortAscending(indexed);
  yield;
  const qualifying = events.filter((event) => isQualifying(event.record));
  const views = new Map<string, FilterView>();
  for (const audience of AUDIENCE_FILTERS) {
    for (const window of WINDOW_FILTERS) {
      const filters = { audience, window };
      const ascending: IndexedEvent[] = [];
      for (let i = 0; i < qualifying.length; i += 1) {
        const event = qualifying[i]!;
        if (matchesFilters(event.record, filters)) ascending.push(event);
        if (i % (ITEMS_PER_STEP * 10) === 0) yield;
      }
      const latest = findLatest(ascending);
      yield;
      views.set(filterKey(filters), {
        filters,
        ascending,
        latest,
        stats: computeBaseStats(ascending, latest),
        announced: findAnnouncedReset(events, filters),
      });
    }
  }
  return {
    revision: content.revision,
    collection: content.collection,
    sources: content.sources,
    events,
    byId: new Map(events.map((event) => [event.record.id, event.record])),
    translations: new Map(Object.entries(deepFreeze(content.translations ?? {}))),
    ends: new Map(Object.entries(content.ends ?? {})),
    views,
  };
}

/**
 * Checks every record of the catalog in full, as a response would (PublishedRecord, which remembers
 * each frozen record it passed), so that cache misses after a load name records by identity instead of
 * the first miss to carry a record paying for its check. Stops early once `stillServed` says the
 * catalog was replaced; returns how many records passed.
 */
export function* recordCheckSteps(catalog: Catalog, stillServed: () => boolean): Steps<number> {
  let passed = 0;
  for (let i = 0; i < catalog.events.length; i += 1) {
    if (i % ITEMS_PER_STEP === 0) {
      yield;
      if (!stillServed()) return passed;
    }
    if (PublishedRecord.safeParse(catalog.events[i]!.record).success) passed += 1;
  }
  return passed;
}

/** An event's translation into a page language, made from its current revision; null for none. */
export function translationOf(catalog: Catalog, id: string, language: string): EventTranslation | null {
  const translations = catalog.translations.get(id);
  if (!translations || !Object.hasOwn(translations, language)) return null;
  return translations[language as keyof EventTranslations] ?? null;
}

/**
 * A published record never changes within its revision. Frozen, whatever serves it may rely on that:
 * the API validates each record in full once per revision (PublishedRecord) and serializes it once.
 */
export function deepFreeze<T>(value: T): T {
  if (value === null || typeof value !== 'object' || Object.isFrozen(value)) return value;
  for (const inner of Object.values(value)) deepFreeze(inner);
  return Object.freeze(value);
}

/** The published record's keys, in the order of its schema (docs/api-contract.md §2.1). */
const RECORD_KEYS = Object.keys(ResetSummary.shape) as (keyof ResetSummary)[];

/**
 * The published record of an event: the fields content validation derived (domain/content/events.ts)
 * and its address on this site, in the schema's key order. Every record is built by the same sequence
 * of stores, so all of them share one object shape.
 */
function withUrl(event: PublishedEvent, url: string): ResetSummary {
  const record: Record<string, unknown> = {};
  for (const key of RECORD_KEYS) record[key] = key === 'url' ? url : event[key];
  return record as ResetSummary;
}

export function viewFor(catalog: Catalog, filters: FilterSet): FilterView {
  const view = catalog.views.get(filterKey(filters));
  if (!view) throw new Error(`no view for filters ${filterKey(filters)}`);
  return view;
}
