/**
 * Delivers one webhook message with retries, as `sendPush` delivers a push message: a time-out, a
 * failed connection, 429 (waiting as long as its Retry-After asks, up to a maximum) and 5xx are
 * tried again after a backoff; 410 says the target is gone (and so does 404 from Discord or Slack,
 * whose deleted webhooks answer it); any other 4xx fails at once, and so does a target whose name
 * resolves to an address that is not public. A 2xx is delivered, with the answer's body, so a
 * verification can check that its challenge was echoed (`echoesChallenge`). A 3xx is not followed:
 * it fails at once like a refusal.
 *
 * Each try is signed anew (`signedHeaders`) with the same message id and the time of that try, so a
 * receiver that drops duplicates by `webhook-id` keeps one, and one that refuses a timestamp more
 * than 5 minutes old takes a late retry.
 */
import { retryAfterMs, withRetries } from '../../outbound/retry.js';
import type { HttpOutcome } from '../channel.js';
import { signedHeaders } from '../../outbound/webhook-signing.js';
import type { PostOptions, WebhookAnswer, WebhookFailure } from '../../outbound/webhook-post.js';
import { postWebhook } from '../../outbound/webhook-post.js';
import type { WebhookTarget } from '../../outbound/webhook-target.js';

/** One message: its id (`webhook-id`, the same on every try) and its JSON body. */
export interface WebhookMessage {
  readonly id: string;
  readonly body: string;
}

export interface DeliverOptions extends PostOptions {
  /** The target's `whsec_` secret; the message is signed with it (generic targets need it). */
  readonly secret: string | null;
  /** Tries in all, the first included. */
  readonly attempts: number;
  /** Milliseconds before try `n + 1` (n from 1), unless a 429's Retry-After asked for longer. */
  readonly backoffMs: (attempt: number) => number;
  /** The longest Retry-After honoured, in milliseconds; a longer one ends the delivery as failed. */
  readonly maxRetryAfterMs: number;
  /** `User-Agent` of every request. */
  readonly userAgent?: string;
  readonly sleep?: (ms: number) => Promise<void>;
  readonly now?: () => number;
}

type Delivered = Extract<HttpOutcome, { kind: 'delivered' }>;
type Failed = Extract<HttpOutcome, { kind: 'failed' }>;

/**
 * `HttpOutcome`, with a delivered message's answer: its body's first bytes (at most
 * `maxAnswerBytes`, UTF-8), for a verification's echo; and a failure's cause (`answered`: the
 * target answered with a status that is no success).
 */
export type WebhookOutcome =
  | Exclude<HttpOutcome, { kind: 'delivered' | 'failed' }>
  | (Delivered & { readonly answer: string })
  | (Failed & { readonly cause?: WebhookFailure['cause'] | 'answered' });

/**
 * What a failure says to whoever registered the URL: the rule that failed, never what the resolver
 * or the network said (which addresses a name has, which hosts answer), so that registering URLs is
 * no way to map the server's network.
 */
export function publicReason(outcome: Extract<WebhookOutcome, { kind: 'failed' }>): string {
  switch (outcome.cause) {
    case 'refused':
    case 'unresolved':
      return 'the host must resolve to public addresses only';
    case 'timeout':
      return 'the URL did not answer in time';
    case 'network':
      return 'the URL could not be reached';
    case 'answered':
    case undefined:
      return outcome.reason;
  }
}

function headersFor(message: WebhookMessage, options: DeliverOptions, now: number): Record<string, string> {
  const headers = options.secret
    ? signedHeaders(options.secret, message.id, Math.floor(now / 1000), message.body)
    : { 'content-type': 'application/json' };
  return options.userAgent ? { ...headers, 'user-agent': options.userAgent } : headers;
}

/** Sends `message` to `target`, trying again as the module says; never throws. */
export async function deliverWebhook(
  target: WebhookTarget,
  message: WebhookMessage,
  options: DeliverOptions,
): Promise<WebhookOutcome> {
  const now = options.now ?? Date.now;
  const goneOn404 = target.kind !== 'generic';
  const failed = (
    attempts: number,
    status: number | null,
    reason: string,
    cause?: WebhookFailure['cause'] | 'answered',
  ): WebhookOutcome => ({ kind: 'failed', status, attempts, reason, ...(cause !== undefined && { cause }) });
  return withRetries<WebhookOutcome>(options, async (attempt) => {
    const result: WebhookAnswer | WebhookFailure = await postWebhook(
      target,
      message.body,
      headersFor(message, options, now()),
      options,
    );
    if (!result.ok) {
      const outcome = failed(attempt, null, result.reason, result.cause);
      return result.cause === 'refused' ? { done: outcome } : { again: outcome };
    }
    const { status } = result;
    if (status >= 200 && status < 300)
      return { done: { kind: 'delivered', status, attempts: attempt, answer: result.body } };
    if (status === 410 || (status === 404 && goneOn404))
      return { done: { kind: 'gone', status, attempts: attempt } };
    const answered = failed(attempt, status, `the target answered ${status}`, 'answered');
    if (status !== 429 && status < 500) return { done: answered };
    const asked = retryAfterMs(result.retryAfter, now());
    if (asked !== null && asked > options.maxRetryAfterMs)
      return {
        done: failed(attempt, status, `the target asked to wait ${Math.ceil(asked / 1000)} s`, 'answered'),
      };
    return { again: answered, ...(asked !== null && { waitMs: asked }) };
  });
}
