import { randomBytes } from 'node:crypto';
import os from 'node:os';
import type { Logger } from 'pino';
import type { DeliveryChannel, DeliveryResult } from './channel.js';
import { describeError } from './push.js';
import type { AlertStore, Delivery, PendingAlert } from './store/index.js';

export interface SenderOptions {
  readonly store: AlertStore;
  /** The channels alerts go out on (server/alerts/channel.ts), each alert to each in turn. */
  readonly channels: readonly DeliveryChannel[];
  readonly logger: Logger;
  /** How long the lease lasts unrenewed: how soon another process takes over after a crash. */
  readonly leaseMs?: number;
  /** How often an idle process looks for alerts to send (and for a lease to take over). */
  readonly pollMs?: number;
  /** Messages in flight at once, across channels. */
  readonly concurrency?: number;
}

export const SENDER_DEFAULTS = { leaseMs: 10_000, pollMs: 1000, concurrency: 32 } as const;
/** Subscriptions read per turn: the lease is renewed between turns. */
const BATCH = 256;
const PRUNE_EVERY_MS = 3_600_000;

/** One channel's part of an alert being sent: the subscriptions read so far, not yet handed to a lane. */
interface Cursor {
  readonly channel: DeliveryChannel;
  queue: { readonly id: number }[];
  after: number;
  exhausted: boolean;
}

/** One alert being sent, on every channel. */
interface FanOut {
  readonly alert: PendingAlert;
  readonly started: number;
  readonly cursors: Cursor[];
  active: number;
  abandoned: boolean;
}

/**
 * Sends the ledger's alerts on every channel (browser push, webhooks, email: server/alerts/channel.ts).
 * Every process may run one; only the holder of the store's lease sends,
 * so exactly one process sends however many workers run, and when it dies (kill -9) another takes
 * the lease once it expires and goes on from the delivery records. Each delivery is recorded as
 * `sending`, and that record awaited, before a byte of its message is written (the channel's
 * `beforeWrite`, server/alerts/push.ts), as `sent` once the kernel has all of it, then with the
 * answer. A new holder sends again only what is still `sending`: a message never leaves without its
 * record, so none is lost, and one is sent twice only when its sender died between that record and
 * hearing the message was written; the copy has the same Topic and tag, so the device shows one
 * notification, and a webhook's or a mail's copy the same `webhook-id` or `Message-ID`.
 *
 * One pool of lanes serves every pending alert, oldest first, each lane one delivery at a time: a
 * subscription whose key the crypto refuses, whose push service refuses it or never answers holds
 * one lane and fails alone, recorded with its reason, while the rest of its alert and the alerts
 * after it go on. The lease is renewed on a timer, not between deliveries, so a slow delivery never
 * lets it lapse.
 *
 * The store answers in promises, so what reads and changes the fan-outs runs in turns, one at a
 * time (`#kick`): a pass (renew the lease, read the pending alerts, fill the lanes) or a fill (hand
 * owed subscriptions to free lanes, finish the alerts whose deliveries are all over). While a turn
 * awaits a read of `owed`, no other turn can read the same cursor, so no subscription is handed to
 * two lanes; a finished alert is recorded done before a pass reads the pending ones again; and the
 * next pass is timed only once the last one has ended, so renewals never overlap.
 */
export class AlertSender {
  readonly #store: AlertStore;
  readonly #options: Required<SenderOptions>;
  readonly #holder = `${os.hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  /** Alerts being sent, by id, in the order they were made. */
  readonly #fanOuts = new Map<number, FanOut>();
  readonly #lanes = new Set<Promise<void>>();
  #timer: NodeJS.Timeout | null = null;
  #stopping = false;
  #leaseUntil = 0;
  #lastPrune = 0;
  /** The turns running now, if any (`#kick`). */
  #turn: Promise<void> | null = null;
  #passWanted = false;
  #fillWanted = false;

