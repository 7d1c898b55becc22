import { createHash } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import type { DeliveryChannel, DeliveryResult } from '../channel.js';
import type { PushOptions, Vapid } from './send.js';
import { describeError } from '../../outbound/describe-error.js';
import { sendPush } from './send.js';
import type { Store, StoredSubscription } from '../../store/index.js';

/** A push `Topic` (at most 32 base64url characters) per alert: copies waiting at a push service replace each other. */
function topicOf(key: string): string {
  return createHash('sha256').update(key).digest('base64url').slice(0, 32);
}

/**
 * How a subscription is named in the log: the push service's origin and a short hash of its
 * endpoint, never the endpoint itself (it is a capability).
 */
export function subscriptionLabel(endpoint: string): { service: string; subscription: string } {
  let service = 'unknown';
  try {
    service = new URL(endpoint).origin;
  } catch {
    // A row an older version stored unparsed: the hash still names it.
  }
  return { service, subscription: createHash('sha256').update(endpoint).digest('hex').slice(0, 12) };
}

export interface PushChannelOptions {
  readonly store: Pick<Store, 'deliveries' | 'subscriptions'>;
  readonly vapid: Vapid;
  /** Messages in flight at once: the most connections kept open per push service. */
  readonly concurrency: number;
  /** Push options other than the VAPID identity (tests shorten the backoff). */
  readonly push?: Partial<Omit<PushOptions, 'vapid' | 'beforeWrite' | 'agents' | 'topic'>>;
}

/**
 * Browser push (server/alerts/push/send.ts): an encrypted, VAPID-signed message per subscription, over
 * connections kept open to each push service. A subscription the push service says is gone (404,
 * 410) is removed.
 */
export function pushChannel(options: PushChannelOptions): DeliveryChannel<StoredSubscription> {
  const { store } = options;
  const sockets = { keepAlive: true, maxSockets: options.concurrency };
  const agents = { http: new http.Agent(sockets), https: new https.Agent(sockets) };
  return {
    name: 'push',
    owed: (alert, limit, after, upTo) => store.deliveries.owed(alert.id, limit, after, upTo),
    async send(alert, subscription, hooks): Promise<DeliveryResult> {
      try {
        return await sendPush(
          { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
          alert.payload,
          {
            vapid: options.vapid,
            ttlSeconds: 86_400,
            urgency: 'high',
            attempts: 4,
            backoffMs: (attempt) => 1000 * 2 ** (attempt - 1),
            maxRetryAfterMs: 60_000,
            timeoutMs: 10_000,
            ...options.push,
            topic: topicOf(alert.key),
            agents,
            // Awaited once the connection is ready, before a byte is written (send.ts `post`).
            beforeWrite: hooks.beforeWrite,
            afterWrite: hooks.afterWrite,
          },
        );
      } catch (error) {
        return { kind: 'failed', status: null, attempts: 1, reason: `not sent: ${describeError(error)}` };
      }
    },
    async settle(subscription, result) {
      if (result.kind === 'gone') await store.subscriptions.removeSubscription(subscription.id);
    },
    label: (subscription) => subscriptionLabel(subscription.endpoint),
    close() {
      agents.http.destroy();
      agents.https.destroy();
    },
  };
}
