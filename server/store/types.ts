import type { AlertReason, LedgerEntry, LedgerMark } from '../../domain/alerts.js';
import type { AudienceFilter, WindowFilter } from '../../domain/schemas/index.js';
import type { EmailStore, WebhookStore } from './channel-types.js';
import type { LeadStore } from './lead-types.js';

export type * from './channel-types.js';
export type * from './lead-types.js';

/**
 * The service's store as its users see it, whatever the engine, by part: the alerts' subscriptions
 * on each channel, the publication ledger and the alerts made from it, a record per (alert,
 * recipient) delivery, the senders' claims, the leads, and the two leases (one sender, one
 * watcher). Each user takes the parts it uses (`Pick<Store, 'subscriptions' | …>`). SQLite
 * (./sqlite/, one file per machine) and PostgreSQL (./postgres/, one database for every machine)
 * implement every part alike, method for method: the same results in the same order, the same
 * refusals, every timestamp from the store's clock. It is opened by `openStore` (./index.ts), which
 * picks the engine from the location and resolves once the store is at its engine's latest schema.
 *
 * Every method that reads or writes returns a promise, so an engine may answer over the network
 * (PostgreSQL); a failure is a rejected promise, never a throw. What its users rely on, each stated
 * where it is relied on:
 * - a write has happened, durably, once its promise resolves: the sender awaits a delivery's
 *   `sending` record before a byte of the message is written (server/alerts/sender.ts), so a crash
 *   never leaves a message sent that has no record, and one between the record and the write only
 *   makes the next lease holder send it again (`deliveries.resendUnwritten`);
 * - a method's transaction is its own: `ledger.recordPublication` reads the ledger, calls its
 *   synchronous `decide` and writes in one write transaction, so two workers loading the same content
 *   make each alert once (server/alerts/alerts.ts); `lease` takes or renews a lease in one;
 * - nothing else is atomic across calls: the sender reads what is owed and hands the recipients to
 *   its lanes one read at a time (a read awaited must not let another read hand out the same ones),
 *   and renews its lease on a timer that never overlaps itself;
 * - a failure rejects the promise the caller awaits: in a request (each channel's endpoints.ts) it
 *   reaches the problem boundary as a throw did, and is answered as an RFC 9457 problem (500, or 503
 *   while the store is out: server/alerts/store-outage.ts); the sender and the ledger log it;
 * - `version` and `ledger.startedAt` are read once as the store opens and do not change while it is
 *   open.
 */
export interface Store {
  /** The schema version of the store as it was opened: how many of its engine's migrations it has. */
  readonly version: number;
  readonly subscriptions: SubscriptionStore;
  readonly webhooks: WebhookStore;
  readonly emails: EmailStore;
  readonly ledger: LedgerStore;
  readonly deliveries: DeliveryStore;
  readonly claims: ClaimStore;
  /** The alerts' sender's lease: which process renews the claims and resends what was not written. */
  readonly senderLease: LeaseStore;
  /** The lead watcher's lease: across machines, one watcher polls; its writes are fenced by it. */
  readonly watcherLease: LeaseStore;
  readonly leads: LeadStore;
  /**
   * Deletes what is kept no longer: old delivery records, expired and long-unrenewed browser
   * subscriptions, email addresses never confirmed and webhooks never verified.
   */
  prune(): Promise<{ deliveries: number; subscriptions: number }>;
  close(): Promise<void>;
}

/** The parts of a store, by name: what `Store` holds besides its version, `prune` and `close`. */
export type StoreParts = Omit<Store, 'version' | 'prune' | 'close'>;

/** A stored subscription: where to push, the keys to encrypt with, and the filters it wants. */
export interface StoredSubscription {
  readonly id: number;
  readonly endpoint: string;
  readonly p256dh: string;
  readonly auth: string;
  readonly audience: AudienceFilter;
  readonly window: WindowFilter;
}

