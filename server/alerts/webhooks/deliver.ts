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
import type { HttpOutcome } from '../channel.js';
import { signedHeaders } from './messages.js';
import type { PostOptions, WebhookAnswer, WebhookFailure } from './post.js';
import { postWebhook } from './post.js';
import type { WebhookTarget } from './target.js';

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

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Seconds or an HTTP date (RFC 9110 §10.2.3); null when absent or unreadable. */
function retryAfterMs(value: string | null, now: number): number | null {
  if (value === null) return null;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
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
  const sleep = options.sleep ?? wait;
  const now = options.now ?? Date.now;
  const goneOn404 = target.kind !== 'generic';
  let last: { status: number | null; reason: string; cause?: WebhookFailure['cause'] | 'answered' } = {
    status: null,
    reason: 'not sent',
  };
  let tried = 0;
  for (let attempt = 1; attempt <= options.attempts; attempt += 1) {
    tried = attempt;
    let delay = attempt < options.attempts ? options.backoffMs(attempt) : 0;
    const result: WebhookAnswer | WebhookFailure = await postWebhook(
      target,
      message.body,
      headersFor(message, options, now()),
      options,
    );
    if (!result.ok) {
      last = { status: null, reason: result.reason, cause: result.cause };
      if (result.cause === 'refused') break;
    } else {
      const { status } = result;
      if (status >= 200 && status < 300) {
        return { kind: 'delivered', status, attempts: attempt, answer: result.body };
      }
      if (status === 410 || (status === 404 && goneOn404)) return { kind: 'gone', status, attempts: attempt };
      last = { status, reason: `the target answered ${status}`, cause: 'answered' };
      if (status !== 429 && status < 500) break;
      const asked = retryAfterMs(result.retryAfter, now());
      if (asked !== null) {
        if (asked > options.maxRetryAfterMs) {
          last = {
            status,
            reason: `the target asked to wait ${Math.ceil(asked / 1000)} s`,
            cause: 'answered',
          };
          break;
        }
        delay = Math.max(delay, asked);
      }
    }
    if (attempt < options.attempts) await sleep(delay);
  }
  const failed = { kind: 'failed', status: last.status, attempts: tried, reason: last.reason } as const;
  return last.cause === undefined ? failed : { ...failed, cause: last.cause };
}
