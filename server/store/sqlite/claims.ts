import type { Channel, Claim, ClaimKey, ClaimStore, PendingAlert } from '../types.js';
import { DAY_MS, DELIVERY_RECORD_DAYS, TELEGRAM_MAYBE_POSTED } from '../types.js';
import type { SqliteConnection, Synchronous } from './connection.js';
import type { SqliteDeliveries } from './deliveries.js';
import type { SqliteEmails } from './emails.js';
import type { SqliteWebhooks } from './webhooks.js';

const KEY = `alert_id AS alertId, channel, after_id AS after, up_to AS upTo`;

/**
 * The `claims` table: the shares of each alert's fan-out the senders hold (../types.ts `ClaimStore`).
 * Every method runs in one write transaction (BEGIN IMMEDIATE): the workers of a machine take turns,
 * so two never claim the same batch.
 */
export class SqliteClaims implements Synchronous<ClaimStore> {
  readonly #connection: SqliteConnection;
  /** The ids owed an alert on each channel after a cursor, as the channel's own query reads them. */
  readonly #owed: Record<Channel, (alertId: number, limit: number, after: number) => { id: number }[]>;
  readonly #deliveries: SqliteDeliveries;

  constructor(
    connection: SqliteConnection,
    parts: { deliveries: SqliteDeliveries; webhooks: SqliteWebhooks; emails: SqliteEmails },
  ) {
    this.#connection = connection;
    this.#deliveries = parts.deliveries;
    this.#owed = {
      push: (alertId, limit, after) => parts.deliveries.owed(alertId, limit, after),
      webhook: (alertId, limit, after) => parts.webhooks.owedWebhooks(alertId, limit, after),
      email: (alertId, limit, after) => parts.emails.owedEmails(alertId, limit, after),
      telegram: (alertId, _limit, after) => parts.deliveries.owedTelegram(alertId, after),
    };
  }

  claimBatch(holder: string, ttlMs: number, size: number, channels: readonly Channel[]): Claim | null {
    const connection = this.#connection;
    const now = connection.clock();
    return connection.immediate(() => {
      const alerts = this.#deliveries.pendingAlerts();
      const byId = new Map(alerts.map((alert) => [alert.id, alert]));
      // A claim whose holder stopped renewing it: taken over, its `sending` records cleared.
      const stale = connection
        .sql(
          `SELECT ${KEY} FROM claims WHERE done = 0 AND expires_at < ? ORDER BY alert_id, channel, after_id`,
        )
        .all(now) as (ClaimKey & { upTo: number })[];
      for (const key of stale) {
        const alert = byId.get(key.alertId);
        if (!alert || !channels.includes(key.channel)) continue;
        connection
          .sql(
            'UPDATE claims SET holder = ?, expires_at = ? WHERE alert_id = ? AND channel = ? AND after_id = ?',
          )
          .run(holder, now + ttlMs, key.alertId, key.channel, key.after);
        // What it left `sending` goes again, but a Telegram post, which the channel may have shown
        // already: that one is failed, never posted twice (../types.ts `TELEGRAM_MAYBE_POSTED`).
        if (key.channel === 'telegram')
          connection
            .sql(
              `UPDATE deliveries SET outcome = 'failed', reason = ?, at = ?
               WHERE alert_id = ? AND channel = 'telegram' AND outcome = 'sending'`,
            )
            .run(TELEGRAM_MAYBE_POSTED, now, key.alertId);
        connection
          .sql(
            `DELETE FROM deliveries WHERE alert_id = ? AND channel = ? AND subscription_id > ?
               AND subscription_id <= ? AND outcome = 'sending'`,
          )
          .run(key.alertId, key.channel, key.after, key.upTo);
        return { ...key, alert, recovered: true };
      }
      for (const alert of alerts) {
        const fresh = this.#freshBatch(alert, size, channels);
        if (fresh) {
          connection
            .sql(
              `INSERT INTO claims (alert_id, channel, after_id, up_to, holder, expires_at, done)
               VALUES (?, ?, ?, ?, ?, ?, 0)`,
            )
            .run(alert.id, fresh.channel, fresh.after, fresh.upTo, holder, now + ttlMs);
          return { alertId: alert.id, ...fresh, alert, recovered: false };
        }
        if (this.#openClaims(alert.id) === 0) this.#deliveries.finishAlert(alert.id);
      }
      return null;
    });
  }

  renewClaims(holder: string, ttlMs: number): ClaimKey[] {
    const connection = this.#connection;
    const now = connection.clock();
    return connection.immediate(() => {
      connection
        .sql('UPDATE claims SET expires_at = ? WHERE holder = ? AND done = 0')
        .run(now + ttlMs, holder);
      return connection
        .sql(
          `SELECT alert_id AS alertId, channel, after_id AS after FROM claims WHERE holder = ? AND done = 0`,
        )
        .all(holder) as ClaimKey[];
    });
  }

  finishClaim(claim: ClaimKey, holder: string, channels: readonly Channel[]): { alertDone: boolean } {
    const connection = this.#connection;
    return connection.immediate(() => {
      const changed = connection
        .sql('UPDATE claims SET done = 1 WHERE alert_id = ? AND channel = ? AND after_id = ? AND holder = ?')
        .run(claim.alertId, claim.channel, claim.after, holder).changes;
      if (changed === 0 || this.#openClaims(claim.alertId) > 0) return { alertDone: false };
      const alert = this.#deliveries.pendingAlerts().find((pending) => pending.id === claim.alertId);
      if (!alert || this.#freshBatch(alert, 1, channels)) return { alertDone: false };
      this.#deliveries.finishAlert(alert.id);
      return { alertDone: true };
    });
  }

  releaseClaims(holder: string): void {
    this.#connection.immediate(() =>
      this.#connection.sql('UPDATE claims SET expires_at = 0 WHERE holder = ? AND done = 0').run(holder),
    );
  }

  claimHolders(): string[] {
    return (
      this.#connection.sql('SELECT DISTINCT holder FROM claims WHERE done = 0 ORDER BY holder').all() as {
        holder: string;
      }[]
    ).map((row) => row.holder);
  }

  /** Deletes the claims of alerts done longer ago than records are kept; the caller holds the transaction. */
  pruneDone(now: number): number {
    return this.#connection
      .sql(
        `DELETE FROM claims WHERE alert_id IN
           (SELECT id FROM alerts WHERE done_at IS NOT NULL AND done_at < ?)`,
      )
      .run(now - DELIVERY_RECORD_DAYS * DAY_MS).changes;
  }

  /** The next batch of the alert on the first of `channels` that still owes some past its claims. */
  #freshBatch(
    alert: PendingAlert,
    size: number,
    channels: readonly Channel[],
  ): { channel: Channel; after: number; upTo: number } | null {
    for (const channel of channels) {
      const after =
        (
          this.#connection
            .sql('SELECT max(up_to) AS upTo FROM claims WHERE alert_id = ? AND channel = ?')
            .get(alert.id, channel) as { upTo: number | null }
        ).upTo ?? 0;
      const owed = this.#owed[channel](alert.id, size, after);
      if (owed.length > 0) return { channel, after, upTo: owed[owed.length - 1]!.id };
    }
    return null;
  }

  #openClaims(alertId: number): number {
    return (
      this.#connection
        .sql('SELECT count(*) AS n FROM claims WHERE alert_id = ? AND done = 0')
        .get(alertId) as {
        n: number;
      }
    ).n;
  }
}
