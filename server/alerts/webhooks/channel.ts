import { createHash } from 'node:crypto';
import type { AlertPayload, AlertReason } from '../../../domain/alerts.js';
import type { DeliveryChannel } from '../channel.js';
import type { Store, PendingAlert, StoredWebhook } from '../../store/index.js';
import type { DeliverOptions } from './deliver.js';
import { deliverWebhook, publicReason } from './deliver.js';
import type { AlertType } from './messages.js';
import { alertBody, discordBody, slackBody } from './messages.js';
import { parseWebhookTarget } from '../../outbound/webhook-target.js';

/** Alerts in a row that fail before a webhook is disabled (its `GET` says why). */
const WEBHOOK_DISABLE_AFTER = 5;

const TYPES: Readonly<Record<AlertReason, AlertType>> = {
  confirmed: 'reset.confirmed',
  announced: 'reset.announced',
  corrected: 'reset.corrected',
};

/**
 * A delivery's `webhook-id`: the same for every try and for a resend after a crash, so a receiver
 * that keeps the ids it has seen takes the alert once.
 */
export function webhookMessageId(alertKey: string, webhookId: number): string {
  return `msg_${createHash('sha256').update(`${alertKey}\n${webhookId}`).digest('base64url').slice(0, 27)}`;
}

/**
 * The body an alert is sent in: for a generic URL, a Standard Webhooks message whose `data` is the
 * event record as the API serves it; for Discord and Slack, their native body with the
 * notification's words and the event's page.
 */
function webhookAlertBody(alert: PendingAlert, kind: StoredWebhook['kind']): string | null {
  if (kind === 'generic') {
    if (alert.record === null) return null;
    const data: unknown = JSON.parse(alert.record);
    return alertBody(TYPES[alert.reason], new Date(alert.createdAt).toISOString(), data);
  }
  const payload = JSON.parse(alert.payload) as AlertPayload;
  const text = `${payload.title}\n${payload.body}`;
  return kind === 'discord' ? discordBody(text, payload.url) : slackBody(text, payload.url);
}

export interface WebhookChannelOptions {
  readonly store: Pick<Store, 'webhooks'>;
  /** Origins exempt from https, port 443 and the address check (`ALERTS_WEBHOOK_ORIGINS`). */
  readonly allowedOrigins: readonly string[];
  /** Delivery options other than the target's (tests shorten the backoff). */
  readonly deliver?: Partial<Omit<DeliverOptions, 'secret' | 'beforeWrite' | 'afterWrite'>>;
}

/**
 * Webhooks (server/alerts/webhooks/): each active webhook whose filters match, signed with its
 * secret. 410 (and Discord's or Slack's 404) removes it; a run of `WEBHOOK_DISABLE_AFTER` failed
 * alerts disables it, with the last reason.
 */
export function webhookChannel(options: WebhookChannelOptions): DeliveryChannel<StoredWebhook> {
  const { store } = options;
  return {
    name: 'webhook',
    // Alerts made before their records were kept have no webhook body: nothing is owed.
    owed: (alert, limit, after, upTo) =>
      alert.record === null ? Promise.resolve([]) : store.webhooks.owedWebhooks(alert.id, limit, after, upTo),
    async send(alert, webhook, hooks) {
      const target = parseWebhookTarget(webhook.url, options.allowedOrigins);
      if (!target.ok) return { kind: 'failed', status: null, attempts: 0, reason: target.reason };
      const body = webhookAlertBody(alert, webhook.kind);
      if (body === null) return { kind: 'failed', status: null, attempts: 0, reason: 'no record to send' };
      return deliverWebhook(
        target,
        { id: webhookMessageId(alert.key, webhook.id), body },
        {
          allowedOrigins: options.allowedOrigins,
          attempts: 4,
          backoffMs: (attempt) => 1000 * 2 ** (attempt - 1),
          maxRetryAfterMs: 60_000,
          userAgent: 'usage-limit-reset-tracker-webhooks',
          ...options.deliver,
          secret: webhook.kind === 'generic' ? webhook.secret : null,
          // Awaited once connected, before a byte is written (server/outbound/webhook-post.ts `exchange`).
          beforeWrite: hooks.beforeWrite,
          afterWrite: hooks.afterWrite,
        },
      );
    },
    async settle(webhook, result) {
      if (result.kind === 'gone') {
        await store.webhooks.removeWebhook(webhook.id);
        return;
      }
      const delivered = result.kind === 'delivered';
      await store.webhooks.recordWebhookResult(webhook.id, {
        delivered,
        status: result.status,
        disableAfter: WEBHOOK_DISABLE_AFTER,
        reason: delivered
          ? null
          : `${WEBHOOK_DISABLE_AFTER} alerts in a row failed; the last: ${result.kind === 'failed' ? publicReason(result) : ''}`,
      });
    },
    label: (webhook) => ({ webhook: webhook.publicId, host: new URL(webhook.url).host }),
    close() {},
  };
}
