import { z } from 'zod';
import {
  Allocation,
  AudienceScope,
  CalendarDate,
  EventKind,
  EventStatus,
  Plan,
  PlanGroup,
  Slug,
  SourceKind,
  SourceRole,
  TimePrecision,
  UtcDateTime,
  Window,
} from '../schemas/enums.js';
import { Correction } from '../schemas/event.js';
import { SourceAccount } from '../schemas/api.js';

/*
 * The shapes of the files a curator edits (see content/README.md). They differ from the published
 * record only where a value is derived: `url` and `utc_day` are never written, `announced_at` and
 * `posted_at` may be left out when the post id encodes them, and null fields may be omitted.
 */

const unique = <T>(items: readonly T[]) => new Set(items).size === items.length;

/**
 * Bounds on what a curator writes (content/README.md §7): a text field or list past them is a
 * mistake (a pasted page, a runaway script), and one such value would swell every page and feed.
 */
export const CONTENT_LIMITS = {
  title: 200,
  summary: 2000,
  statement: 300,
  note: 500,
  name: 100,
  excerpt: 500,
  reason: 1000,
  url: 2048,
  sourcesPerEvent: 20,
  relatedEvents: 50,
  accountText: 1000,
  evidenceUrls: 20,
  accounts: 500,
} as const;

const text = (max: number) => z.string().min(1).max(max);
const httpsUrl = z.url({ protocol: /^https$/ }).max(CONTENT_LIMITS.url);
const anyUrl = z.url().max(CONTENT_LIMITS.url);

export const AudienceFile = z.strictObject({
  scope: AudienceScope,
  statement: text(CONTENT_LIMITS.statement),
  // Without its own message a failed union reports only "Invalid input", which names no rule.
  plans: z.union([PlanGroup, z.array(Plan).min(1).refine(unique, 'plans must not repeat')], {
    error: `must be "all", "subscribers", "unspecified" or a list of plans (${Plan.options.join(', ')})`,
  }),
  exclusions: text(CONTENT_LIMITS.statement).nullish(),
});

export const SourceEntryFile = z.strictObject({
  url: httpsUrl,
  handle: text(CONTENT_LIMITS.name),
  display_name: text(CONTENT_LIMITS.name),
  role: SourceRole,
  kind: SourceKind,
  posted_at: UtcDateTime.nullish(),
  excerpt: text(CONTENT_LIMITS.excerpt).nullish(),
});

export const EventFile = z.strictObject({
  id: Slug,
  kind: EventKind,
  event_status: EventStatus,
  title: text(CONTENT_LIMITS.title),
  summary: text(CONTENT_LIMITS.summary),
  time_precision: TimePrecision,
  announced_at: UtcDateTime.nullish(),
  announced_on: CalendarDate.nullish(),
  effective_at: UtcDateTime.nullish(),
  effective_note: text(CONTENT_LIMITS.note).nullish(),
  allocation: Allocation,
  audience: AudienceFile,
  windows: z
    .array(Window)
    .min(1)
    .refine(unique, 'windows must not repeat')
    .refine((w) => !w.includes('unspecified') || w.length === 1, '"unspecified" must stand alone'),
  sources: z.array(SourceEntryFile).min(1).max(CONTENT_LIMITS.sourcesPerEvent),
  first_published_at: UtcDateTime,
  revised_at: UtcDateTime,
  revision: z.int().min(1),
  correction: Correction.extend({ reason: text(CONTENT_LIMITS.reason) }).nullish(),
  related_event_ids: z
    .array(Slug)
    .max(CONTENT_LIMITS.relatedEvents)
    .refine(unique, 'related_event_ids must not repeat')
    .default([]),
});

const SourceAccountFile = SourceAccount.extend({
  id: text(CONTENT_LIMITS.name),
  handle: text(CONTENT_LIMITS.name),
  display_name: text(CONTENT_LIMITS.name),
  profile_url: anyUrl,
  relevance: text(CONTENT_LIMITS.accountText),
  affiliation_evidence_url: anyUrl,
  affiliation_evidence_note: text(CONTENT_LIMITS.accountText),
  reset_evidence_urls: z.array(anyUrl).max(CONTENT_LIMITS.evidenceUrls),
  verification_method: text(CONTENT_LIMITS.accountText),
  limitations: text(CONTENT_LIMITS.accountText).nullable(),
});

export const SourcesFile = z.strictObject({
  sources: z.array(SourceAccountFile).max(CONTENT_LIMITS.accounts),
});

export const CollectionFile = z.strictObject({
  coverage_start: CalendarDate,
  editorial_reviewed_at: UtcDateTime,
  /** Shown on every data page of the site, e.g. that the set is demonstration data. */
  notice: text(CONTENT_LIMITS.note).nullish(),
});

export type EventFile = z.infer<typeof EventFile>;
export type SourcesFile = z.infer<typeof SourcesFile>;
export type CollectionFile = z.infer<typeof CollectionFile>;
