import http from 'node:http';
import https from 'node:https';
import type * as WebPushModule from 'web-push';
import { loadOnce } from '../../http/load-once.js';
import { endAfter } from '../../outbound/deadline.js';
import { describeError } from '../../outbound/describe-error.js';
import { retryAfterMs, withRetries } from '../../outbound/retry.js';
import { literalNotPublic, NotPublic, publicLookup } from '../../outbound/public-host.js';
import type { HttpOutcome } from '../channel.js';
import type { Vapid } from './vapid-header.js';
import { vapidAuthorization } from './vapid-header.js';

export type { Vapid } from './vapid-header.js';

type WebPush = (typeof WebPushModule)['default'];

/**
 * web-push, which encrypts and signs the messages, with the crypto modules it imports (about 35):
 * loaded with the first message a process sends, not with the server, so a server with alerts off
 * never loads it.
 */
const loadWebPush = loadOnce(async (): Promise<WebPush> => (await import('web-push')).default);

/** A browser's push subscription, as `PushSubscription.toJSON()` gives it. */
export interface PushTarget {
  readonly endpoint: string;
  readonly keys: { readonly p256dh: string; readonly auth: string };
}

export interface PushOptions {
  readonly vapid: Vapid;
  /** Seconds the push service keeps the message for an offline browser. */
  readonly ttlSeconds: number;
  readonly urgency: 'very-low' | 'low' | 'normal' | 'high';
  /** Messages with the same topic replace each other while waiting at the push service. */
  readonly topic?: string;
  /** Tries in all, the first included; 429 and 5xx answers and network failures are tried again. */
  readonly attempts: number;
  /** Milliseconds before try `n + 1` (n from 1), unless the service asked for longer in Retry-After. */
  readonly backoffMs: (attempt: number) => number;
  /** The longest Retry-After honoured, in milliseconds; a longer one ends the delivery as failed. */
  readonly maxRetryAfterMs: number;
  /**
   * Milliseconds one request may take in all, from its start to its answer's last byte: the request
   * is then ended, however steadily a push service trickles its answer.
   */
  readonly timeoutMs: number;
  readonly sleep?: (ms: number) => Promise<void>;
  /** The time now, in milliseconds (the VAPID header's expiry, a Retry-After date); `Date.now` by default. */
  readonly clock?: () => number;
  /** Keeps connections to push services open between messages (one per service and slot). */
  readonly agents?: { readonly http: http.Agent; readonly https: https.Agent };
  /**
   * Called for each try once its connection is ready, and awaited before any byte of the request is
   * written: a sender records the message as `sending` here, so no message leaves without a durable
   * record, and a crash between the record and the write only has the record's message sent again
   * (`resendUnwritten`). When it rejects, nothing is written and the message fails, `not recorded`,
   * with no further try. A try whose connection fails never calls it.
   */
  readonly beforeWrite?: () => unknown;
  /** Called once each try's request has been handed to the kernel whole (before any answer). */
  readonly afterWrite?: () => void;
  /**
   * Ends the delivery where it stands when aborted: no request is begun after it, and the one in
   * flight is destroyed, so no later answer can deliver it (`failed`, `timed out`).
   */
  readonly signal?: AbortSignal;
}

interface RequestDetails {
  readonly endpoint: string;
  readonly method: string;
  readonly headers: Record<string, string | number>;
  readonly body: Buffer | null;
}

class TimeoutError extends Error {
  override readonly name = 'TimeoutError';
}

/** `beforeWrite` rejected: nothing of the request was written. */
class NotRecorded extends Error {
  override readonly name = 'NotRecorded';
  constructor(cause: unknown) {
    super(`not recorded: ${describeError(cause)}`, { cause });
  }
}

/**
 * One POST to a push service over node:http(s). Nothing is written until the connection is ready (a
 * reused keep-alive socket, or a new one once connected and, on https, secured) and `beforeWrite`
 * has resolved; then headers and body are handed over in one `end`, so the request reaches the
 * kernel right after the sender's record is durable. A rejected `beforeWrite` rejects with
 * `NotRecorded`, and the request is destroyed unwritten.
 *
 * The answer's status line decides (RFC 8030 §5: a 201 says the push service took the message):
 * it resolves as soon as it arrives, and the rest of the answer is read, for the connection's reuse,
 * until the deadline. Waiting for its last byte would call a message the push service took, and
 * will deliver, failed.
 */
