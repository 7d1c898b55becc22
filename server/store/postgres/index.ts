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
import { PostgresClaims } from './claims.js';
import { DEFAULT_POOL, PostgresConnection } from './connection.js';
import { PostgresDeliveries } from './deliveries.js';
import { PostgresEmails } from './emails.js';
import { PostgresLease } from './lease.js';
import { PostgresLeads } from './leads.js';
import { PostgresLedger } from './ledger.js';
import { migrate } from './migrations.js';
import { PostgresSubscriptions } from './subscriptions.js';
import { PostgresWebhooks } from './webhooks.js';

/**
 * The alerts' store in one PostgreSQL database, shared by every worker of every machine: each
 * process holds a bounded pool of connections (./connection.ts), and its parts run their statements
 * on it. Opening it brings the database to the latest schema (./migrations.ts). It behaves as the
 * SQLite engine does, method for method: where SQLite's one write lock made a check-then-write safe,
 * an advisory lock or a row lock does here (each said where it is taken).
 */
export class PostgresAlertStore implements AlertStore {
  readonly version: number;
  readonly startedAt: number;
  readonly #connection: PostgresConnection;
  readonly #subscriptions: PostgresSubscriptions;
  readonly #webhooks: PostgresWebhooks;
  readonly #emails: PostgresEmails;
  readonly #ledger: PostgresLedger;
  readonly #deliveries: PostgresDeliveries;
  readonly #lease: PostgresLease;
  readonly #claims: PostgresClaims;
  readonly #leads: PostgresLeads;
  #closed: Promise<void> | null = null;

  /**
   * Connects to the database at `url`, brings it to the latest schema and reads its start; rejects
   * when it cannot, its pool ended.
   */
  static async open(
    url: string,
    clock: () => number = Date.now,
    pool = DEFAULT_POOL,
  ): Promise<PostgresAlertStore> {
    const connection = new PostgresConnection(url, clock, pool);
    try {
      const { version, startedAt } = await migrate(connection);
      return new PostgresAlertStore(connection, version, startedAt);
    } catch (error) {
      await connection.close().catch(() => undefined);
      throw error;
    }
  }