/** A subscription to store: the endpoint in its canonical form, and when the push service ends it. */
export type NewSubscription = Omit<StoredSubscription, 'id'> & { readonly expiresAt: number | null };

/** What `subscribe` did: stored a new subscription, updated the one with this endpoint, or neither (full). */
export type Subscribed = { created: boolean; full?: never } | { created: false; full: true };

/**
 * What `renewSubscription` found: the endpoint stored with these keys (renewed), stored with other
 * keys (nothing changed), or not stored.
 */
export type Renewal = 'renewed' | 'new keys' | 'unknown';

export interface SubscriptionStore {
  /**
   * Stores a subscription, or updates the filters and keys of the one with this endpoint (given in
   * its canonical form). A new one past `max` subscriptions in all is not stored: `full`.
   */
  subscribe(subscription: NewSubscription, max?: number): Promise<Subscribed>;
  /**
   * Renews the subscription with this endpoint when it is stored with these very keys: its filters
   * and expiry are replaced and it counts as renewed. Anything else changes nothing: a new endpoint,
   * or new keys, must first have a push service take a message (server/alerts/push/welcome.ts).
   */
  renewSubscription(subscription: NewSubscription): Promise<Renewal>;
  /** Inserts many subscriptions in few transactions (the fan-out bench and its tests). */
  subscribeMany(subscriptions: readonly NewSubscription[]): Promise<void>;
  /** Deletes the subscription with this endpoint, if there is one. */
  unsubscribe(endpoint: string): Promise<void>;
  removeSubscription(id: number): Promise<void>;
  subscriptionCount(): Promise<number>;
  /**
   * How many subscriptions of each filter pair (`audience/window` → count), on every channel: browsers,
   * active webhooks and confirmed addresses (what an alert for that pair would go to).
   */
  subscriptionsByFilters(): Promise<Map<string, number>>;
}

export interface NewAlert {
  /** Unique per event and reason (and revision, for a correction): the same alert is never made twice. */
  readonly key: string;
  readonly eventId: string;
  readonly reason: AlertReason;
  /** The notification's JSON. */
  readonly payload: string;
  /** The event's record, as the API serves it: a webhook's `data`, an email's facts. */
  readonly record: string;
  /** `audience/window` of every filter pair the event matches. */
  readonly matching: readonly string[];
}

/**
 * What a content load decides from the ledger: the entries it saw and the alerts it makes. It is
 * synchronous, called inside `recordPublication`'s write transaction, and must stay so: nothing may be
 * awaited between reading the ledger and writing what was decided from it.
 */
export type PublicationDecision = (
  ledger: Map<string, LedgerEntry>,
  marks: LedgerMark[],
  startedAt: number,
) => {
  readonly entries: readonly (LedgerEntry & { eventId: string })[];
  readonly alerts: readonly NewAlert[];
};

export interface LedgerStore {
  /**
   * When this store began: content first published before it is history, never alerted. Written
   * once, by whichever process opened the store first; read as the store opens.
   */
  readonly startedAt: number;
  ledger(): Promise<Map<string, LedgerEntry>>;
  marks(): Promise<LedgerMark[]>;
  /** A curator's word on an event's revision: send no alert for it (`silent`), or send one (`alert`). */
  mark(mark: LedgerMark): Promise<void>;
  /**
   * Records what a content load saw and the alerts it makes, in one transaction: `decide` reads the
   * ledger as it is once this process holds the write lock, so two workers loading the same content
   * make each alert once. Resolves, once that transaction is committed, with the alerts made now.
   * Its caller runs one at a time per process (server/alerts/alerts.ts), in the order of the loads.
   */
  recordPublication(decide: PublicationDecision): Promise<NewAlert[]>;
  alertCount(): Promise<number>;
}

export interface PendingAlert {
  readonly id: number;
  readonly key: string;
  readonly eventId: string;
  readonly reason: AlertReason;
  readonly payload: string;
  /** The event's record as the API served it; null for an alert made before records were kept. */
  readonly record: string | null;
  readonly createdAt: number;
}

