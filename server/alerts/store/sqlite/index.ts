import type { LedgerEntry, LedgerMark } from '../../../../domain/alerts.js';
import type {
  AlertStore,
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
  StoredEmail,
  StoredSubscription,
  StoredWebhook,
  WebhookResult,
} from '../types.js';
import { SqliteConnection } from './connection.js';
import { SqliteDeliveries } from './deliveries.js';
import { SqliteEmails } from './emails.js';
import { SqliteLease } from './lease.js';
import { SqliteLedger } from './ledger.js';
import { migrate, schemaVersion } from './migrations.js';
import { SqliteSubscriptions } from './subscriptions.js';
import { SqliteWebhooks } from './webhooks.js';

export { SCHEMA_1, SCHEMA_VERSION } from './migrations.js';

/**
 * The alerts' store in one SQLite file per machine, opened by every worker (./connection.ts): its
 * parts share the connection, and with it the statements it keeps (see `retained` there). Opening
 * it brings the file to the latest schema (./migrations.ts).
 */
export class SqliteAlertStore implements AlertStore {
  readonly #connection: SqliteConnection;
  readonly #subscriptions: SqliteSubscriptions;
  readonly #webhooks: SqliteWebhooks;
  readonly #emails: SqliteEmails;
  readonly #ledger: SqliteLedger;
  readonly #deliveries: SqliteDeliveries;
  readonly #lease: SqliteLease;

  constructor(file: string, clock: () => number = Date.now) {
    this.#connection = new SqliteConnection(file, clock);
    migrate(this.#connection);
    this.#subscriptions = new SqliteSubscriptions(this.#connection);
    this.#webhooks = new SqliteWebhooks(this.#connection);
    this.#emails = new SqliteEmails(this.#connection);
    this.#ledger = new SqliteLedger(this.#connection);
    this.#deliveries = new SqliteDeliveries(this.#connection);
    this.#lease = new SqliteLease(this.#connection);
  }

  get version(): number {
    return schemaVersion(this.#connection);
  }

  prune(): { deliveries: number; subscriptions: number } {
    const now = this.#connection.clock();
    return this.#connection.immediate(() => ({
      deliveries: this.#deliveries.pruneOld(now),
      subscriptions:
        this.#subscriptions.pruneIdle(now) +
        this.#emails.pruneUnconfirmed(now) +
        this.#webhooks.prunePending(now),
    }));
  }

  close(): void {
    this.#connection.close();
  }

  // Subscriptions (./subscriptions.ts)

  subscribe(
    subscription: NewSubscription,
    max?: number,
  ): { created: boolean; full?: never } | { created: false; full: true } {
    return this.#subscriptions.subscribe(subscription, max);
  }

  subscribeMany(subscriptions: readonly NewSubscription[]): void {
    this.#subscriptions.subscribeMany(subscriptions);
  }

  unsubscribe(endpoint: string): void {
    this.#subscriptions.unsubscribe(endpoint);
  }

  removeSubscription(id: number): void {
    this.#subscriptions.removeSubscription(id);
  }

  subscriptionCount(): number {
    return this.#subscriptions.subscriptionCount();
  }

  subscriptionsByFilters(): Map<string, number> {
    return this.#subscriptions.subscriptionsByFilters();
  }

  // Webhooks (./webhooks.ts)

  addWebhook(webhook: NewWebhook, max?: number): { stored: StoredWebhook } | { full: true } {
    return this.#webhooks.addWebhook(webhook, max);
  }

  webhook(publicId: string): StoredWebhook | null {
    return this.#webhooks.webhook(publicId);
  }

  activateWebhook(id: number): void {
    this.#webhooks.activateWebhook(id);
  }

  recordWebhookResult(id: number, result: WebhookResult): void {
    this.#webhooks.recordWebhookResult(id, result);
  }

  removeWebhook(id: number): void {
    this.#webhooks.removeWebhook(id);
  }

  webhookCount(): number {
    return this.#webhooks.webhookCount();
  }

  owedWebhooks(alertId: number, limit: number, afterId?: number): StoredWebhook[] {
    return this.#webhooks.owedWebhooks(alertId, limit, afterId);
  }

  // Email addresses (./emails.ts)

  requestEmail(request: EmailRequest, max?: number): EmailRequestOutcome {
    return this.#emails.requestEmail(request, max);
  }

  confirmationNotSent(id: number, confirmHash: string): void {
    this.#emails.confirmationNotSent(id, confirmHash);
  }

  confirmEmail(confirmHash: string): StoredEmail | null {
    return this.#emails.confirmEmail(confirmHash);
  }

  unsubscribeEmail(unsubscribeToken: string): boolean {
    return this.#emails.unsubscribeEmail(unsubscribeToken);
  }

  removeEmail(id: number): void {
    this.#emails.removeEmail(id);
  }

  emailCount(): number {
    return this.#emails.emailCount();
  }

  owedEmails(alertId: number, limit: number, afterId?: number): StoredEmail[] {
    return this.#emails.owedEmails(alertId, limit, afterId);
  }

  // The ledger (./ledger.ts)

  get startedAt(): number {
    return this.#ledger.startedAt;
  }

  ledger(): Map<string, LedgerEntry> {
    return this.#ledger.ledger();
  }

  marks(): LedgerMark[] {
    return this.#ledger.marks();
  }

  mark(mark: LedgerMark): void {
    this.#ledger.mark(mark);
  }

  recordPublication(decide: PublicationDecision): NewAlert[] {
    return this.#ledger.recordPublication(decide);
  }

  alertCount(): number {
    return this.#ledger.alertCount();
  }

  // Deliveries (./deliveries.ts)

  pendingAlerts(): PendingAlert[] {
    return this.#deliveries.pendingAlerts();
  }

  owed(alertId: number, limit: number, afterId?: number): StoredSubscription[] {
    return this.#deliveries.owed(alertId, limit, afterId);
  }

  recordDelivery(delivery: Delivery, outcome: DeliveryOutcome, details?: DeliveryDetails): void {
    this.#deliveries.recordDelivery(delivery, outcome, details);
  }

  failures(alertId: number): DeliveryFailure[] {
    return this.#deliveries.failures(alertId);
  }

  resendUnwritten(): number {
    return this.#deliveries.resendUnwritten();
  }

  finishAlert(alertId: number): void {
    this.#deliveries.finishAlert(alertId);
  }

  deliveryCounts(alertId: number): Record<string, number> {
    return this.#deliveries.deliveryCounts(alertId);
  }

  allDeliveryCounts(): Record<string, number> {
    return this.#deliveries.allDeliveryCounts();
  }

  // The sender's lease (./lease.ts)

  lease(holder: string, ttlMs: number): boolean {
    return this.#lease.lease(holder, ttlMs);
  }

  release(holder: string): void {
    this.#lease.release(holder);
  }

  leaseHolder(): string | null {
    return this.#lease.leaseHolder();
  }
}
