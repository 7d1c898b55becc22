import { randomBytes } from 'node:crypto';
import os from 'node:os';
import type { Logger } from 'pino';
import type { DeliveryChannel } from './channel.js';
import { deliverOne } from './deliver-one.js';
import type { Share } from './share.js';
import { keyOf } from './share.js';
import type { Store, Channel } from '../store/index.js';

export interface SenderOptions {
  readonly store: Pick<Store, 'claims' | 'deliveries' | 'senderLease' | 'prune'>;
  /** The channels alerts go out on (server/alerts/channel.ts), each alert to each in turn. */
  readonly channels: readonly DeliveryChannel[];
  readonly logger: Logger;
  /** How long a claim lasts unrenewed: how soon another process takes over after a crash. */
  readonly leaseMs?: number;
  /** How often an idle process looks for alerts to send (and for a lease to take over). */
  readonly pollMs?: number;
  /** Messages in flight at once, across channels. */
  readonly concurrency?: number;
  /** The time now, in milliseconds: the claims' margin, the hourly prune, an alert's age when sent. */
  readonly clock?: () => number;
}

export const SENDER_DEFAULTS = { leaseMs: 10_000, pollMs: 1000, concurrency: 32, clock: Date.now } as const;
/** Subscriptions per claim: a batch one sender sends before it claims the next. */
const BATCH = 256;
const PRUNE_EVERY_MS = 3_600_000;

/**
 * Sends the ledger's alerts on every channel (browser push, webhooks, email: server/alerts/channel.ts).
 * Every process runs one, and they share each alert's fan-out through the store's claims
 * (store/types.ts `ClaimStore`): a sender claims a batch of up to 256 subscriptions of one channel,
 * sends them, marks the claim done and claims the next, so every worker of every machine sends a
 * part. It renews its claims on a timer; when it dies (kill -9), its claims expire and another
 * sender takes them over. Each delivery is recorded before a byte of it leaves (deliver-one.ts).
 * Taking a claim over deletes its `sending` records:
 * a message never leaves without its record, so none is lost, and one is sent twice only when its
 * sender died between that record and hearing the message was written; the copy has the same Topic
 * and tag, so the device shows one notification, and a webhook's or a mail's copy the same
 * `webhook-id` or `Message-ID`. While the store does not answer (a database restarting), nothing is
 * sent, since no record can be written; what was left unsent is still owed, and goes once it answers
 * again, before its claim is marked done.
 *
 * One pool of lanes serves the claims, oldest first, each lane one delivery at a time: a
 * subscription whose key the crypto refuses, whose push service refuses it or never answers holds
 * one lane and fails alone, recorded with its reason, while the rest go on.
 *
 * The store answers in promises, so what reads and changes the shares runs in turns, one at a time
 * (`#kick`): a pass (renew the claims, fill the lanes) or a fill (hand owed subscriptions to free
 * lanes, claim a batch when none is left, finish the claims whose deliveries are all over). The next
 * pass is timed only once the last one has ended, so renewals never overlap.
 */
export class AlertSender {
  readonly #store: SenderOptions['store'];
  readonly #options: Required<SenderOptions>;
  readonly #channels: readonly Channel[];
  readonly #holder = `${os.hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  /** The claims being sent here, in the order they were claimed. */
  readonly #shares = new Map<string, Share>();
  readonly #lanes = new Set<Promise<void>>();
  #timer: NodeJS.Timeout | null = null;
  #stopping = false;
  /** Until when this sender's claims surely hold: renewed by each pass. */
  #heldUntil = 0;
  #lastPrune = 0;
  /** The turns running now, if any (`#kick`). */
  #turn: Promise<void> | null = null;
  #passWanted = false;
  #fillWanted = false;

  constructor(options: SenderOptions) {
    this.#store = options.store;
    this.#options = { ...SENDER_DEFAULTS, ...options };
    this.#channels = options.channels.map((channel) => channel.name);
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

  /**
   * Stops taking messages, lets those in flight finish and be recorded, and lets its claims go (what
   * is left of them is sent by the others at once).
   */
  async stop(): Promise<void> {
    this.#stopping = true;
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
    // A lane's end asks for a turn (it finishes its claim when it was the last): both end first.
    while (this.#turn || this.#lanes.size > 0) await Promise.all([this.#turn, ...this.#lanes]);
    await this.#store.claims.releaseClaims(this.#holder);
    await this.#store.senderLease.release(this.#holder);
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
      // Sooner while claims are held, so they are renewed in time.
      if (pass) {
        const busy = this.#shares.size > 0;
        this.#schedule(
          busy ? Math.min(this.#options.pollMs, this.#options.leaseMs / 4) : this.#options.pollMs,
        );
      }
    }
    // No await since the loop's last check: a kick from now on starts turns anew.
    this.#turn = null;
  }

  /** Renews this sender's claims; a share whose claim another sender took is dropped here. */
  async #renew(): Promise<void> {
    // Counted from before asking: the store extends the claims no earlier than this.
    const now = this.#options.clock();
    const held = new Set(
      (await this.#store.claims.renewClaims(this.#holder, this.#options.leaseMs)).map(keyOf),
    );
    this.#heldUntil = now + this.#options.leaseMs;
    for (const [key, share] of this.#shares) {
      if (held.has(key)) continue;
      share.lost = true;
      share.queue = [];
      if (share.active === 0) this.#shares.delete(key);
      this.#options.logger.warn(
        { alert: share.claim.alert.key, channel: share.claim.channel },
        'alerts: a claim expired and another sender took it',
      );
    }
  }

