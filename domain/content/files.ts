import { z } from 'zod';
import {
  Allocation,
  EventKind,
  EventStatus,
  Plan,
  PlanGroup,
  TRANSLATION_LANGUAGES,
  TimePrecision,
} from '../schemas/enums.js';
import type { TranslationLanguage } from '../schemas/enums.js';
import { Audience, Correction, ResetSummary, SourceEntry } from '../schemas/event.js';
import { SourceAccount } from '../schemas/api.js';
import { CONTENT_LIMITS, CalendarDate, Slug, UtcDateTime, text } from '../schemas/limits.js';

/*
 * The shapes of the files a curator edits (see content/README.md). They differ from the published
 * record only where a value is derived: `url` and `utc_day` are never written, `announced_at` and
 * `posted_at` may be left out when the post id encodes them, and null fields may be omitted. Every
 * field and bound is the published schema's own (`domain/schemas/`), so no bound is written twice.
 */

/** The bounds, with the field builders, live with the schemas: `domain/schemas/limits.ts`. */
export { CONTENT_LIMITS } from '../schemas/limits.js';

const unique = <T>(items: readonly T[]) => new Set(items).size === items.length;
const { shape: event } = ResetSummary;

const AudienceFile = Audience.extend({
  // Without its own message a failed union reports only "Invalid input", which names no rule.
  plans: z.union([PlanGroup, Audience.shape.plans.options[1].refine(unique, 'plans must not repeat')], {
    error: `must be "all", "subscribers", "unspecified" or a list of plans (${Plan.options.join(', ')})`,
  }),
  exclusions: Audience.shape.exclusions.unwrap().nullish(),
});

const SourceEntryFile = SourceEntry.extend({
  posted_at: UtcDateTime.nullish(),
  excerpt: SourceEntry.shape.excerpt.unwrap().nullish(),
});

/**
 * One language's translation of an event's editorial text, and the event revision it was made from
 * (content/README.md §4). Bounded like the English fields. `statement` translates `audience.statement`,
 * which every event has; `effective_note` is there exactly when the event has one (a rule checks it).
 */
const EventTranslationFile = z.strictObject({
  revision: event.revision,
  title: event.title,
  summary: event.summary,
  effective_note: event.effective_note.unwrap().optional(),
  statement: Audience.shape.statement,
});

/** Translations by page language; each language at most once, every one optional. */
const EventTranslationsFile = z.strictObject(
  Object.fromEntries(TRANSLATION_LANGUAGES.map((language) => [language, EventTranslationFile.optional()])) as Record<
    TranslationLanguage,
    z.ZodOptional<typeof EventTranslationFile>
  >,
);

export const EventFile = z.strictObject({
  id: Slug,
  kind: EventKind,
  event_status: EventStatus,
  title: event.title,
  summary: event.summary,
  time_precision: TimePrecision,
  announced_at: UtcDateTime.nullish(),
  announced_on: CalendarDate.nullish(),
  effective_at: UtcDateTime.nullish(),
  effective_note: event.effective_note.unwrap().nullish(),
  /**
   * When an increase, promotion or credit ends, as the provider stated it: an instant, or a date
   * when only the day is stated. Not part of the published record (the API's objects stay closed):
   * `/data/events.json` and the calendar carry it.
   */
  ends_at: z.union([UtcDateTime, CalendarDate], { error: 'must be a UTC date-time or a date (YYYY-MM-DD)' }).nullish(),
  allocation: Allocation,
  audience: AudienceFile,
  windows: event.windows
    .refine(unique, 'windows must not repeat')
    .refine((w) => !w.includes('unspecified') || w.length === 1, '"unspecified" must stand alone'),
  sources: z.array(SourceEntryFile).min(1).max(CONTENT_LIMITS.sourcesPerEvent),
  first_published_at: UtcDateTime,
  revised_at: UtcDateTime,
  revision: event.revision,
  correction: Correction.nullish(),
  related_event_ids: event.related_event_ids
    .refine(unique, 'related_event_ids must not repeat')
    .default([]),
  translations: EventTranslationsFile.optional(),
});

export const SourcesFile = z.strictObject({
  sources: z.array(SourceAccount).max(CONTENT_LIMITS.accounts),
});

/**
 * How fast an event published from a lead reached the record (docs/curating.md, "Freshness"): when
 * the lead was seen (`content:new --lead` writes it) and when its first alert was delivered
 * (`npm run leads -- freshness` fills it in). The post's time and the publication's are the event's.
 */
export const FreshnessEntry = z.strictObject({
  event_id: Slug,
  lead_seen_at: UtcDateTime,
  first_alert_at: UtcDateTime.nullish(),
});

export const CollectionFile = z.strictObject({
  coverage_start: CalendarDate,
  editorial_reviewed_at: UtcDateTime,
  /**
   * The last UTC day the material the research read reaches (docs/record/SWEEP.md): "nothing after
   * it" is a statement about that material. Shown beside every "how long ago".
   */
  material_until: CalendarDate.nullish(),
  /** Shown on every data page of the site, e.g. that the set is demonstration data. */
  notice: text(CONTENT_LIMITS.note).nullish(),
  freshness: z
    .array(FreshnessEntry)
    .max(CONTENT_LIMITS.freshness)
    .refine((entries) => unique(entries.map((entry) => entry.event_id)), 'an event is measured once')
    .optional(),
});

export type EventFile = z.infer<typeof EventFile>;
type EventTranslationFile = z.infer<typeof EventTranslationFile>;
export type SourcesFile = z.infer<typeof SourcesFile>;
export type CollectionFile = z.infer<typeof CollectionFile>;
export type FreshnessEntry = z.infer<typeof FreshnessEntry>;