  private constructor(connection: PostgresConnection, version: number, startedAt: number) {
    this.#connection = connection;
    this.version = version;
    this.startedAt = startedAt;
    this.#subscriptions = new PostgresSubscriptions(connection);
    this.#webhooks = new PostgresWebhooks(connection);
    this.#emails = new PostgresEmails(connection);
    this.#ledger = new PostgresLedger(connection, startedAt);
    this.#deliveries = new PostgresDeliveries(connection);
    this.#lease = new PostgresLease(connection);
    this.#leads = new PostgresLeads(connection);
    this.#claims = new PostgresClaims(connection, {
      deliveries: this.#deliveries,
      webhooks: this.#webhooks,
      emails: this.#emails,
    });
  }

  async prune(): Promise<{ deliveries: number; subscriptions: number }> {
    const now = this.#connection.clock();
    return await this.#connection.transaction(async (sql) => ({
      deliveries: (await this.#deliveries.pruneOld(sql, now)) + (await this.#claims.pruneDone(sql, now)),
      subscriptions:
        (await this.#subscriptions.pruneIdle(sql, now)) +
        (await this.#emails.pruneUnconfirmed(sql, now)) +
        (await this.#webhooks.prunePending(sql, now)),
    }));
  }

  /** Ends the pool, once however many times it is called. */
  close(): Promise<void> {
    return (this.#closed ??= this.#connection.close());
  }

  // Subscriptions (./subscriptions.ts)

  subscribe(subscription: NewSubscription, max?: number): Promise<Subscribed> {
    return this.#subscriptions.subscribe(subscription, max);
  }

  renewSubscription(subscription: NewSubscription): Promise<Renewal> {
    return this.#subscriptions.renewSubscription(subscription);
  }

  subscribeMany(subscriptions: readonly NewSubscription[]): Promise<void> {
    return this.#subscriptions.subscribeMany(subscriptions);
  }

  unsubscribe(endpoint: string): Promise<void> {
    return this.#subscriptions.unsubscribe(endpoint);
  }

  removeSubscription(id: number): Promise<void> {
    return this.#subscriptions.removeSubscription(id);
  }

  subscriptionCount(): Promise<number> {
    return this.#subscriptions.subscriptionCount();
  }

  subscriptionsByFilters(): Promise<Map<string, number>> {
    return this.#subscriptions.subscriptionsByFilters();
  }

  // Webhooks (./webhooks.ts)

  addWebhook(webhook: NewWebhook, max?: number, maxPending?: number): Promise<AddedWebhook> {
    return this.#webhooks.addWebhook(webhook, max, maxPending);
  }

  webhook(publicId: string): Promise<StoredWebhook | null> {
    return this.#webhooks.webhook(publicId);
  }

  activateWebhook(id: number): Promise<void> {
    return this.#webhooks.activateWebhook(id);
  }

  recordWebhookResult(id: number, result: WebhookResult): Promise<void> {
    return this.#webhooks.recordWebhookResult(id, result);
  }

  removeWebhook(id: number): Promise<void> {
    return this.#webhooks.removeWebhook(id);
  }

  webhookCount(verified?: 'verified'): Promise<number> {
    return this.#webhooks.webhookCount(verified);
  }

  owedWebhooks(alertId: number, limit: number, afterId?: number, upTo?: number): Promise<StoredWebhook[]> {
    return this.#webhooks.owedWebhooks(alertId, limit, afterId, upTo);
  }

  // Email addresses (./emails.ts)

  requestEmail(request: EmailRequest, max?: number, maxUnconfirmed?: number): Promise<EmailRequestOutcome> {
    return this.#emails.requestEmail(request, max, maxUnconfirmed);
  }

  confirmationNotSent(id: number, confirmHash: string): Promise<void> {
    return this.#emails.confirmationNotSent(id, confirmHash);
  }

  confirmEmail(confirmHash: string): Promise<StoredEmail | null> {
    return this.#emails.confirmEmail(confirmHash);
  }

  keepUnsubscribeHash(id: number, unsubscribeHash: string): Promise<void> {
    return this.#emails.keepUnsubscribeHash(id, unsubscribeHash);
  }

  unsubscribeEmail(unsubscribeHash: string): Promise<boolean> {
    return this.#emails.unsubscribeEmail(unsubscribeHash);
  }

  removeEmail(id: number): Promise<void> {
    return this.#emails.removeEmail(id);
  }

  emailCount(verified?: 'verified'): Promise<number> {
    return this.#emails.emailCount(verified);
  }

  owedEmails(alertId: number, limit: number, afterId?: number, upTo?: number): Promise<StoredEmail[]> {
    return this.#emails.owedEmails(alertId, limit, afterId, upTo);
  }

  // The ledger (./ledger.ts)

  ledger(): Promise<Map<string, LedgerEntry>> {
    return this.#ledger.ledger();
  }

  marks(): Promise<LedgerMark[]> {
    return this.#ledger.marks();
  }

  mark(mark: LedgerMark): Promise<void> {
    return this.#ledger.mark(mark);
  }

  recordPublication(decide: PublicationDecision): Promise<NewAlert[]> {
    return this.#ledger.recordPublication(decide);
  }

  alertCount(): Promise<number> {
    return this.#ledger.alertCount();
  }

  // Deliveries (./deliveries.ts)

  pendingAlerts(): Promise<PendingAlert[]> {
    return this.#deliveries.pendingAlerts();
  }

  owed(alertId: number, limit: number, afterId?: number, upTo?: number): Promise<StoredSubscription[]> {
    return this.#deliveries.owed(alertId, limit, afterId, upTo);
  }

  owedTelegram(alertId: number, afterId?: number, upTo?: number): Promise<{ id: number }[]> {
    return this.#deliveries.owedTelegram(alertId, afterId, upTo);
  }

  recordDelivery(delivery: Delivery, outcome: DeliveryOutcome, details?: DeliveryDetails): Promise<void> {
    return this.#deliveries.recordDelivery(delivery, outcome, details);
  }

  failures(alertId: number): Promise<DeliveryFailure[]> {
    return this.#deliveries.failures(alertId);
  }

  resendUnwritten(): Promise<number> {
    return this.#deliveries.resendUnwritten();
  }

  forgetUnsent(alertId: number, channel: Channel, subscriptionIds: readonly number[]): Promise<number> {
    return this.#deliveries.forgetUnsent(alertId, channel, subscriptionIds);
  }

  finishAlert(alertId: number): Promise<void> {
    return this.#deliveries.finishAlert(alertId);
  }

  deliveryCounts(alertId: number): Promise<Record<string, number>> {
    return this.#deliveries.deliveryCounts(alertId);
  }

  allDeliveryCounts(): Promise<Record<string, number>> {
    return this.#deliveries.allDeliveryCounts();
  }

  // The senders' claims (./claims.ts)

  claimBatch(
    holder: string,
    ttlMs: number,
    size: number,
    channels: readonly Channel[],
  ): Promise<Claim | null> {
    return this.#claims.claimBatch(holder, ttlMs, size, channels);
  }

  renewClaims(holder: string, ttlMs: number): Promise<ClaimKey[]> {
    return this.#claims.renewClaims(holder, ttlMs);
  }

  finishClaim(
    claim: ClaimKey,
    holder: string,
    channels: readonly Channel[],
  ): Promise<{ alertDone: boolean }> {
    return this.#claims.finishClaim(claim, holder, channels);
  }

  releaseClaims(holder: string): Promise<void> {
    return this.#claims.releaseClaims(holder);
  }

  claimHolders(): Promise<string[]> {
    return this.#claims.claimHolders();
  }

  // The sender's lease (./lease.ts)

  lease(holder: string, ttlMs: number): Promise<boolean> {
    return this.#lease.lease(holder, ttlMs);
  }

  release(holder: string): Promise<void> {
    return this.#lease.release(holder);
  }

  leaseHolder(): Promise<string | null> {
    return this.#lease.leaseHolder();
  }

  // The leads (./leads.ts)

  recordLead(sighting: LeadSighting, fence?: string): Promise<{ lead: StoredLead; created: boolean }> {
    return this.#leads.recordLead(sighting, fence);
  }

  leads(outcome?: LeadOutcome): Promise<StoredLead[]> {
    return this.#leads.leads(outcome);
  }

  lead(id: number): Promise<StoredLead | null> {
    return this.#leads.lead(id);
  }

  answerLead(id: number, answer: LeadAnswer, fence?: string): Promise<boolean> {
    return this.#leads.answerLead(id, answer, fence);
  }

  untoldLeads(): Promise<StoredLead[]> {
    return this.#leads.untoldLeads();
  }

  markTold(id: number, fence?: string): Promise<void> {
    return this.#leads.markTold(id, fence);
  }

  sourceState(name: string): Promise<string | null> {
    return this.#leads.sourceState(name);
  }

  saveSourceState(name: string, state: string, fence?: string): Promise<void> {
    return this.#leads.saveSourceState(name, state, fence);
  }

  leaseWatcher(holder: string, ttlMs: number): Promise<boolean> {
    return this.#leads.leaseWatcher(holder, ttlMs);
  }

  releaseWatcher(holder: string): Promise<void> {
    return this.#leads.releaseWatcher(holder);
  }

  firstDelivered(eventId: string): Promise<number | null> {
    return this.#leads.firstDelivered(eventId);
  }
}
