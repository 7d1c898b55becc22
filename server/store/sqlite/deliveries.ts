import type {
  Channel,
  Delivery,
  DeliveryDetails,
  DeliveryFailure,
  DeliveryOutcome,
  DeliveryStore,
  PendingAlert,
  StoredSubscription,
} from '../types.js';
import { DAY_MS, DELIVERY_RECORD_DAYS, TELEGRAM_MAYBE_POSTED, TELEGRAM_RECIPIENT } from '../types.js';
import type { SqliteConnection, Synchronous } from './connection.js';

/** What each alert is still owed and the `deliveries` records: one per (alert, channel, subscription). */
export class SqliteDeliveries implements Synchronous<DeliveryStore> {
  readonly #connection: SqliteConnection;

  constructor(connection: SqliteConnection) {
    this.#connection = connection;
  }

  pendingAlerts(): PendingAlert[] {
    return this.#connection
      .sql(
        `SELECT id, key, event_id AS eventId, reason, payload, record, created_at AS createdAt
         FROM alerts WHERE done_at IS NULL ORDER BY id`,
      )
      .all() as PendingAlert[];
  }

  owed(alertId: number, limit: number, afterId = 0, upTo = Number.MAX_SAFE_INTEGER): StoredSubscription[] {
    return this.#connection
      .sql(
        `SELECT s.id, s.endpoint, s.p256dh, s.auth, s.audience, s.window
         FROM subscriptions s, alerts a
         WHERE a.id = ? AND s.id > ? AND s.id <= ? AND s.created_at <= a.created_at
           AND s.audience || '/' || s.window IN (SELECT value FROM json_each(a.matching))
           AND NOT EXISTS (SELECT 1 FROM deliveries d
             WHERE d.alert_id = a.id AND d.channel = 'push' AND d.subscription_id = s.id)
         ORDER BY s.id LIMIT ?`,
      )
      .all(alertId, afterId, upTo, limit) as StoredSubscription[];
  }

  owedTelegram(alertId: number, afterId = 0, upTo = Number.MAX_SAFE_INTEGER): { id: number }[] {
    if (TELEGRAM_RECIPIENT <= afterId || TELEGRAM_RECIPIENT > upTo) return [];
    return this.#connection
      .sql(
        `SELECT ? AS id FROM alerts a WHERE a.id = ? AND NOT EXISTS (SELECT 1 FROM deliveries d
           WHERE d.alert_id = a.id AND d.channel = 'telegram' AND d.subscription_id = ?)`,
      )
      .all(TELEGRAM_RECIPIENT, alertId, TELEGRAM_RECIPIENT) as { id: number }[];
  }

  recordDelivery(
    delivery: Delivery,
    outcome: DeliveryOutcome,
    details: DeliveryDetails = { status: null, attempts: 0 },
  ): void {
    this.#connection
      .sql(
        `INSERT INTO deliveries (alert_id, channel, subscription_id, outcome, status, attempts, reason, at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (alert_id, channel, subscription_id) DO UPDATE SET outcome = excluded.outcome,
           status = excluded.status, attempts = excluded.attempts, reason = excluded.reason, at = excluded.at`,
      )
      .run(
        delivery.alertId,
        delivery.channel,
        delivery.subscriptionId,
        outcome,
        details.status,
        details.attempts,
        details.reason ?? null,
        this.#connection.clock(),
      );
  }

  failures(alertId: number): DeliveryFailure[] {
    return this.#connection
      .sql(
        `SELECT channel, subscription_id AS subscriptionId, status, reason FROM deliveries
         WHERE alert_id = ? AND outcome = 'failed' ORDER BY channel, subscription_id`,
      )
      .all(alertId) as DeliveryFailure[];
  }

  resendUnwritten(): number {
    const connection = this.#connection;
    return connection.immediate(() => {
      connection
        .sql(
          `UPDATE alerts SET done_at = NULL
         WHERE id IN (SELECT alert_id FROM deliveries WHERE outcome = 'sending')`,
        )
        .run();
      connection
        .sql(
          `UPDATE deliveries SET outcome = 'failed', reason = ?, at = ? WHERE channel = 'telegram' AND outcome = 'sending'`,
        )
        .run(TELEGRAM_MAYBE_POSTED, connection.clock());
      return connection.sql(`DELETE FROM deliveries WHERE outcome = 'sending'`).run().changes;
    });
  }

  forgetUnsent(alertId: number, channel: Channel, subscriptionIds: readonly number[]): number {
    const forget = this.#connection.sql(
      `DELETE FROM deliveries
       WHERE alert_id = ? AND channel = ? AND subscription_id = ? AND outcome = 'sending'`,
    );
    return this.#connection.immediate(() =>
      subscriptionIds.reduce((sum, id) => sum + forget.run(alertId, channel, id).changes, 0),
    );
  }

  finishAlert(alertId: number): void {
    this.#connection.sql('UPDATE alerts SET done_at = ? WHERE id = ?').run(this.#connection.clock(), alertId);
  }

  deliveryCounts(alertId: number): Record<string, number> {
    const rows = this.#connection
      .sql(
        'SELECT outcome, count(*) AS n FROM deliveries WHERE alert_id = ? GROUP BY outcome ORDER BY outcome',
      )
      .all(alertId) as { outcome: string; n: number }[];
    return Object.fromEntries(rows.map((row) => [row.outcome, row.n]));
  }

  allDeliveryCounts(): Record<string, number> {
    const rows = this.#connection
      .sql('SELECT outcome, count(*) AS n FROM deliveries GROUP BY outcome ORDER BY outcome')
      .all() as {
      outcome: string;
      n: number;
    }[];
    return Object.fromEntries(rows.map((row) => [row.outcome, row.n]));
  }

  /** Deletes the delivery records older than they are kept; the caller holds the transaction. */
  pruneOld(now: number): number {
    return this.#connection
      .sql('DELETE FROM deliveries WHERE at < ?')
      .run(now - DELIVERY_RECORD_DAYS * DAY_MS).changes;
  }
}
