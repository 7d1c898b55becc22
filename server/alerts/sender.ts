import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import os from 'node:os';
import type { Logger } from 'pino';
import type { PushOptions, Vapid } from './push.js';
import { sendPush } from './push.js';
import type { AlertStore, PendingAlert, StoredSubscription } from './store.js';

export interface SenderOptions {
  readonly store: AlertStore;
  readonly vapid: Vapid;
  readonly logger: Logger;
  /** How long the lease lasts unrenewed: how soon another process takes over after a crash. */
  readonly leaseMs?: number;
  /** How often an idle process looks for alerts to send (and for a lease to take over). */
  readonly pollMs?: number;
  /** Messages in flight at once. */
  readonly concurrency?: number;
  /** Push options other than the VAPID identity (tests shorten the backoff). */
  readonly push?: Partial<Omit<PushOptions, 'vapid' | 'beforeWrite' | 'agents' | 'topic'>>;
}

const DEFAULTS = { leaseMs: 10_000, pollMs: 1000, concurrency: 32 } as const;
/** Subscriptions read per turn: the lease is renewed between turns. */
const BATCH = 256;
const PRUNE_EVERY_MS = 3_600_000;

/** A push `Topic` (at most 32 base64url characters) per alert: copies waiting at a push service replace each other. */
function topicOf(key: string): string {
  return createHash('sha256').update(key).digest('base64url').slice(0, 32);
}

/** Only the push service's origin is ever logged, never a whole endpoint (it is a capability). */
const serviceOf = (endpoint: string) => new URL(endpoint).origin;

/**
 * Sends the ledger's alerts. Every process may run one; only the holder of the store's lease sends,
 * so exactly one process sends however many workers run, and when it dies (kill -9) another takes
 * the lease once it expires and goes on from the delivery records. Each is written as `sending` in
 * the same turn as the message is handed to its connection (server/alerts/push.ts), as `sent` once
 * the kernel has all of it, then with the answer. A new holder sends again only what is still
 * `sending`: a message is never lost, and one is sent twice only when its sender died in the instant
 * between handing it over and hearing it was written; the copy has the same Topic and tag, so the
 * device shows one notification.
 */
export class AlertSender {
  readonly #store: AlertStore;
  readonly #options: Required<Omit<SenderOptions, 'push'>> & Pick<SenderOptions, 'push'>;
  readonly #holder = `${os.hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  readonly #agents: { readonly http: http.Agent; readonly https: https.Agent };
  #timer: NodeJS.Timeout | null = null;
  #running: Promise<void> | null = null;
  #again = false;
  #stopping = false;
  #leaseUntil = 0;
  #lastPrune = 0;

  constructor(options: SenderOptions) {
    this.#store = options.store;
    this.#options = { ...DEFAULTS, ...options };
    const sockets = { keepAlive: true, maxSockets: this.#options.concurrency };
    this.#agents = { http: new http.Agent(sockets), https: new https.Agent(sockets) };
  }

  get holder(): string {
    return this.#holder;
  }

  start(): void {
    this.#schedule(0);
  }

  /** Looks for alerts at once (after this process's content load made one). */
  wake(): void {
    if (this.#stopping) return;
    if (this.#running) this.#again = true;
    else this.#schedule(0);
  }

  /** Stops taking messages, lets those in flight finish and be recorded, and gives the lease up. */
  async stop(): Promise<void> {
    this.#stopping = true;
    if (this.#timer) clearTimeout(this.#timer);
    await this.#running;
    this.#store.release(this.#holder);
    this.#agents.http.destroy();
    this.#agents.https.destroy();
  }

  #schedule(ms: number): void {
    if (this.#stopping) return;
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = setTimeout(() => {
      this.#timer = null;
      this.#running = this.#pass()
        .catch((error: unknown) => this.#options.logger.error({ err: error }, 'alerts: sending failed'))
        .finally(() => {
          this.#running = null;
          const again = this.#again;
          this.#again = false;
          this.#schedule(again ? 0 : this.#options.pollMs);
        });
    }, ms);
  }

  #renew(): boolean {
    const now = Date.now();
    if (!this.#store.lease(this.#holder, this.#options.leaseMs)) {
      this.#leaseUntil = 0;
      return false;
    }
    if (this.#leaseUntil === 0) {
      // Just taken: what a former holder left `sending` may never have left it; send it again.
      const again = this.#store.resendUnwritten();
      if (again > 0)
        this.#options.logger.warn(
          { deliveries: again },
          'alerts: deliveries a stopped sender left unconfirmed are sent again',
        );
    }
    this.#leaseUntil = now + this.#options.leaseMs;
    return true;
  }

  /** Whether this process still surely holds the lease: a margin before it could be taken over. */
  #holds(): boolean {
    return Date.now() < this.#leaseUntil - this.#options.leaseMs / 4;
  }

  async #pass(): Promise<void> {
    if (!this.#renew()) return;
    for (const alert of this.#store.pendingAlerts()) {
      if (!(await this.#fanOut(alert))) return;
    }
    if (Date.now() - this.#lastPrune > PRUNE_EVERY_MS) {
      this.#lastPrune = Date.now();
      const pruned = this.#store.prune();
      if (pruned.deliveries + pruned.subscriptions > 0) this.#options.logger.info(pruned, 'alerts: pruned');
    }
  }

  /** Sends one alert to every subscription still owed it; false when stopped or the lease was lost. */
  async #fanOut(alert: PendingAlert): Promise<boolean> {
    const started = Date.now();
    let after = 0;
    for (;;) {
      if (this.#stopping || !this.#renew()) return false;
      const owed = this.#store.owed(alert.id, BATCH, after);
      if (owed.length === 0) break;
      after = owed[owed.length - 1]!.id;
      let next = 0;
      const lane = async () => {
        while (next < owed.length && !this.#stopping && this.#holds()) {
          const subscription = owed[next]!;
          next += 1;
          await this.#deliver(alert, subscription);
        }
      };
      await Promise.all(Array.from({ length: this.#options.concurrency }, lane));
    }
    this.#store.finishAlert(alert.id);
    this.#options.logger.info(
      { alert: alert.key, ms: Date.now() - started, deliveries: this.#store.deliveryCounts(alert.id) },
      'alerts: sent',
    );
    return true;
  }

  async #deliver(alert: PendingAlert, subscription: StoredSubscription): Promise<void> {
    const store = this.#store;
    const outcome = await sendPush(
      { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
      alert.payload,
      {
        vapid: this.#options.vapid,
        ttlSeconds: 86_400,
        urgency: 'high',
        attempts: 4,
        backoffMs: (attempt) => 1000 * 2 ** (attempt - 1),
        maxRetryAfterMs: 60_000,
        timeoutMs: 10_000,
        ...this.#options.push,
        topic: topicOf(alert.key),
        agents: this.#agents,
        beforeWrite: () => store.recordDelivery(alert.id, subscription.id, 'sending', null, 0),
        afterWrite: () => store.recordDelivery(alert.id, subscription.id, 'sent', null, 0),
      },
    );
    store.recordDelivery(alert.id, subscription.id, outcome.kind, outcome.status, outcome.attempts);
    if (outcome.kind === 'gone') store.removeSubscription(subscription.id);
    if (outcome.kind === 'failed') {
      this.#options.logger.warn(
        { alert: alert.key, service: serviceOf(subscription.endpoint), reason: outcome.reason },
        'alerts: a delivery failed',
      );
    }
  }
}
