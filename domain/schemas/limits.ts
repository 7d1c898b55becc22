import { z } from 'zod';

/*
 * Every bound a value of the API has, and the field builders that carry them. The content files a
 * curator edits (`domain/content/files.ts`) and the records the API publishes (`./event.ts`,
 * `./api.ts`) are both built from these, so a bound is written once: the published schema (and the
 * OpenAPI document generated from it) says what the loader enforces.
 */

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
  /** Date-only events on one day: they and one exact event make up `latest_ambiguous`. */
  dateOnlyEventsPerDay: 20,
  /** A slug: an event id, and the last segment of its page's URL. */
  slug: 100,
  /** Freshness measurements kept in `collection.json` (one per event published from a lead). */
  freshness: 5000,
} as const;

/** `YYYY-MM-DD`. */
export const DATE_LENGTH = 10;
/** Fraction digits a date-time may carry: nanoseconds, the finest any clock or platform writes. */
const DATE_TIME_FRACTION_DIGITS = 9;
/** `YYYY-MM-DDTHH:MM:SS.fffffffffZ`: a UTC date-time at its longest. */
export const UTC_DATE_TIME_MAX_LENGTH = 20 + DATE_TIME_FRACTION_DIGITS + 1;
/** `YYYY-MM-DDTHH:MM:SS.fffffffff+HH:MM`: a date-time with an offset at its longest. */
export const DATE_TIME_MAX_LENGTH = 20 + DATE_TIME_FRACTION_DIGITS + 6;

/** The page size of `/api/v1/resets` (docs/api-contract.md §4.2). */
export const PAGE_LIMIT = { min: 1, max: 100, default: 20 } as const;
/** An opaque cursor (docs/product-decisions.md §7). */
export const CURSOR_MAX_LENGTH = 1024;
const CURSOR_PATTERN = /^[A-Za-z0-9_-]+$/;

/**
 * The public origin the service is configured with (`PUBLIC_BASE_URL`). Bounded so that every URL
 * the service builds from it (an event's page, a problem type, a next-page link) has a bound too.
 */
export const BASE_URL_MAX_LENGTH = 1024;

/**
 * The request line and headers Node reads (its default `maxHeaderSize`, 16 KB); past it the request
 * is refused as `request_too_large` (docs/product-decisions.md §3). A parameter name a problem quotes
 * comes from the request target, so it is no longer than this.
 */
export const REQUEST_HEAD_MAX_BYTES = 16 * 1024;
/** A problem's `detail`: its fixed wording (well under 1 KB) plus at most one quoted request value. */
export const PROBLEM_DETAIL_MAX_LENGTH = REQUEST_HEAD_MAX_BYTES + 1024;

/** The content revision: 22 base64url characters of a SHA-256 (`computeRevision`, `domain/content/revision.ts`). */
export const CONTENT_REVISION_LENGTH = 22;
export const ContentRevision = z
  .string()
  .length(CONTENT_REVISION_LENGTH)
  .regex(/^[A-Za-z0-9_-]+$/);

export const INT32_MAX = 2 ** 31 - 1;

/** A 32-bit integer in `[min, max]`; `format: int32` is stated for the OpenAPI document. */
export const int32 = (min: number, max: number = INT32_MAX) =>
  z.int32().min(min).max(max).meta({ format: 'int32' });

/** A non-empty text field of at most `max` characters. */
export const text = (max: number) => z.string().min(1).max(max);

/** An event source's address: https only. */
export const httpsUrl = () => z.url({ protocol: /^https$/ }).max(CONTENT_LIMITS.url);
/** Any absolute URL a curator writes, or the service builds from its base URL. */
export const anyUrl = () => z.url().max(CONTENT_LIMITS.url);

/** An ISO 8601 UTC date-time (`Z`, optional fraction of at most nanoseconds). */
export const UtcDateTime = z.iso.datetime().max(UTC_DATE_TIME_MAX_LENGTH);
/** A calendar date, `YYYY-MM-DD`. */
export const CalendarDate = z.iso.date().max(DATE_LENGTH);
/** An ISO 8601 date-time with `Z` or an offset (`+HH:MM`). */
export const OffsetDateTime = z.iso.datetime({ offset: true }).max(DATE_TIME_MAX_LENGTH);

export const Slug = z
  .string()
  .max(CONTENT_LIMITS.slug)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'must be a URL slug: lowercase letters, digits and single hyphens');

export const Cursor = z.string().min(1).max(CURSOR_MAX_LENGTH).regex(CURSOR_PATTERN);
