import type { Channel, Claim, ClaimKey, ClaimStore, PendingAlert } from '../types.js';
import { DAY_MS, DELIVERY_RECORD_DAYS, TELEGRAM_MAYBE_POSTED } from '../types.js';
import type { PostgresConnection, Sql } from './connection.js';
import { lockStatement } from './connection.js';
import type { PostgresDeliveries } from './deliveries.js';
import type { PostgresEmails } from './emails.js';
import type { PostgresWebhooks } from './webhooks.js';

const KEY = `alert_id AS "alertId", channel, after_id AS "after"`;

/**
 * The `claims` table: the shares of each alert's fan-out the senders hold (../types.ts `ClaimStore`),
 * as SQLite's ../sqlite/claims.ts, method for method. What SQLite's one write lock serializes,
 * `claimBatch` and `finishClaim` (a read of the claims and of what is owed, then a write), runs here
 * in one transaction holding the `claims` advisory lock: of two processes, on one machine or two,
 * the second waits until the first commits, then reads the claim it made, so two never claim the same
 * batch. The others are one statement each, made safe by the row locks of their `UPDATE`.
 */
export class PostgresClaims implements ClaimStore {
  readonly #connection: PostgresConnection;
  /** The ids owed an alert on each channel after a cursor, as the channel's own query reads them. */
  readonly #owed: Record<
    Channel,
    (sql: Sql, alertId: number, limit: number, after: number) => Promise<{ id: number }[]>
  >;
  readonly #deliveries: PostgresDeliveries;

