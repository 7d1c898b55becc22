import type { LedgerEntry, LedgerMark } from '../../../../domain/alerts.js';
import type {
  AlertStore,
  DeliveryDetails,
  DeliveryFailure,
  DeliveryOutcome,
  NewAlert,
  NewSubscription,
  PendingAlert,
  PublicationDecision,
  StoredSubscription,
} from '../types.js';
import { SqliteConnection } from './connection.js';
import { SqliteDeliveries } from './deliveries.js';
import { SqliteLease } from './lease.js';
import { SqliteLedger } from './ledger.js';
import { migrate, schemaVersion } from './migrations.js';
import { SqliteSubscriptions } from './subscriptions.js';

export { SCHEMA_1, SCHEMA_VERSION } from './migrations.js';

/**
 * The alerts' store in one SQLite file per machine, opened by every worker (./connection.ts): its
 * parts share the connection, and with it the statements it keeps (see `retained` there). Opening
 * it brings the file to the latest schema (./migrations.ts).
 */
export class SqliteAlertStore implements AlertStore {
  readonly #connection: SqliteConnection;
  readonly #subscriptions: SqliteSubscriptions;
  readonly #ledger: SqliteLedger;
  readonly #deliveries: SqliteDeliveries;
  readonly #lease: SqliteLease;

  constructor(file: string, clock: () => number = Date.now) {
    this.#connection = new SqliteConnection(file, clock);
    migrate(this.#connection);
    this.#subscriptions = new SqliteSubscriptions(this.#connection);
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
      subscriptions: this.#subscriptions.pruneIdle(now),
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

  recordDelivery(
    alertId: number,
    subscriptionId: number,
    outcome: DeliveryOutcome,
    details?: DeliveryDetails,
  ): void {
    this.#deliveries.recordDelivery(alertId, subscriptionId, outcome, details);
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
