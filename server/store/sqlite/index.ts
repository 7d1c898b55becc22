import type { LedgerEntry, LedgerMark } from '../../../domain/alerts.js';
import type {
  AddedWebhook,
  LeadAnswer,
  LeadOutcome,
  LeadSighting,
  StoredLead,
  AlertStore,
  Channel,
  Claim,
  ClaimKey,
  Delivery,
  DeliveryDetails,
  DeliveryFailure,
  DeliveryOutcome,
  EmailRequest,
  EmailRequestOutcome,
  NewAlert,
  NewSubscription,
  NewWebhook,
  PendingAlert,
  PublicationDecision,
  Renewal,
  StoredEmail,
  StoredSubscription,
  StoredWebhook,
  Subscribed,
  WebhookResult,
} from '../types.js';
import { SqliteClaims } from './claims.js';
import { SqliteConnection } from './connection.js';
import { SqliteDeliveries } from './deliveries.js';
import { SqliteEmails } from './emails.js';
import { SqliteLease } from './lease.js';
import { SqliteLeads } from './leads.js';
import { SqliteLedger } from './ledger.js';
import { migrate, schemaVersion } from './migrations.js';
import { SqliteSubscriptions } from './subscriptions.js';
import { SqliteWebhooks } from './webhooks.js';

export { SCHEMA_1, SCHEMA_VERSION } from './migrations.js';

/**
 * `work`'s result as a promise, and what it throws as a rejection. better-sqlite3 runs `work` now, in
 * this turn: a write has been made (and committed, unless a transaction of the caller's holds it)
 * before the promise is even returned, and calls made in turn are made in that order.
 */
function promised<T>(work: () => T): Promise<T> {
  return new Promise<T>((resolve) => resolve(work()));
}

/**
 * The alerts' store in one SQLite file per machine, opened by every worker (./connection.ts): its
 * parts share the connection, and with it the statements it keeps (see `retained` there). Opening
 * it brings the file to the latest schema (./migrations.ts).
 *
 * better-sqlite3 is synchronous: the parts are (`Synchronous<…>`), and each method here runs its part
 * at once and returns the result as the interface's promise (`promised`).
 */
export class SqliteAlertStore implements AlertStore {
  readonly version: number;
  readonly startedAt: number;
  readonly #connection: SqliteConnection;
  readonly #subscriptions: SqliteSubscriptions;
  readonly #webhooks: SqliteWebhooks;
  readonly #emails: SqliteEmails;
  readonly #ledger: SqliteLedger;
  readonly #deliveries: SqliteDeliveries;
  readonly #lease: SqliteLease;
  readonly #claims: SqliteClaims;
  readonly #leads: SqliteLeads;

  /** Opens the file and brings it to the latest schema; rejects when it cannot. */
  static open(file: string, clock: () => number = Date.now): Promise<SqliteAlertStore> {
    return promised(() => new SqliteAlertStore(file, clock));
  }

  private constructor(file: string, clock: () => number) {
    this.#connection = new SqliteConnection(file, clock);
    migrate(this.#connection);
    this.#subscriptions = new SqliteSubscriptions(this.#connection);
    this.#webhooks = new SqliteWebhooks(this.#connection);
    this.#emails = new SqliteEmails(this.#connection);
    this.#ledger = new SqliteLedger(this.#connection);
    this.#deliveries = new SqliteDeliveries(this.#connection);
    this.#lease = new SqliteLease(this.#connection);
    this.#claims = new SqliteClaims(this.#connection, {
      deliveries: this.#deliveries,
      webhooks: this.#webhooks,
      emails: this.#emails,
    });
    this.#leads = new SqliteLeads(this.#connection);
    this.version = schemaVersion(this.#connection);
    this.startedAt = this.#ledger.startedAt;
  }

