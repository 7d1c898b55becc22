import type { Logger } from 'pino';
import { HttpProblem } from '../../http/http-problem.js';
import { makeProblem } from '../../http/problem-types.js';
import { en } from '../../site/i18n/en.js';
import { subscriptionLabel } from './channel.js';
import type { HttpOutcome } from '../channel.js';
import type { PushTarget, Vapid } from './send.js';
import { sendPush } from './send.js';
import { OnceAMinute } from '../once-a-minute.js';

/**
 * The message a browser subscription gets before it is stored (docs/product-decisions.md §15,
 * "Subscribing"): a push service that takes it (2xx) has shown that the endpoint is one it issued,
 * for keys the crypto can encrypt to; nothing else is stored. The service worker shows it as a
 * notification (browsers require every push to show one), worded in the page's language from the
 * words the page kept, and a click opens the page alerts were turned on from.
 */
export interface WelcomePayload {
  /** What tells it from an alert (whose payload has a `reason` and no `kind`). */
  readonly kind: 'welcome';
  readonly title: string;
  readonly body: string;
  /** Opened on a click when the service worker kept no page of its own: the alerts page. */
  readonly url: string;
  /** A second welcome replaces the first on the device. */
  readonly tag: string;
}

export const WELCOME_TAG = 'alerts-welcome';

/** The welcome in English, the server's own text (a page in another language keeps its words). */
export function welcomePayload(origin: string): WelcomePayload {
  const words = en.alerts.notification.welcome;
  return {
    kind: 'welcome',
    title: words.title,
    body: words.body,
    url: `${origin}/alerts`,
    tag: WELCOME_TAG,
  };
}

/**
 * One try, while the request waits: `timeoutMs` without progress ends it (send.ts), and `totalMs` in
 * all answers the request whatever the connection is still doing. A short TTL: the browser that
 * asked is online now, and a welcome delivered hours later would say nothing new.
 */
export const WELCOME_LIMITS = { ttlSeconds: 300, timeoutMs: 5000, totalMs: 8000, retryAfterSeconds: 60 };

export type WelcomeLimits = typeof WELCOME_LIMITS;

/**
 * The reason of a welcome sent whole whose push service did not answer in time: it may have taken
 * the message, and a real one may deliver it though its connection is gone.
 */
export const SENT_UNANSWERED = 'timed out after the message was sent';

/** Sends the welcome to one subscription; what became of it, never a rejection. */
export type WelcomeSender = (target: PushTarget) => Promise<HttpOutcome>;

/**
 * The welcome as send.ts sends every message: aes128gcm, VAPID, the address checks (an https push
 * service must resolve to public addresses only). A new connection each time: welcomes are one per
 * new subscription, and a connection kept open would outlive the request with nothing to close it.
 *
 * The welcome and the answer agree: when `totalMs` passes, the send is aborted where it stands (no
 * request begun after it, the one in flight destroyed), so no answer of the push service after the
 * refusal can deliver a welcome to a subscription that is not stored; a status line before it
 * decides (send.ts `post`). A welcome written whole before the abort is answered `SENT_UNANSWERED`.
 */
export function welcomeSender(
  vapid: Vapid,
  payload: WelcomePayload,
  limits: WelcomeLimits = WELCOME_LIMITS,
): WelcomeSender {
  const text = JSON.stringify(payload);
  return async (target) => {
    const limit = new AbortController();
    let written = false;
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<HttpOutcome>((resolve) => {
      timer = setTimeout(() => {
        limit.abort();
        resolve({ kind: 'failed', status: null, attempts: 1, reason: 'timed out' });
      }, limits.totalMs);
    });
    try {
      const outcome = await Promise.race([
        sendPush(target, text, {
          vapid,
          ttlSeconds: limits.ttlSeconds,
          urgency: 'normal',
          attempts: 1,
          backoffMs: () => 0,
          maxRetryAfterMs: 0,
          timeoutMs: limits.timeoutMs,
          signal: limit.signal,
          afterWrite: () => (written = true),
        }),
        late,
      ]);
      return outcome.kind === 'failed' && outcome.reason === 'timed out' && written
        ? { ...outcome, reason: SENT_UNANSWERED }
        : outcome;
    } finally {
      clearTimeout(timer);
      limit.abort();
    }
  };
}

/**
 * The field of the key the crypto refused (web-push names the auth secret "auth key"; any other
 * refusal is of the public key, the point encrypted to).
 */
function refusedKey(reason: string): 'subscription.keys.auth' | 'subscription.keys.p256dh' {
  return /\bauth\b/i.test(reason) ? 'subscription.keys.auth' : 'subscription.keys.p256dh';
}

/** At most one warning a minute for welcomes not taken; the others are logged at debug level. */
const warned = new WeakMap<Logger, OnceAMinute>();

/**
 * Logs a welcome a push service did not take: anyone may ask for one, so a warning each time would
 * let a client decide the log's volume. The first of each minute is a warning, saying how many the
 * minute before left at debug level (`unwarned`).
 */
function warnNotTaken(logger: Logger, fields: Record<string, unknown>, clock: () => number): void {
  const message = 'alerts: a push service did not take the welcome of a new subscription; it is not stored';
  let once = warned.get(logger);
  if (!once) warned.set(logger, (once = new OnceAMinute(clock)));
  const unwarned = once.due();
  if (unwarned === null) logger.debug(fields, message);
  else logger.warn({ ...fields, unwarned }, message);
}

/**
 * What a welcome's outcome answers: nothing when the push service took it; a 400 when the
 * subscription is not one to keep (the push service does not know it, or its keys cannot be
 * encrypted to); else a 503 with `Retry-After`, logged naming the push service (`warnNotTaken`).
 */
export function welcomeRefusal(
  outcome: HttpOutcome,
  endpoint: string,
  origin: string,
  logger: Logger,
): HttpProblem | null {
  if (outcome.kind === 'delivered') return null;
  if (outcome.kind === 'gone')
    return new HttpProblem(
      makeProblem(
        origin,
        'invalid_body',
        `The push service does not know this subscription (it answered ${outcome.status}): subscribe again in the browser.`,
        'subscription.endpoint',
      ),
    );
  if (outcome.reason.startsWith('not encrypted:')) {
    const field = refusedKey(outcome.reason);
    return new HttpProblem(
      makeProblem(
        origin,
        'invalid_body',
        `The key ${field.split('.').at(-1)} cannot be used to encrypt a message: subscribe again in the browser.`,
        field,
      ),
    );
  }
  warnNotTaken(logger, { ...subscriptionLabel(endpoint), reason: outcome.reason }, Date.now);
  const unanswered =
    outcome.reason === SENT_UNANSWERED
      ? ' If this browser still shows the welcome, it is not true: alerts are not on.'
      : '';
  return new HttpProblem(
    makeProblem(
      origin,
      'push_service_unavailable',
      `The push service did not take the message that checks a new subscription: nothing is stored.${unanswered} Try again later.`,
    ),
    { headers: { 'Cache-Control': 'no-store', 'Retry-After': String(WELCOME_LIMITS.retryAfterSeconds) } },
  );
}