function post(
  request: RequestDetails,
  options: Pick<PushOptions, 'timeoutMs' | 'agents' | 'beforeWrite' | 'afterWrite' | 'signal'>,
): Promise<{ status: number; retryAfter: string | null }> {
  const url = new URL(request.endpoint);
  const secure = url.protocol === 'https:';
  const body = request.body ?? Buffer.alloc(0);
  // Every https push service must resolve to public addresses only, as a webhook must: plain http
  // is taken only for an origin the operator names in ALERTS_PUSH_HOSTS (a test's push service).
  const checked = secure;
  const refused = checked ? literalNotPublic(url) : undefined;
  if (refused) return Promise.reject(refused);
  if (options.signal?.aborted) return Promise.reject(new TimeoutError('timed out'));
  return new Promise((resolve, reject) => {
    const outgoing = (secure ? https : http).request(url, {
      ...(checked ? { lookup: publicLookup } : {}),
      method: request.method,
      headers: { ...request.headers, 'Content-Length': body.length },
      agent: (secure ? options.agents?.https : options.agents?.http) ?? false,
      timeout: options.timeoutMs,
    });
    const end = () => {
      reject(new TimeoutError('timed out'));
      outgoing.destroy();
    };
    endAfter(outgoing, options.timeoutMs, end);
    options.signal?.addEventListener('abort', end, { once: true });
    outgoing.on('timeout', end);
    outgoing.on('close', () => options.signal?.removeEventListener('abort', end));
    outgoing.on('error', reject);
    outgoing.on('response', (response) => {
      const retryAfter = response.headers['retry-after'];
      resolve({ status: response.statusCode ?? 0, retryAfter: retryAfter ?? null });
      response.on('error', reject);
      response.resume();
    });
    outgoing.on('socket', (socket) => {
      const write = () => {
        Promise.resolve()
          .then(() => options.beforeWrite?.())
          .then(
            () => {
              // Timed out or failed while the record was awaited: its error settles the request.
              if (outgoing.destroyed) return;
              outgoing.end(body, () => options.afterWrite?.());
            },
            (error: unknown) => {
              reject(new NotRecorded(error));
              outgoing.destroy();
            },
          );
      };
      if (outgoing.reusedSocket) write();
      else socket.once(secure ? 'secureConnect' : 'connect', write);
    });
  });
}

/**
 * Sends one encrypted message (aes128gcm, RFC 8291) signed with VAPID (RFC 8292) to a push service.
 * `web-push` encrypts and signs (`generateRequestDetails`); the request itself is made here (`post`),
 * so retries, timeouts, the moment of writing and the outcome are this module's, and a test's push
 * service may listen on plain http.
 */
export async function sendPush(
  target: PushTarget,
  payload: string,
  options: PushOptions,
): Promise<HttpOutcome> {
  const clock = options.clock ?? Date.now;
  const webpush = await loadWebPush();
  const failed = (attempts: number, status: number | null, reason: string): HttpOutcome => ({
    kind: 'failed',
    status,
    attempts,
    reason,
  });
  return withRetries<HttpOutcome>(options, async (attempt) => {
    if (options.signal?.aborted) return { done: failed(attempt - 1, null, 'timed out') };
    // Encrypted anew for each try: a message's salt and key must not be used twice. The VAPID
    // header is signed once per push service and reused for hours (vapidAuthorization).
    let authorization: string;
    try {
      authorization = await vapidAuthorization(webpush, options.vapid, target.endpoint, clock());
    } catch (error) {
      if (error instanceof NotPublic) return { done: failed(attempt, null, error.message) };
      // The name did not resolve (now): tried again, as a connection that fails is.
      return { again: failed(attempt, null, 'unreachable') };
    }
    let request: RequestDetails;
    try {
      request = webpush.generateRequestDetails(target, payload, {
        headers: { Authorization: authorization },
        TTL: options.ttlSeconds,
        urgency: options.urgency,
        ...(options.topic ? { topic: options.topic } : {}),
        contentEncoding: 'aes128gcm',
      });
    } catch (error) {
      // The subscription's keys (or endpoint) are ones the crypto refuses: no try would do better.
      return { done: failed(attempt, null, `not encrypted: ${describeError(error)}`) };
    }
    try {
      const response = await post(request, options);
      const { status } = response;
      if (status >= 200 && status < 300) return { done: { kind: 'delivered', status, attempts: attempt } };
      if (status === 404 || status === 410) return { done: { kind: 'gone', status, attempts: attempt } };
      const answered = failed(attempt, status, `push service answered ${status}`);
      if (status !== 429 && status < 500) return { done: answered };
      const asked = retryAfterMs(response.retryAfter, clock());
      if (asked !== null && asked > options.maxRetryAfterMs)
        return { done: failed(attempt, status, `push service asked to wait ${Math.ceil(asked / 1000)} s`) };
      return { again: answered, ...(asked !== null && { waitMs: asked }) };
    } catch (error) {
      // The sender could not record the message: it was not sent, and is not tried again.
      if (error instanceof NotRecorded || error instanceof NotPublic)
        return { done: failed(attempt, null, error.message) };
      return {
        again: failed(attempt, null, (error as Error).name === 'TimeoutError' ? 'timed out' : 'unreachable'),
      };
    }
  });
}