/**
 * A delivery's record: `sending` (durable before the message's first byte is written),
 * `sent` (the kernel has all of it), then the push service's answer: `delivered`, `gone`, `failed`.
 */
export type DeliveryOutcome = 'sending' | 'sent' | 'delivered' | 'gone' | 'failed';

/** The ways an alert reaches a subscriber: a browser's push service, a webhook, an email address. */
export type Channel = 'push' | 'webhook' | 'email' | 'telegram';

/** The one recipient of the Telegram channel: its deliveries' `subscription_id`. */
export const TELEGRAM_RECIPIENT = 1;

/**
 * Why a Telegram post left `sending` by a sender that stopped is recorded failed, not sent again: the
 * channel may show it already, and a public post is never made twice (docs/operations.md §12).
 */
export const TELEGRAM_MAYBE_POSTED =
  'may have been posted before its sender stopped: a Telegram post is never sent twice';

/** One delivery: an alert to one subscription of one channel (ids are per channel). */
export interface Delivery {
  readonly alertId: number;
  readonly channel: Channel;
  readonly subscriptionId: number;
}

export interface DeliveryDetails {
  readonly status: number | null;
  readonly attempts: number;
  readonly reason?: string | null;
}

export interface DeliveryFailure {
  readonly channel: Channel;
  readonly subscriptionId: number;
  readonly status: number | null;
  readonly reason: string | null;
}

export interface DeliveryStore {
  /** Alerts not yet delivered to every subscription they were made for, oldest first. */
  pendingAlerts(): Promise<PendingAlert[]>;
  /**
   * Up to `limit` browser subscriptions the alert is still owed to: matching its filters, made before
   * the alert, with no delivery record for it (a record in any state, `sending` included, means its
   * turn is over). `owedWebhooks` and `owedEmails` are the same for the other channels.
   */
  owed(alertId: number, limit: number, afterId?: number, upTo?: number): Promise<StoredSubscription[]>;
  /**
   * The public Telegram channel (server/alerts/telegram/): one recipient, id `TELEGRAM_RECIPIENT`,
   * stored nowhere but in its delivery records. It is owed every alert it has no record for, whatever
   * the alert's filters (a channel's readers are everyone); the channel chooses which reasons it posts.
   */
  owedTelegram(alertId: number, afterId?: number, upTo?: number): Promise<{ readonly id: number }[]>;
  /**
   * Records one delivery's state, in the one table of every channel's deliveries; the sender awaits
   * `sending` before the message's first byte is written. A failure carries its reason (`push service answered
   * 400`, `timed out`, `not encrypted: …`).
   */
  recordDelivery(delivery: Delivery, outcome: DeliveryOutcome, details?: DeliveryDetails): Promise<void>;
  /** The failed deliveries of an alert, with why (tests, `alerts:preview`). */
  failures(alertId: number): Promise<DeliveryFailure[]>;
  /**
   * Deletes the records still `sending` (a sender died between its record and writing the message,
   * or just after), so the next holder sends those again, and reopens their alerts; returns
   * how many. Only a new lease holder calls it: a live holder's own are in flight.
   */
  resendUnwritten(): Promise<number>;
  /** Deletes these `sending` records, whose write rejected (the store may yet have taken them). */
  forgetUnsent(alertId: number, channel: Channel, subscriptionIds: readonly number[]): Promise<number>;
  finishAlert(alertId: number): Promise<void>;
  /** Delivery records of an alert by outcome (tests, the bench, the log). */
  deliveryCounts(alertId: number): Promise<Record<string, number>>;
  /** Delivery records of every alert by outcome. */
  allDeliveryCounts(): Promise<Record<string, number>>;
}

/** Which share of an alert's fan-out a claim is: the alert, the channel, and where its ids begin. */
export interface ClaimKey {
  readonly alertId: number;
  readonly channel: Channel;
  /** The claim covers the subscriptions with ids in (`after`, `upTo`]. */
  readonly after: number;
}

