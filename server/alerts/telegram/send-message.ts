import type { DeliveryResult, WriteHooks } from '../channel.js';
import { awaitSendingRecord } from '../channel.js';
import { describeError } from '../outbound/describe-error.js';

export interface SendMessageOptions {
  /** The Bot API's origin (`TELEGRAM_API_URL`): https://api.telegram.org, or a stand-in's. */
  readonly apiUrl: string;
  readonly token: string;
  /** Tries in all, for a 429 or a failure of the network or of Telegram's servers (5xx). */
  readonly attempts: number;
  /** A 429 asking for a longer wait than this ends the delivery, failed. */
  readonly maxRetryAfterMs: number;
  /** Milliseconds before try `n + 1` after a 5xx or a network failure. */
  readonly backoffMs: (attempt: number) => number;
  readonly sleep: (ms: number) => Promise<void>;
}

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
 * One `sendMessage` call, tried again on a 429 after the `retry_after` it names, and on a 5xx or a
 * network failure after the backoff; a 4xx other than 429 (a wrong chat, a bot not in the channel:
 * 400, 403) is the end of it, failed with Telegram's description, never tried again. The token is in
 * the path only: no reason it gives names the URL.
 */
export async function sendMessage(
  parameters: Readonly<Record<string, unknown>>,
  hooks: WriteHooks,
  options: SendMessageOptions,
): Promise<DeliveryResult> {
  const url = `${options.apiUrl.replace(/\/+$/, '')}/bot${options.token}/sendMessage`;
  let last: DeliveryResult = { kind: 'failed', status: null, attempts: 0, reason: 'not sent' };
  for (let attempt = 1; attempt <= options.attempts; attempt += 1) {
    const unrecorded = await awaitSendingRecord(hooks, attempt);
    if (unrecorded) return unrecorded;
    let response: Response;
    try {
      response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(parameters),
        redirect: 'error',
        signal: AbortSignal.timeout(30_000),
      });
    } catch (error) {
      const cause = (error as { cause?: unknown }).cause;
      last = {
        kind: 'failed',
        status: null,
        attempts: attempt,
        reason: `network: ${describeError(cause ?? error)}`,
      };
      if (attempt < options.attempts) await options.sleep(options.backoffMs(attempt));
      continue;
    }
    const answer = await answerOf(response);
    if (response.ok && answer.ok === true) {
      hooks.afterWrite();
      return { kind: 'delivered', status: response.status, attempts: attempt };
    }
    const reason = `telegram answered ${response.status}: ${answer.description ?? 'no description'}`;
    last = { kind: 'failed', status: response.status, attempts: attempt, reason };
    if (response.status === 429) {
      const waitMs =
        (answer.parameters?.retry_after ?? Number(response.headers.get('retry-after') ?? 1)) * 1000;
      if (!(waitMs <= options.maxRetryAfterMs)) return last;
      if (attempt < options.attempts) await options.sleep(waitMs);
      continue;
    }
    if (response.status < 500) return last;
    if (attempt < options.attempts) await options.sleep(options.backoffMs(attempt));
  }
  return last;
}
