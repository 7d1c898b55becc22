export const DAY_MS = 86_400_000;
/** The step of `days_since_last`: status bodies, and the cache keys that hold them, move by the minute. */
export const MINUTE_MS = 60_000;

/** `YYYY-MM-DD` of the UTC day holding the instant. */
export function utcDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** Start of a `YYYY-MM-DD` UTC day, in epoch milliseconds. */
export function dayStart(day: string): number {
  return Date.parse(`${day}T00:00:00.000Z`);
}

export function dayEnd(day: string): number {
  return dayStart(day) + DAY_MS - 1;
}

export function toIso(ms: number): string {
  return new Date(ms).toISOString();
}

/** The span a provider's post or page may be dated in: a date outside it (year 10000) is none. */
const PLAUSIBLE_FROM = Date.UTC(2000, 0, 1);
const PLAUSIBLE_UNTIL = Date.UTC(2100, 0, 1);

/** `ms` when it is a time a provider may have posted at, else null. */
export function plausibleTime(ms: number | null): number | null {
  return ms !== null && Number.isFinite(ms) && ms >= PLAUSIBLE_FROM && ms < PLAUSIBLE_UNTIL ? ms : null;
}