/**
 * A share of one alert's fan-out that one sender has claimed: the channel's subscriptions with ids in
 * (`after`, `upTo`] (at most the batch's size of them were owed when it was made). Only its holder
 * sends them while it renews the claim; once the claim expires, any sender may take it over.
 */
export interface Claim extends ClaimKey {
  readonly alert: PendingAlert;
  readonly upTo: number;
  /**
   * Taken over from a sender that stopped renewing it (it died, or lost the store): the claim's
   * `sending` records were deleted as it was taken, so what its holder may not have sent is sent again.
   */
  readonly recovered: boolean;
}

/**
 * How the senders of every process (of every machine, on a shared engine) divide the alerts between
 * them: each claims batches of an alert's subscriptions, one channel at a time, sends them and marks
 * its claims done; a claim its holder stops renewing returns to the others. Every claim is made,
 * taken over, renewed and finished in one transaction, so no two senders ever hold the same one.
 */
export interface ClaimStore {
  /**
   * Claims work for `holder` until `ttlMs` from now: first a claim another holder let expire (taken
   * over: `recovered`), then a new batch of up to `size` subscriptions of the oldest pending alert
   * still owed on one of `channels`, in their order. An alert with nothing owed on those channels
   * beyond its claims, and no claim open, is recorded done on the way. Null when there is no work.
   */
  claimBatch(
    holder: string,
    ttlMs: number,
    size: number,
    channels: readonly Channel[],
  ): Promise<Claim | null>;
  /** Extends the holder's open claims to `ttlMs` from now; returns those it still holds. */
  renewClaims(holder: string, ttlMs: number): Promise<ClaimKey[]>;
  /**
   * Marks the holder's claim done (its deliveries are all recorded). When it was the alert's last
   * open claim and nothing more is owed on `channels`, the alert is recorded done: `alertDone`.
   */
  finishClaim(claim: ClaimKey, holder: string, channels: readonly Channel[]): Promise<{ alertDone: boolean }>;
  /** Lets the holder's open claims expire at once (a clean stop), for the others to take over. */
  releaseClaims(holder: string): Promise<void>;
  /** The holders of open claims: the senders sending now (tests, the log). */
  claimHolders(): Promise<string[]>;
}

/** The tables that hold a lease: the alerts' sender's and the leads' watcher's, one row each. */
export type LeaseTable = 'sender' | 'watcher';

export interface LeaseStore {
  /**
   * Takes or renews the lease for `holder` until `ttlMs` from now; true when it holds it. A lease whose
   * holder stopped renewing (a crash) is taken over once it expires. One transaction: of two
   * processes asking at once, one holds it. `ttlMs` counts from the engine's clock as it writes, so a
   * caller counts its own lease from before it asked.
   */
  lease(holder: string, ttlMs: number): Promise<boolean>;
  /** Gives the lease up (a clean stop), so another process takes it without waiting for it to expire. */
  release(holder: string): Promise<void>;
  /** Who holds the lease now (`host:pid:random`), if anyone. */
  leaseHolder(): Promise<string | null>;
}

/** How long delivery records are kept, and a subscription no page has renewed (docs/product-decisions.md §15). */
export const DELIVERY_RECORD_DAYS = 30;
export const SUBSCRIPTION_IDLE_DAYS = 400;
export const DAY_MS = 86_400_000;
/** How long an email confirmation link works; an address never confirmed is forgotten after it. */
export const CONFIRMATION_DAYS = 2;
/** Days a webhook that never proved it wants the alerts (`pending`) is kept before it is forgotten. */
export const PENDING_WEBHOOK_DAYS = 2;
/**
 * At most one confirmation mail per mailbox in this time (docs/product-decisions.md), however the
 * address is spelled (./mailbox.ts).
 */
export const CONFIRMATION_EVERY_MS = 3_600_000;
/** At most this many confirmation mails per mailbox in a day, however the address is spelled. */
export const CONFIRMATIONS_PER_DAY = 3;