  /** Whether this sender's claims surely still hold: a margin before another could take them. */
  #holds(): boolean {
    return this.#options.clock() < this.#heldUntil - this.#options.leaseMs / 4;
  }

  /** Renews the claims, fills the lanes, and prunes the store once an hour (one process at a time). */
  async #pass(): Promise<void> {
    if (this.#stopping) return;
    await this.#renew();
    await this.#fill();
    if (this.#options.clock() - this.#lastPrune > PRUNE_EVERY_MS) {
      this.#lastPrune = this.#options.clock();
      if (!(await this.#store.senderLease.lease(this.#holder, this.#options.leaseMs))) return;
      const pruned = await this.#store.prune();
      await this.#store.senderLease.release(this.#holder);
      if (pruned.deliveries + pruned.subscriptions > 0) this.#options.logger.info(pruned, 'alerts: pruned');
    }
  }

  /**
   * The next subscription to send to: from the oldest share that still has one queued, or from a
   * batch claimed now. Only a turn calls it: no other turn claims or reads meanwhile.
   */
  async #next(): Promise<{ share: Share; recipient: { readonly id: number } } | null> {
    for (const share of this.#shares.values()) {
      const recipient = share.queue.shift();
      if (recipient) return { share, recipient };
    }
    const claim = await this.#store.claims.claimBatch(
      this.#holder,
      this.#options.leaseMs,
      BATCH,
      this.#channels,
    );
    if (!claim) return null;
    const channel = this.#options.channels.find((candidate) => candidate.name === claim.channel)!;
    if (claim.recovered)
      this.#options.logger.warn(
        { alert: claim.alert.key, channel: claim.channel },
        'alerts: a claim another sender left is taken over; what it left unconfirmed is sent again',
      );
    const share: Share = {
      claim,
      channel,
      started: this.#options.clock(),
      queue: [...(await channel.owed(claim.alert, BATCH, claim.after, claim.upTo))],
      active: 0,
      lost: false,
      unsure: false,
      unsent: [],
    };
    this.#shares.set(keyOf(claim), share);
    const recipient = share.queue.shift();
    return recipient ? { share, recipient } : this.#next();
  }

  /**
   * Starts deliveries until every lane is busy or no work is left (or a pass is waiting: it renews
   * the claims, then fills), then finishes the claims whose deliveries are all over.
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
        // The read took long enough to eat into the claims' margin: this one waits for the renewal.
        job.share.queue.unshift(job.recipient);
        break;
      }
      this.#start(job.share, job.recipient);
    }
    for (const share of [...this.#shares.values()]) await this.#finishIfDone(share);
  }

  /** One lane: a delivery, then a turn to fill the lane again (and finish its claim if it was the last). */
  #start(share: Share, recipient: { readonly id: number }): void {
    share.active += 1;
    const lane: Promise<void> = deliverOne(
      this.#store,
      this.#options.logger,
      share.claim.alert,
      share.channel,
      recipient,
    )
      .then((records) => {
        if (records !== 'recorded') share.unsure = true;
        if (records === 'unsent') share.unsent.push(recipient.id);
      })
      .finally(() => {
        this.#lanes.delete(lane);
        share.active -= 1;
        this.#kick('fill');
      });
    this.#lanes.add(lane);
  }

  /**
   * Finishes a claim once its deliveries are all over. When the store failed (a reading or a writing
   * rejects), the share stays, still renewed, and the next fill tries again: a claim is never left
   * open and renewed by a sender that has forgotten it.
   */
  async #finishIfDone(share: Share): Promise<void> {
    if (share.queue.length > 0 || share.active > 0) return;
    const key = keyOf(share.claim);
    if (share.lost) {
      this.#shares.delete(key);
      return;
    }
    const { alert } = share.claim;
    if (share.unsure) {
      // A delivery of it went unrecorded: those whose `sending` record's write rejected (which the
      // store may yet have taken) were never sent, and go now, before the claim is marked done.
      if (share.unsent.length > 0) {
        await this.#store.deliveries.forgetUnsent(alert.id, share.channel.name, share.unsent);
        share.unsent = [];
      }
      const owed = await share.channel.owed(alert, BATCH, share.claim.after, share.claim.upTo);
      share.unsure = false;
      if (owed.length > 0) {
        share.queue = [...owed];
        this.#kick('fill');
        return;
      }
    }
    const { alertDone } = await this.#store.claims.finishClaim(share.claim, this.#holder, this.#channels);
    this.#shares.delete(key);
    if (alertDone)
      this.#options.logger.info(
        {
          alert: alert.key,
          ms: this.#options.clock() - alert.createdAt,
          deliveries: await this.#store.deliveries.deliveryCounts(alert.id),
        },
        'alerts: sent',
      );
  }
}