  prune(): Promise<{ deliveries: number; subscriptions: number }> {
    const now = this.#connection.clock();
    return promised(() =>
      this.#connection.immediate(() => ({
        deliveries: this.#deliveries.pruneOld(now) + this.#claims.pruneDone(now),
        subscriptions:
          this.#subscriptions.pruneIdle(now) +
          this.#emails.pruneUnconfirmed(now) +
          this.#webhooks.prunePending(now),
      })),
    );
  }

  close(): Promise<void> {
    return promised(() => this.#connection.close());
  }

  // Subscriptions (./subscriptions.ts)

  subscribe(subscription: NewSubscription, max?: number): Promise<Subscribed> {
    return promised(() => this.#subscriptions.subscribe(subscription, max));
  }

  renewSubscription(subscription: NewSubscription): Promise<Renewal> {
    return promised(() => this.#subscriptions.renewSubscription(subscription));
  }

  subscribeMany(subscriptions: readonly NewSubscription[]): Promise<void> {
    return promised(() => this.#subscriptions.subscribeMany(subscriptions));
  }

  unsubscribe(endpoint: string): Promise<void> {
    return promised(() => this.#subscriptions.unsubscribe(endpoint));
  }

  removeSubscription(id: number): Promise<void> {
    return promised(() => this.#subscriptions.removeSubscription(id));
  }

  subscriptionCount(): Promise<number> {
    return promised(() => this.#subscriptions.subscriptionCount());
  }

  subscriptionsByFilters(): Promise<Map<string, number>> {
    return promised(() => this.#subscriptions.subscriptionsByFilters());
  }

  // Webhooks (./webhooks.ts)

  addWebhook(webhook: NewWebhook, max?: number, maxPending?: number): Promise<AddedWebhook> {
    return promised(() => this.#webhooks.addWebhook(webhook, max, maxPending));
  }

  webhook(publicId: string): Promise<StoredWebhook | null> {
    return promised(() => this.#webhooks.webhook(publicId));
  }

  activateWebhook(id: number): Promise<void> {
    return promised(() => this.#webhooks.activateWebhook(id));
  }

  recordWebhookResult(id: number, result: WebhookResult): Promise<void> {
    return promised(() => this.#webhooks.recordWebhookResult(id, result));
  }

  removeWebhook(id: number): Promise<void> {
    return promised(() => this.#webhooks.removeWebhook(id));
  }

  webhookCount(verified?: 'verified'): Promise<number> {
    return promised(() => this.#webhooks.webhookCount(verified));
  }

  owedWebhooks(alertId: number, limit: number, afterId?: number, upTo?: number): Promise<StoredWebhook[]> {
    return promised(() => this.#webhooks.owedWebhooks(alertId, limit, afterId, upTo));
  }

  // Email addresses (./emails.ts)

  requestEmail(request: EmailRequest, max?: number, maxUnconfirmed?: number): Promise<EmailRequestOutcome> {
    return promised(() => this.#emails.requestEmail(request, max, maxUnconfirmed));
  }

  confirmationNotSent(id: number, confirmHash: string): Promise<void> {
    return promised(() => this.#emails.confirmationNotSent(id, confirmHash));
  }

  confirmEmail(confirmHash: string): Promise<StoredEmail | null> {
    return promised(() => this.#emails.confirmEmail(confirmHash));
  }

  keepUnsubscribeHash(id: number, unsubscribeHash: string): Promise<void> {
    return promised(() => this.#emails.keepUnsubscribeHash(id, unsubscribeHash));
  }

  unsubscribeEmail(unsubscribeHash: string): Promise<boolean> {
    return promised(() => this.#emails.unsubscribeEmail(unsubscribeHash));
  }

  removeEmail(id: number): Promise<void> {
    return promised(() => this.#emails.removeEmail(id));
  }

  emailCount(verified?: 'verified'): Promise<number> {
    return promised(() => this.#emails.emailCount(verified));
  }

  owedEmails(alertId: number, limit: number, afterId?: number, upTo?: number): Promise<StoredEmail[]> {
    return promised(() => this.#emails.owedEmails(alertId, limit, afterId, upTo));
  }

  // The ledger (./ledger.ts)

  ledger(): Promise<Map<string, LedgerEntry>> {
    return promised(() => this.#ledger.ledger());
  }

  marks(): Promise<LedgerMark[]> {
    return promised(() => this.#ledger.marks());
  }

  mark(mark: LedgerMark): Promise<void> {
    return promised(() => this.#ledger.mark(mark));
  }

  recordPublication(decide: PublicationDecision): Promise<NewAlert[]> {
    return promised(() => this.#ledger.recordPublication(decide));
  }

  alertCount(): Promise<number> {
    return promised(() => this.#ledger.alertCount());
  }

  // Deliveries (./deliveries.ts)

  pendingAlerts(): Promise<PendingAlert[]> {
    return promised(() => this.#deliveries.pendingAlerts());
  }

  owed(alertId: number, limit: number, afterId?: number, upTo?: number): Promise<StoredSubscription[]> {
    return promised(() => this.#deliveries.owed(alertId, limit, afterId, upTo));
  }

  owedTelegram(alertId: number, afterId?: number, upTo?: number): Promise<{ id: number }[]> {
    return promised(() => this.#deliveries.owedTelegram(alertId, afterId, upTo));
  }

  recordDelivery(delivery: Delivery, outcome: DeliveryOutcome, details?: DeliveryDetails): Promise<void> {
    return promised(() => this.#deliveries.recordDelivery(delivery, outcome, details));
  }

  failures(alertId: number): Promise<DeliveryFailure[]> {
    return promised(() => this.#deliveries.failures(alertId));
  }

  resendUnwritten(): Promise<number> {
    return promised(() => this.#deliveries.resendUnwritten());
  }

  forgetUnsent(alertId: number, channel: Channel, subscriptionIds: readonly number[]): Promise<number> {
    return promised(() => this.#deliveries.forgetUnsent(alertId, channel, subscriptionIds));
  }

  finishAlert(alertId: number): Promise<void> {
    return promised(() => this.#deliveries.finishAlert(alertId));
  }

  deliveryCounts(alertId: number): Promise<Record<string, number>> {
    return promised(() => this.#deliveries.deliveryCounts(alertId));
  }

  allDeliveryCounts(): Promise<Record<string, number>> {
    return promised(() => this.#deliveries.allDeliveryCounts());
  }

  // The senders' claims (./claims.ts)

  claimBatch(
    holder: string,
    ttlMs: number,
    size: number,
    channels: readonly Channel[],
  ): Promise<Claim | null> {
    return promised(() => this.#claims.claimBatch(holder, ttlMs, size, channels));
  }

  renewClaims(holder: string, ttlMs: number): Promise<ClaimKey[]> {
    return promised(() => this.#claims.renewClaims(holder, ttlMs));
  }

  finishClaim(
    claim: ClaimKey,
    holder: string,
    channels: readonly Channel[],
  ): Promise<{ alertDone: boolean }> {
    return promised(() => this.#claims.finishClaim(claim, holder, channels));
  }

  releaseClaims(holder: string): Promise<void> {
    return promised(() => this.#claims.releaseClaims(holder));
  }

  claimHolders(): Promise<string[]> {
    return promised(() => this.#claims.claimHolders());
  }

  // The sender's lease (./lease.ts)

  lease(holder: string, ttlMs: number): Promise<boolean> {
    return promised(() => this.#lease.lease(holder, ttlMs));
  }

  release(holder: string): Promise<void> {
    return promised(() => this.#lease.release(holder));
  }

  leaseHolder(): Promise<string | null> {
    return promised(() => this.#lease.leaseHolder());
  }

  // The leads (./leads.ts)

  recordLead(sighting: LeadSighting, fence?: string): Promise<{ lead: StoredLead; created: boolean }> {
    return promised(() => this.#leads.recordLead(sighting, fence));
  }

  leads(outcome?: LeadOutcome): Promise<StoredLead[]> {
    return promised(() => this.#leads.leads(outcome));
  }

  lead(id: number): Promise<StoredLead | null> {
    return promised(() => this.#leads.lead(id));
  }

  answerLead(id: number, answer: LeadAnswer, fence?: string): Promise<boolean> {
    return promised(() => this.#leads.answerLead(id, answer, fence));
  }

  untoldLeads(): Promise<StoredLead[]> {
    return promised(() => this.#leads.untoldLeads());
  }

  markTold(id: number, fence?: string): Promise<void> {
    return promised(() => this.#leads.markTold(id, fence));
  }

  sourceState(name: string): Promise<string | null> {
    return promised(() => this.#leads.sourceState(name));
  }

  saveSourceState(name: string, state: string, fence?: string): Promise<void> {
    return promised(() => this.#leads.saveSourceState(name, state, fence));
  }

  leaseWatcher(holder: string, ttlMs: number): Promise<boolean> {
    return promised(() => this.#leads.leaseWatcher(holder, ttlMs));
  }

  releaseWatcher(holder: string): Promise<void> {
    return promised(() => this.#leads.releaseWatcher(holder));
  }

  firstDelivered(eventId: string): Promise<number | null> {
    return promised(() => this.#leads.firstDelivered(eventId));
  }
}
