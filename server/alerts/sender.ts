import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import os from 'node:os';
import type { Logger } from 'pino';
import type { PushOptions, PushOutcome, Vapid } from './push.js';
import { describeError, sendPush } from './push.js';
import type { AlertStore, PendingAlert, StoredSubscription } from './store/index.js';

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

/** One alert being sent: the subscriptions read so far and not yet handed to a lane. */
interface FanOut {
  readonly alert: PendingAlert;
  readonly started: number;
  queue: StoredSubscription[];
  after: number;
  exhausted: boolean;
  active: number;
  abandoned: boolean;
}

/**
 * Sends the ledger's alerts. Every process may run one; only the holder of the store's lease sends,
 * so exactly one process sends however many workers run, and when it dies (kill -9) another takes
 * the lease once it expires and goes on from the delivery records. Each is written as `sending` in
 * the same turn as the message is handed to its connection (server/alerts/push.ts), as `sent` once
 * the kernel has all of it, then with the answer. A new holder sends again only what is still
 * `sending`: a message is never lost, and one is sent twice only when its sender died in the instant
 * between handing it over and hearing it was written; the copy has the same Topic and tag, so the
 * device shows one notification.
 *
 * One pool of lanes serves every pending alert, oldest first, each lane one delivery at a time: a
 * subscription whose key the crypto refuses, whose push service refuses it or never answers holds
 * one lane and fails alone, recorded with its reason, while the rest of its alert and the alerts
 * after it go on. The lease is renewed on a timer, not between deliveries, so a slow delivery never
 * lets it lapse.
 */
export class AlertSender {
  readonly #store: AlertStore;
  readonly #options: Required<Omit<SenderOptions, 'push'>> & Pick<SenderOptions, 'push'>;
  readonly #holder = `${os.hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  readonly #agents: { readonly http: http.Agent; readonly https: https.Agent };
  /** Alerts being sent, by id, in the order they were made. */
  readonly #fanOuts = new Map<number, FanOut>();
  readonly #lanes = new Set<Promise<void>>();
  #timer: NodeJS.Timeout | null = null;
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
    this.#schedule(0);
  }

  /** Stops taking messages, lets those in flight finish and be recorded, and gives the lease up. */
  async stop(): Promise<void> {
    this.#stopping = true;
    if (this.#timer) clearTimeout(this.#timer);
    while (this.#lanes.size > 0) await Promise.all(this.#lanes);
    this.#store.release(this.#holder);
    this.#agents.http.destroy();
    this.#agents.https.destroy();
  }

  /** The next look in `ms`: sooner while alerts are being sent, so the lease is renewed in time. */
  #schedule(ms: number): void {
    if (this.#stopping) return;
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = setTimeout(() => {
      this.#timer = null;
      try {
        this.#pass();
      } catch (error) {
        this.#options.logger.error({ err: error }, 'alerts: sending failed');
      }
      const busy = this.#fanOuts.size > 0;
      this.#schedule(busy ? Math.min(this.#options.pollMs, this.#options.leaseMs / 4) : this.#options.pollMs);
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

  /** Renews the lease, takes up alerts not yet being sent, and fills the lanes. */
  #pass(): void {
    // A lost lease is taken again only once this process's own deliveries are recorded: taking it
    // sends again whatever is still `sending`, and those must not be its own.
    if (this.#leaseUntil === 0 && this.#lanes.size > 0) return;
    if (!this.#renew()) {
      // Another process sends now: what was read here may be sent there; read afresh if it comes back.
      for (const fanOut of this.#fanOuts.values()) fanOut.abandoned = true;
      this.#fanOuts.clear();
      return;
    }
    for (const alert of this.#store.pendingAlerts()) {
      if (!this.#fanOuts.has(alert.id))
        this.#fanOuts.set(alert.id, {
          alert,
          started: Date.now(),
          queue: [],
          after: 0,
          exhausted: false,
          active: 0,
          abandoned: false,
        });
    }
    this.#fill();
    if (Date.now() - this.#lastPrune > PRUNE_EVERY_MS) {
      this.#lastPrune = Date.now();
      const pruned = this.#store.prune();
      if (pruned.deliveries + pruned.subscriptions > 0) this.#options.logger.info(pruned, 'alerts: pruned');
    }
  }

  /** The next subscription owed an alert, from the oldest alert that still has one. */
  #next(): { fanOut: FanOut; subscription: StoredSubscription } | null {
    for (const fanOut of this.#fanOuts.values()) {
      if (fanOut.queue.length === 0 && !fanOut.exhausted) {
        fanOut.queue = this.#store.owed(fanOut.alert.id, BATCH, fanOut.after);
        if (fanOut.queue.length === 0) fanOut.exhausted = true;
        else fanOut.after = fanOut.queue[fanOut.queue.length - 1]!.id;
      }
      const subscription = fanOut.queue.shift();
      if (subscription) return { fanOut, subscription };
      this.#finishIfDone(fanOut);
    }
    return null;
  }

  /** Starts deliveries until every lane is busy or nothing is owed. */
  #fill(): void {
    while (this.#lanes.size < this.#options.concurrency && !this.#stopping && this.#holds()) {
      const job = this.#next();
      if (!job) return;
      job.fanOut.active += 1;
      const lane: Promise<void> = this.#deliver(job.fanOut.alert, job.subscription).finally(() => {
        this.#lanes.delete(lane);
        job.fanOut.active -= 1;
        this.#finishIfDone(job.fanOut);
        this.#fill();
      });
      this.#lanes.add(lane);
    }
  }

  #finishIfDone(fanOut: FanOut): void {
    if (!fanOut.exhausted || fanOut.active > 0 || fanOut.queue.length > 0 || fanOut.abandoned) return;
    fanOut.abandoned = true;
    this.#fanOuts.delete(fanOut.alert.id);
    const { alert } = fanOut;
    this.#store.finishAlert(alert.id);
    this.#options.logger.info(
      { alert: alert.key, ms: Date.now() - fanOut.started, deliveries: this.#store.deliveryCounts(alert.id) },
      'alerts: sent',
    );
  }

  /** Sends one message; whatever goes wrong is recorded as this delivery's failure, never thrown. */
  async #deliver(alert: PendingAlert, subscription: StoredSubscription): Promise<void> {
    const store = this.#store;
    const delivery = { alertId: alert.id, channel: 'push', subscriptionId: subscription.id } as const;
    let outcome: PushOutcome;
    try {
      outcome = await sendPush(
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
          beforeWrite: () => store.recordDelivery(delivery, 'sending'),
          afterWrite: () => store.recordDelivery(delivery, 'sent'),
        },
      );
    } catch (error) {
      outcome = { kind: 'failed', status: null, attempts: 1, reason: `not sent: ${describeError(error)}` };
    }
    try {
      store.recordDelivery(delivery, outcome.kind, {
        status: outcome.status,
        attempts: outcome.attempts,
        reason: outcome.kind === 'failed' ? outcome.reason : null,
      });
      if (outcome.kind === 'gone') store.removeSubscription(subscription.id);
    } catch (error) {
      this.#options.logger.error(
        { alert: alert.key, ...subscriptionLabel(subscription.endpoint), reason: describeError(error) },
        'alerts: a delivery could not be recorded',
      );
      return;
    }
    if (outcome.kind === 'failed') {
      this.#options.logger.warn(
        {
          alert: alert.key,
          ...subscriptionLabel(subscription.endpoint),
          status: outcome.status,
          reason: outcome.reason,
        },
        'alerts: a delivery failed',
      );
    }
  }
}
