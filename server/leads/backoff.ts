/**
 * How long a source waits after its polls failed in a row: its interval doubled per failure, from
 * one minute to six hours, never less than what the site asked for (`Retry-After`).
 */
const FIRST_MS = 60_000;
const LONGEST_MS = 6 * 3_600_000;

export function backoffMs(failures: number, intervalMs: number, retryAfterMs?: number): number {
  const doubled = Math.min(LONGEST_MS, Math.max(FIRST_MS, intervalMs) * 2 ** Math.max(0, failures - 1));
  return Math.max(doubled, retryAfterMs ?? 0);
}