  constructor(options: SenderOptions) {
    this.#store = options.store;
    this.#options = { ...SENDER_DEFAULTS, ...options };
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
    this.#timer = null;
    // A lane's end asks for a turn (it records its alert done when it was the last): both end first.
    while (this.#turn || this.#lanes.size > 0) await Promise.all([this.#turn, ...this.#lanes]);
    await this.#store.release(this.#holder);
    for (const channel of this.#options.channels) channel.close();
  }

  /** The next pass in `ms`; only one is ever timed, and it is timed again once it has run. */
  #schedule(ms: number): void {
    if (this.#stopping) return;
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = setTimeout(() => {
      this.#timer = null;
      this.#kick('pass');
    }, ms);
  }

  /**
   * Asks for a pass or a fill. Turns run one at a time: one asked for while another runs runs after
   * it (asks made meanwhile count once; a pass fills too).
   */
  #kick(turn: 'pass' | 'fill'): void {
    if (turn === 'pass') this.#passWanted = true;
    else this.#fillWanted = true;
    this.#turn ??= this.#turns();
  }

  async #turns(): Promise<void> {
    while (this.#passWanted || this.#fillWanted) {
      const pass = this.#passWanted;
      this.#passWanted = false;
      this.#fillWanted = false;
      try {
        await (pass ? this.#pass() : this.#fill());
      } catch (error) {
        this.#options.logger.error({ err: error }, 'alerts: sending failed');
      }
      // Sooner while alerts are being sent, so the lease is renewed in time.
      if (pass) {
        const busy = this.#fanOuts.size > 0;
        this.#schedule(
          busy ? Math.min(this.#options.pollMs, this.#options.leaseMs / 4) : this.#options.pollMs,
        );
      }
    }
    // No await since the loop's last check: a kick from now on starts turns anew.
    this.#turn = null;
  }

  async #renew(): Promise<boolean> {
    // Counted from before asking: the store starts the lease no earlier than this.
    const now = Date.now();
    if (!(await this.#store.lease(this.#holder, this.#options.leaseMs))) {
      this.#leaseUntil = 0;
      return false;
    }
    if (this.#leaseUntil === 0) {
      // Just taken: what a former holder left `sending` may never have left it; send it again. No
      // lane starts before this is done: lanes start in turns, and this pass is the turn.
      const again = await this.#store.resendUnwritten();
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
  async #pass(): Promise<void> {
    if (this.#stopping) return;
    // A lost lease is taken again only once this process's own deliveries are recorded: taking it
    // sends again whatever is still `sending`, and those must not be its own.
    if (this.#leaseUntil === 0 && this.#lanes.size > 0) return;
    if (!(await this.#renew())) {
      // Another process sends now: what was read here may be sent there; read afresh if it comes back.
      for (const fanOut of this.#fanOuts.values()) fanOut.abandoned = true;
      this.#fanOuts.clear();
      return;
    }
    // Alerts finished in an earlier turn were recorded done before this read: none comes back.
    for (const alert of await this.#store.pendingAlerts()) {
      if (!this.#fanOuts.has(alert.id))
        this.#fanOuts.set(alert.id, {
          alert,
          started: Date.now(),
          cursors: this.#options.channels.map((channel) => ({
            channel,
            queue: [],
            after: 0,
            exhausted: false,
          })),
          active: 0,
          abandoned: false,
        });
    }
    await this.#fill();
    if (Date.now() - this.#lastPrune > PRUNE_EVERY_MS) {
      this.#lastPrune = Date.now();
      const pruned = await this.#store.prune();
      if (pruned.deliveries + pruned.subscriptions > 0) this.#options.logger.info(pruned, 'alerts: pruned');
    }
  }

  /**
   * The next subscription owed an alert, from the oldest alert that still has one, channel by
   * channel. Only a turn calls it: the cursor it reads is read by no one else while `owed` is awaited.
   */
  async #next(): Promise<{
    fanOut: FanOut;
    cursor: Cursor;
    recipient: { readonly id: number };
  } | null> {
    for (const fanOut of this.#fanOuts.values()) {
      for (const cursor of fanOut.cursors) {
        if (cursor.queue.length === 0 && !cursor.exhausted) {
          const owed = await cursor.channel.owed(fanOut.alert, BATCH, cursor.after);
          cursor.queue = [...owed];
          if (cursor.queue.length === 0) cursor.exhausted = true;
          else cursor.after = cursor.queue[cursor.queue.length - 1]!.id;
        }
        const recipient = cursor.queue.shift();
        if (recipient) return { fanOut, cursor, recipient };
      }
    }
    return null;
  }

  /**
   * Starts deliveries until every lane is busy or nothing is owed (or a pass is waiting: it renews
   * the lease, then fills), then records done the alerts whose deliveries are all over.
   */
  async #fill(): Promise<void> {
    while (
      this.#lanes.size < this.#options.concurrency &&
      !this.#stopping &&
      !this.#passWanted &&
      this.#holds()
    ) {
      const job = await this.#next();
      if (!job) break;
      if (!this.#holds()) {
        // The read took long enough to eat into the lease's margin: this one waits for the renewal.
        job.cursor.queue.unshift(job.recipient);
        break;
      }
      this.#start(job.fanOut, job.cursor.channel, job.recipient);
    }
    for (const fanOut of [...this.#fanOuts.values()]) await this.#finishIfDone(fanOut);
  }

  /** One lane: a delivery, then a turn to fill the lane again (and finish its alert if it was the last). */
  #start(fanOut: FanOut, channel: DeliveryChannel, recipient: { readonly id: number }): void {
    fanOut.active += 1;
    const lane: Promise<void> = this.#deliver(fanOut.alert, channel, recipient).finally(() => {
      this.#lanes.delete(lane);
      fanOut.active -= 1;
      this.#kick('fill');
    });
    this.#lanes.add(lane);
  }

  async #finishIfDone(fanOut: FanOut): Promise<void> {
    const open = fanOut.cursors.some((cursor) => !cursor.exhausted || cursor.queue.length > 0);
    if (open || fanOut.active > 0 || fanOut.abandoned) return;
    fanOut.abandoned = true;
    this.#fanOuts.delete(fanOut.alert.id);
    const { alert } = fanOut;
    // Should it fail, the next pass reads the alert as pending again, finds nothing owed, and ends it.
    await this.#store.finishAlert(alert.id);
    this.#options.logger.info(
      {
        alert: alert.key,
        ms: Date.now() - fanOut.started,
        deliveries: await this.#store.deliveryCounts(alert.id),
      },
      'alerts: sent',
    );
  }

  /** Sends one message; whatever goes wrong is recorded as this delivery's failure, never thrown. */
  async #deliver(
    alert: PendingAlert,
    channel: DeliveryChannel,
    recipient: { readonly id: number },
  ): Promise<void> {
    const store = this.#store;
    const delivery: Delivery = { alertId: alert.id, channel: channel.name, subscriptionId: recipient.id };
    const unrecorded = (error: unknown) =>
      this.#options.logger.error(
        {
          alert: alert.key,
          channel: channel.name,
          ...channel.label(recipient),
          reason: describeError(error),
        },
        'alerts: a delivery could not be recorded',
      );
    // The `sent` record of the last try, written while its answer is awaited. The records after it
    // (the next try's `sending`, the outcome) wait for it, so they are written in the order made.
    let sent: Promise<void> = Promise.resolve();
    let result: DeliveryResult;
    try {
      result = await channel.send(alert, recipient, {
        // The channel awaits this before a byte of the message is written, and writes nothing if
        // it rejects: a crash after the record leaves it `sending`, sent again by the next holder
        // (`resendUnwritten`); no message leaves unrecorded, so none is ever sent twice unseen.
        beforeWrite: async () => {
          await sent;
          await store.recordDelivery(delivery, 'sending');
        },
        afterWrite: () => {
          sent = store.recordDelivery(delivery, 'sent').catch(unrecorded);
        },
      });
    } catch (error) {
      result = { kind: 'failed', status: null, attempts: 1, reason: `not sent: ${describeError(error)}` };
    }
    try {
      await sent;
      await store.recordDelivery(delivery, result.kind, {
        status: result.status,
        attempts: result.attempts,
        reason: result.kind === 'failed' ? result.reason : null,
      });
      await channel.settle(recipient, result);
    } catch (error) {
      unrecorded(error);
      return;
    }
    if (result.kind === 'failed') {
      this.#options.logger.warn(
        {
          alert: alert.key,
          channel: channel.name,
          ...channel.label(recipient),
          status: result.status,
          reason: result.reason,
        },
        'alerts: a delivery failed',
      );
    }
  }
}
