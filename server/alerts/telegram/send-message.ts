import type { DeliveryResult, WriteHooks } from '../channel.js';
import { awaitSendingRecord } from '../channel.js';
import { describeError } from '../../outbound/describe-error.js';
import { withRetries } from '../../outbound/retry.js';

export interface SendMessageOptions {
  /** The Bot API's origin (`TELEGRAM_API_URL`): https://api.telegram.org, or a stand-in's. */
  readonly apiUrl: string;
  readonly token: string;
  /** Tries in all, for a 429 or a connection that carried no request (see `sendMessage`). */
  readonly attempts: number;
  /** A 429 asking for a longer wait than this ends the delivery, failed. */
  readonly maxRetryAfterMs: number;
  /** Milliseconds before try `n + 1` after a connection that carried no request. */
  readonly backoffMs: (attempt: number) => number;
  readonly sleep?: (ms: number) => Promise<void>;
  /** How long one call may take, answer included (30 s unless set). */
  readonly timeoutMs?: number;
}

/**
 * Failures of a connection before it carried the request (no address, refused, unreachable, no TLS
 * session): Telegram cannot have the post, so it is tried again. Any other failure came after the
 * request went out, and the post may be in the channel already.
 */
function sentNothing(error: unknown): boolean {
  const raw = (error as { code?: unknown } | undefined)?.code;
  const code = typeof raw === 'string' ? raw : '';
  return (
    /^(ECONNREFUSED|ENOTFOUND|EAI_AGAIN|EHOSTUNREACH|ENETUNREACH|UND_ERR_CONNECT_TIMEOUT)$/.test(code) ||
    /CERT|TLS|SSL|SELF_SIGNED|UNABLE_TO_VERIFY/.test(code)
  );
}

/** The end of a delivery whose post Telegram may have taken: never tried again. */
const MAYBE_TAKEN = 'the post may have been taken: not tried again (a Telegram post is never sent twice)';

/** The Bot API's answer (https://core.telegram.org/bots/api#making-requests). */
interface BotAnswer {
  readonly ok?: boolean;
  readonly description?: string;
  readonly parameters?: { readonly retry_after?: number };
}

async function answerOf(response: Response): Promise<BotAnswer> {
  try {
    return (await response.json()) as BotAnswer;
  } catch {
    return {};
  }
}

/**
 * One `sendMessage` call, at most once in the channel: tried again only when Telegram cannot have
 * taken the post, on a 429 after the `retry_after` it names (Telegram refused it) and on a connection
 * that failed before carrying the request, after the backoff. A time-out, a connection lost after the
 * request, a 5xx (Telegram's servers may have posted it before failing) and any other 4xx (a wrong
 * chat, a bot not in the channel: 400, 403) end it, failed with why, never tried again
 * (docs/operations.md §12). The token is in the path only: no reason it gives names the URL.
 */
export async function sendMessage(
  parameters: Readonly<Record<string, unknown>>,
  hooks: WriteHooks,
  options: SendMessageOptions,
): Promise<DeliveryResult> {
  const url = `${options.apiUrl.replace(/\/+$/, '')}/bot${options.token}/sendMessage`;
  return withRetries<DeliveryResult>(options, async (attempt) => {
    const unrecorded = await awaitSendingRecord(hooks, attempt);
    if (unrecorded) return { done: unrecorded };
    let response: Response;
    try {
      response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(parameters),
        redirect: 'error',
        signal: AbortSignal.timeout(options.timeoutMs ?? 30_000),
      });
    } catch (error) {
      const cause = (error as { cause?: unknown }).cause ?? error;
      const network = `network: ${describeError(cause)}`;
      return sentNothing(cause)
        ? { again: { kind: 'failed', status: null, attempts: attempt, reason: network } }
        : { done: { kind: 'failed', status: null, attempts: attempt, reason: `${network}; ${MAYBE_TAKEN}` } };
    }
    const answer = await answerOf(response);
    if (response.ok && answer.ok === true) {
      hooks.afterWrite();
      return { done: { kind: 'delivered', status: response.status, attempts: attempt } };
    }
    const reason = `telegram answered ${response.status}: ${answer.description ?? 'no description'}`;
    const failed: DeliveryResult = { kind: 'failed', status: response.status, attempts: attempt, reason };
    if (response.status === 429) {
      const waitMs =
        (answer.parameters?.retry_after ?? Number(response.headers.get('retry-after') ?? 1)) * 1000;
      return waitMs <= options.maxRetryAfterMs ? { again: failed, waitMs } : { done: failed };
    }
    return { done: response.status < 500 ? failed : { ...failed, reason: `${reason}; ${MAYBE_TAKEN}` } };
  });
}
