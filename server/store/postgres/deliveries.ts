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
import type { PostgresConnection, Sql } from './connection.js';

/** What each alert is still owed and the `deliveries` records: one per (alert, channel, subscription). */
export class PostgresDeliveries implements DeliveryStore {
  readonly #connection: PostgresConnection;

  constructor(connection: PostgresConnection) {
    this.#connection = connection;
  }

  async pendingAlerts(sql: Sql = this.#connection.sql): Promise<PendingAlert[]> {
    const { rows } = await sql<PendingAlert>(
      `SELECT id, key, event_id AS "eventId", reason, payload, record, created_at AS "createdAt"
       FROM alerts WHERE done_at IS NULL ORDER BY id`,
    );
    return rows;
  }

  /** As the interface says; on `sql` when a transaction of the caller's reads it (./claims.ts). */
  async owedTelegram(
    alertId: number,
    afterId = 0,
    upTo = Number.MAX_SAFE_INTEGER,
    sql: Sql = this.#connection.sql,
  ): Promise<{ id: number }[]> {
    if (TELEGRAM_RECIPIENT <= afterId || TELEGRAM_RECIPIENT > upTo) return [];
    const { rows } = await sql<{ id: number }>(
      `SELECT $2::bigint AS id FROM alerts a WHERE a.id = $1 AND NOT EXISTS (SELECT 1 FROM deliveries d
         WHERE d.alert_id = a.id AND d.channel = 'telegram' AND d.subscription_id = $2)`,
      [alertId, TELEGRAM_RECIPIENT],
    );
    return rows.map((row) => ({ id: Number(row.id) }));
  }

  /** As the interface says; on `sql` when a transaction of the caller's reads it (./claims.ts). */
  async owed(
    alertId: number,
    limit: number,
    afterId = 0,
    upTo = Number.MAX_SAFE_INTEGER,
    sql: Sql = this.#connection.sql,
  ): Promise<StoredSubscription[]> {
    const { rows } = await sql<StoredSubscription>(
      `SELECT s.id, s.endpoint, s.p256dh, s.auth, s.audience, s."window"
       FROM subscriptions s, alerts a
       WHERE a.id = $1 AND s.id > $2 AND s.id <= $4 AND s.created_at <= a.created_at
         AND s.audience || '/' || s."window" = ANY (a.matching)
         AND NOT EXISTS (SELECT 1 FROM deliveries d
           WHERE d.alert_id = a.id AND d.channel = 'push' AND d.subscription_id = s.id)
       ORDER BY s.id LIMIT $3`,
      [alertId, afterId, limit, upTo],
    );
    return rows;
  }

  async recordDelivery(
    delivery: Delivery,
    outcome: DeliveryOutcome,
    details: DeliveryDetails = { status: null, attempts: 0 },
  ): Promise<void> {
    await this.#connection.sql(
      `INSERT INTO deliveries (alert_id, channel, subscription_id, outcome, status, attempts, reason, at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
       ON CONFLICT (alert_id, channel, subscription_id) DO UPDATE SET outcome = excluded.outcome,
         status = excluded.status, attempts = excluded.attempts, reason = excluded.reason, at = excluded.at`,
      [
        delivery.alertId,
        delivery.channel,
        delivery.subscriptionId,
        outcome,
        details.status,
        details.attempts,
        details.reason ?? null,
        this.#connection.clock(),
      ],
    );
  }

  async failures(alertId: number): Promise<DeliveryFailure[]> {
    const { rows } = await this.#connection.sql<DeliveryFailure>(
      `SELECT channel, subscription_id AS "subscriptionId", status, reason FROM deliveries
       WHERE alert_id = $1 AND outcome = 'failed' ORDER BY channel COLLATE "C", subscription_id`,
      [alertId],
    );
    return rows;
  }

  async resendUnwritten(): Promise<number> {
    return await this.#connection.transaction(async (sql) => {
      await sql(
        `UPDATE alerts SET done_at = NULL
         WHERE id IN (SELECT alert_id FROM deliveries WHERE outcome = 'sending')`,
      );
      await sql(
        `UPDATE deliveries SET outcome = 'failed', reason = $1, at = $2 WHERE channel = 'telegram' AND outcome = 'sending'`,
        [TELEGRAM_MAYBE_POSTED, this.#connection.clock()],
      );
      const { rowCount } = await sql(`DELETE FROM deliveries WHERE outcome = 'sending'`);
      return rowCount ?? 0;
    });
  }

  async forgetUnsent(alertId: number, channel: Channel, subscriptionIds: readonly number[]): Promise<number> {
    const { rowCount } = await this.#connection.sql(
      `DELETE FROM deliveries
       WHERE alert_id = $1 AND channel = $2 AND subscription_id = ANY ($3) AND outcome = 'sending'`,
      [alertId, channel, subscriptionIds],
    );
    return rowCount ?? 0;
  }

  async finishAlert(alertId: number, sql: Sql = this.#connection.sql): Promise<void> {
    await sql('UPDATE alerts SET done_at = $1 WHERE id = $2', [this.#connection.clock(), alertId]);
  }

  async deliveryCounts(alertId: number): Promise<Record<string, number>> {
    const { rows } = await this.#connection.sql<{ outcome: string; n: number }>(
      `SELECT outcome, count(*) AS n FROM deliveries WHERE alert_id = $1
       GROUP BY outcome ORDER BY outcome COLLATE "C"`,
      [alertId],
    );
    return Object.fromEntries(rows.map((row) => [row.outcome, row.n]));
  }

  async allDeliveryCounts(): Promise<Record<string, number>> {
    const { rows } = await this.#connection.sql<{ outcome: string; n: number }>(
      'SELECT outcome, count(*) AS n FROM deliveries GROUP BY outcome ORDER BY outcome COLLATE "C"',
    );
    return Object.fromEntries(rows.map((row) => [row.outcome, row.n]));
  }

  /** Deletes the delivery records older than they are kept, in the caller's transaction. */
  async pruneOld(sql: Sql, now: number): Promise<number> {
    const { rowCount } = await sql('DELETE FROM deliveries WHERE at < $1', [
      now - DELIVERY_RECORD_DAYS * DAY_MS,
    ]);
    return rowCount ?? 0;
  }
}