  constructor(
    connection: PostgresConnection,
    parts: { deliveries: PostgresDeliveries; webhooks: PostgresWebhooks; emails: PostgresEmails },
  ) {
    this.#connection = connection;
    this.#deliveries = parts.deliveries;
    this.#owed = {
      push: (sql, alertId, limit, after) => parts.deliveries.owed(alertId, limit, after, undefined, sql),
      webhook: (sql, alertId, limit, after) =>
        parts.webhooks.owedWebhooks(alertId, limit, after, undefined, sql),
      email: (sql, alertId, limit, after) => parts.emails.owedEmails(alertId, limit, after, undefined, sql),
      telegram: (sql, alertId, _limit, after) =>
        parts.deliveries.owedTelegram(alertId, after, undefined, sql),
    };
  }

  async claimBatch(
    holder: string,
    ttlMs: number,
    size: number,
    channels: readonly Channel[],
  ): Promise<Claim | null> {
    return await this.#connection.transaction(async (sql) => {
      await sql(lockStatement('claims'));
      // Read once the lock is held: a sender that waited for it claims until `ttlMs` from then.
      const now = this.#connection.clock();
      const alerts = await this.#deliveries.pendingAlerts(sql);
      const byId = new Map(alerts.map((alert) => [alert.id, alert]));
      // A claim whose holder stopped renewing it: taken over, its `sending` records cleared.
      const { rows: stale } = await sql<ClaimKey & { upTo: number }>(
        `SELECT ${KEY}, up_to AS "upTo" FROM claims WHERE NOT done AND expires_at < $1
         ORDER BY alert_id, channel COLLATE "C", after_id`,
        [now],
      );
      for (const key of stale) {
        const alert = byId.get(key.alertId);
        if (!alert || !channels.includes(key.channel)) continue;
        // Still expired as it is taken: `renewClaims` takes no lock, and its holder may have renewed
        // it since it was read (the update waits for that renewal's row lock, then finds it renewed).
        const { rowCount } = await sql(
          `UPDATE claims SET holder = $1, expires_at = $2
           WHERE alert_id = $3 AND channel = $4 AND after_id = $5 AND NOT done AND expires_at < $6`,
          [holder, now + ttlMs, key.alertId, key.channel, key.after, now],
        );
        if (!rowCount) continue;
        // As SQLite's: a Telegram post left `sending` is failed, never posted twice.
        if (key.channel === 'telegram')
          await sql(
            `UPDATE deliveries SET outcome = 'failed', reason = $1, at = $2
             WHERE alert_id = $3 AND channel = 'telegram' AND outcome = 'sending'`,
            [TELEGRAM_MAYBE_POSTED, now, key.alertId],
          );
        await sql(
          `DELETE FROM deliveries WHERE alert_id = $1 AND channel = $2 AND subscription_id > $3
             AND subscription_id <= $4 AND outcome = 'sending'`,
          [key.alertId, key.channel, key.after, key.upTo],
        );
        return { ...key, alert, recovered: true };
      }
      for (const alert of alerts) {
        const fresh = await this.#freshBatch(sql, alert, size, channels);
        if (fresh) {
          await sql(
            `INSERT INTO claims (alert_id, channel, after_id, up_to, holder, expires_at, done)
             VALUES ($1, $2, $3, $4, $5, $6, false)`,
            [alert.id, fresh.channel, fresh.after, fresh.upTo, holder, now + ttlMs],
          );
          return { alertId: alert.id, ...fresh, alert, recovered: false };
        }
        if ((await openClaims(sql, alert.id)) === 0) await this.#deliveries.finishAlert(alert.id, sql);
      }
      return null;
    });
  }

  /** One statement: a claim taken over meanwhile names another holder, and is neither renewed nor returned. */
  async renewClaims(holder: string, ttlMs: number): Promise<ClaimKey[]> {
    const now = this.#connection.clock();
    const { rows } = await this.#connection.sql<ClaimKey>(
      `UPDATE claims SET expires_at = $1 WHERE holder = $2 AND NOT done RETURNING ${KEY}`,
      [now + ttlMs, holder],
    );
    return rows;
  }

  async finishClaim(
    claim: ClaimKey,
    holder: string,
    channels: readonly Channel[],
  ): Promise<{ alertDone: boolean }> {
    // The `claims` lock: of two senders finishing an alert's last two claims at once, the second
    // counts the open claims once the first has committed, and finds none but its own gone.
    return await this.#connection.transaction(async (sql) => {
      await sql(lockStatement('claims'));
      const { rowCount } = await sql(
        'UPDATE claims SET done = true WHERE alert_id = $1 AND channel = $2 AND after_id = $3 AND holder = $4',
        [claim.alertId, claim.channel, claim.after, holder],
      );
      if (!rowCount || (await openClaims(sql, claim.alertId)) > 0) return { alertDone: false };
      const alert = (await this.#deliveries.pendingAlerts(sql)).find(
        (pending) => pending.id === claim.alertId,
      );
      if (!alert || (await this.#freshBatch(sql, alert, 1, channels))) return { alertDone: false };
      await this.#deliveries.finishAlert(alert.id, sql);
      return { alertDone: true };
    });
  }

  async releaseClaims(holder: string): Promise<void> {
    await this.#connection.sql('UPDATE claims SET expires_at = 0 WHERE holder = $1 AND NOT done', [holder]);
  }

  async claimHolders(): Promise<string[]> {
    const { rows } = await this.#connection.sql<{ holder: string }>(
      'SELECT holder FROM claims WHERE NOT done GROUP BY holder ORDER BY holder COLLATE "C"',
    );
    return rows.map((row) => row.holder);
  }

  /** Deletes the claims of alerts done longer ago than records are kept, in the caller's transaction. */
  async pruneDone(sql: Sql, now: number): Promise<number> {
    const { rowCount } = await sql(
      `DELETE FROM claims WHERE alert_id IN
         (SELECT id FROM alerts WHERE done_at IS NOT NULL AND done_at < $1)`,
      [now - DELIVERY_RECORD_DAYS * DAY_MS],
    );
    return rowCount ?? 0;
  }

  /** The next batch of the alert on the first of `channels` that still owes some past its claims. */
  async #freshBatch(
    sql: Sql,
    alert: PendingAlert,
    size: number,
    channels: readonly Channel[],
  ): Promise<{ channel: Channel; after: number; upTo: number } | null> {
    for (const channel of channels) {
      const { rows } = await sql<{ upTo: number | null }>(
        'SELECT max(up_to) AS "upTo" FROM claims WHERE alert_id = $1 AND channel = $2',
        [alert.id, channel],
      );
      const after = rows[0]?.upTo ?? 0;
      const owed = await this.#owed[channel](sql, alert.id, size, after);
      if (owed.length > 0) return { channel, after, upTo: owed[owed.length - 1]!.id };
    }
    return null;
  }
}

async function openClaims(sql: Sql, alertId: number): Promise<number> {
  const { rows } = await sql<{ n: number }>(
    'SELECT count(*) AS n FROM claims WHERE alert_id = $1 AND NOT done',
    [alertId],
  );
  return rows[0]!.n;
}
