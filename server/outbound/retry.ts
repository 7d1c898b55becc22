/**
 * The one retry loop of what the service sends out (browser push, webhooks, email, Telegram): a
 * number of tries, a back-off between them, a `Retry-After` honoured up to a bound. Which answers
 * are tried again is each channel's rule, written where its try is (`tryOnce`), so every rule reads
 * in one place: push and webhooks try again on a 429, a 5xx or a lost connection; email on a relay's
 * 4xx; Telegram only when it cannot have the post (server/alerts/telegram/send-message.ts).
 */

/** How one channel tries: its tries in all and the wait after try `n` (a longer `Retry-After` wins). */
export interface RetryPolicy {
  readonly attempts: number;
  readonly backoffMs: (attempt: number) => number;
  readonly sleep?: (ms: number) => Promise<void>;
}

/**
 * What one try came to: `done`, the result as it stands; or `again`, the result should no try follow,
 * and the least wait before the next (a `Retry-After`).
 */
export type TryOutcome<T> = { readonly done: T } | { readonly again: T; readonly waitMs?: number };

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Seconds or an HTTP date, as RFC 9110 §10.2.3 allows; null when absent or unreadable. */
export function retryAfterMs(value: string | null, now: number): number | null {
  if (value === null) return null;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

/**
 * Tries `tryOnce` (given the try's number, from 1) until it is `done` or the tries run out, waiting
 * the back-off, or longer when the try asks, between them. Resolves with the last try's result.
 */
export async function withRetries<T>(
  policy: RetryPolicy,
  tryOnce: (attempt: number) => Promise<TryOutcome<T>>,
): Promise<T> {
  const sleep = policy.sleep ?? wait;
  for (let attempt = 1; ; attempt += 1) {
    const outcome = await tryOnce(attempt);
    if ('done' in outcome) return outcome.done;
    if (attempt >= policy.attempts) return outcome.again;
    await sleep(Math.max(policy.backoffMs(attempt), outcome.waitMs ?? 0));
  }
}
