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
