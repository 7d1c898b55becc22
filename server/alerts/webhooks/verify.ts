/**
 * The check a new webhook gets before it is stored, while its registration waits (so bounded: one
 * try, at most `VERIFY_LIMITS.totalTimeoutMs` in all). A URL proves that it wants the alerts:
 *
 * - a generic URL gets a signed `webhook.verification` message holding a random challenge and must
 *   echo it in a 2xx answer; otherwise it is stored `pending`, with what it answered;
 * - a Discord or Slack incoming webhook is a capability URL: it gets one "alerts are on" message in
 *   its platform's body, and a 2xx makes it active; 404 (or 410) says it does not exist, and it is
 *   refused; any other answer leaves it `pending`.
 */
import type { DeliverOptions, WebhookMessage, WebhookOutcome } from './deliver.js';
import { deliverWebhook, publicReason } from './deliver.js';
import { discordBody, echoesChallenge, newChallenge, slackBody, verificationBody } from './messages.js';
import { newMessageId } from '../../outbound/webhook-signing.js';
import type { WebhookTarget } from '../../outbound/webhook-target.js';

/** What the check found: active, pending (and why), or refused (and why). */
export type Verification =
  | { readonly status: 'active' }
  | { readonly status: 'pending'; readonly reason: string }
  | { readonly status: 'refused'; readonly reason: string };

/** Sends one message: `deliverWebhook`, or a test's stand-in for a platform it cannot reach. */
export type DeliverFunction = (
  target: WebhookTarget,
  message: WebhookMessage,
  options: DeliverOptions,
) => Promise<WebhookOutcome>;

/** One try, each phase within the ~10 s a registration may wait, and only the start of an answer read. */
const VERIFY_LIMITS = {
  connectTimeoutMs: 5000,
  headersTimeoutMs: 8000,
  bodyTimeoutMs: 2000,
  totalTimeoutMs: 10_000,
  maxAnswerBytes: 4096,
} as const;

export interface VerifyOptions {
  readonly allowedOrigins: readonly string[];
  /** The filters in words, for the "alerts are on" message (`pro, weekly`). */
  readonly filters: string;
  /** Where the message links to: the site's alerts page. */
  readonly alertsUrl: string;
  readonly deliver?: DeliverFunction;
}

const PLATFORM = { discord: 'Discord', slack: 'Slack' } as const;

/** What a failed or refused try says, in one line, in the words of the rules (`publicReason`). */
function answered(outcome: Exclude<WebhookOutcome, { kind: 'delivered' }>): string {
  return outcome.kind === 'failed' ? publicReason(outcome) : `the URL answered ${outcome.status}`;
}

/** Whether the try was refused before anything was sent: the host has no public address. */
function refusedByRule(outcome: WebhookOutcome): outcome is Extract<WebhookOutcome, { kind: 'failed' }> {
  return outcome.kind === 'failed' && (outcome.cause === 'refused' || outcome.cause === 'unresolved');
}

/** Checks a new target as the module says, signing a generic one's message with `secret`; never throws. */
export async function verifyTarget(
  target: WebhookTarget,
  secret: string,
  options: VerifyOptions,
): Promise<Verification> {
  const deliver = options.deliver ?? deliverWebhook;
  const send = (body: string, signedWith: string | null) =>
    deliver(
      target,
      { id: newMessageId(), body },
      {
        ...VERIFY_LIMITS,
        allowedOrigins: options.allowedOrigins,
        secret: signedWith,
        attempts: 1,
        backoffMs: () => 0,
        maxRetryAfterMs: 0,
        userAgent: 'usage-limit-reset-tracker-webhooks',
      },
    );
  if (target.kind === 'generic') {
    const challenge = newChallenge();
    const outcome = await send(verificationBody(challenge), secret);
    if (refusedByRule(outcome)) return { status: 'refused', reason: publicReason(outcome) };
    if (outcome.kind !== 'delivered') return { status: 'pending', reason: answered(outcome) };
    if (echoesChallenge(outcome.answer, challenge)) return { status: 'active' };
    return {
      status: 'pending',
      reason: `the URL answered ${outcome.status} without echoing the challenge`,
    };
  }
  const text = `Usage-Limit Reset Tracker: alerts are on\nThis channel gets a message when a usage-limit reset of Claude for ${options.filters} is confirmed or announced.`;
  const body =
    target.kind === 'discord' ? discordBody(text, options.alertsUrl) : slackBody(text, options.alertsUrl);
  const outcome = await send(body, null);
  if (outcome.kind === 'delivered') return { status: 'active' };
  if (refusedByRule(outcome)) return { status: 'refused', reason: publicReason(outcome) };
  if (outcome.kind === 'gone')
    return {
      status: 'refused',
      reason: `the ${PLATFORM[target.kind]} webhook answered ${outcome.status}: it does not exist`,
    };
  return { status: 'pending', reason: answered(outcome) };
}
