import type { AddedWebhook, NewWebhook, StoredWebhook, WebhookResult, WebhookStore } from '../types.js';
import { DAY_MS, PENDING_WEBHOOK_DAYS } from '../types.js';
import type { PostgresConnection, Sql } from './connection.js';
import { lockStatement } from './connection.js';

const COLUMNS = `id, public_id AS "publicId", url, kind, secret, token_hash AS "tokenHash", audience, "window",
  state, failures, disabled_reason AS "disabledReason", last_delivery_at AS "lastDeliveryAt",
  last_status AS "lastStatus", created_at AS "createdAt"`;

/** The `webhooks` table: one row per registration (one URL may be registered more than once). */
export class PostgresWebhooks implements WebhookStore {
  readonly #connection: PostgresConnection;

  constructor(connection: PostgresConnection) {
    this.#connection = connection;
  }

  async addWebhook(webhook: NewWebhook, max = Infinity, maxPending = Infinity): Promise<AddedWebhook> {
    const now = this.#connection.clock();
    // The `webhooks` advisory lock: the URL looked up, the count and the insert are one step for
    // every process.
    return await this.#connection.transaction(async (sql) => {
      await sql(lockStatement('webhooks'));
      if ((await sql('SELECT 1 FROM webhooks WHERE url = $1', [webhook.url])).rows.length > 0)
        return { exists: true };
      // Webhooks never verified have their own bound: they never fill the place of verified ones.
      const verified = await count(sql, 'verified');
      if (verified >= max || (await count(sql)) - verified >= maxPending) return { full: true };
      const { rows } = await sql<StoredWebhook>(
        `INSERT INTO webhooks (public_id, url, kind, secret, token_hash, audience, "window", state, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, 'pending', $8)
         RETURNING ${COLUMNS}`,
        [
          webhook.publicId,
          webhook.url,
          webhook.kind,
          webhook.secret,
          webhook.tokenHash,
          webhook.audience,
          webhook.window,
          now,
        ],
      );
      return { stored: rows[0]! };
    });
  }

  async webhook(publicId: string): Promise<StoredWebhook | null> {
    const { rows } = await this.#connection.sql<StoredWebhook>(
      `SELECT ${COLUMNS} FROM webhooks WHERE public_id = $1`,
      [publicId],
    );
    return rows[0] ?? null;
  }

  async activateWebhook(id: number): Promise<void> {
    await this.#connection.sql(`UPDATE webhooks SET state = 'active' WHERE id = $1 AND state = 'pending'`, [
      id,
    ]);
  }

  async recordWebhookResult(id: number, result: WebhookResult): Promise<void> {
    const now = this.#connection.clock();
    if (result.delivered) {
      await this.#connection.sql(
        'UPDATE webhooks SET failures = 0, last_delivery_at = $1, last_status = $2 WHERE id = $3',
        [now, result.status, id],
      );
      return;
    }
    // One statement: the row is locked while its run of failures is counted up.
    await this.#connection.sql(
      `UPDATE webhooks SET failures = failures + 1, last_delivery_at = $1, last_status = $2,
         state = CASE WHEN failures + 1 >= $3 THEN 'disabled' ELSE state END,
         disabled_reason = CASE WHEN failures + 1 >= $3 THEN $4 ELSE disabled_reason END
       WHERE id = $5`,
      [now, result.status, result.disableAfter, result.reason, id],
    );
  }

  async removeWebhook(id: number): Promise<void> {
    await this.#connection.sql('DELETE FROM webhooks WHERE id = $1', [id]);
  }

  /** Forgets webhooks still `pending` `PENDING_WEBHOOK_DAYS` after they were registered. */
  async prunePending(sql: Sql, now: number): Promise<number> {
    const { rowCount } = await sql(`DELETE FROM webhooks WHERE state = 'pending' AND created_at < $1`, [
      now - PENDING_WEBHOOK_DAYS * DAY_MS,
    ]);
    return rowCount ?? 0;
  }

  async webhookCount(verified?: 'verified'): Promise<number> {
    return await count(this.#connection.sql, verified);
  }

  /** As the interface says; on `sql` when a transaction of the caller's reads it (./claims.ts). */
  async owedWebhooks(
    alertId: number,
    limit: number,
    afterId = 0,
    upTo = Number.MAX_SAFE_INTEGER,
    sql: Sql = this.#connection.sql,
  ): Promise<StoredWebhook[]> {
    const { rows } = await sql<StoredWebhook>(
      // The alert's time and filters renamed apart from the webhook's columns, which are unqualified.
      `WITH alert AS (SELECT created_at AS made_at, matching FROM alerts WHERE id = $1)
       SELECT ${COLUMNS} FROM webhooks w, alert
       WHERE w.id > $2 AND w.id <= $4 AND w.state = 'active' AND w.created_at <= alert.made_at
         AND w.audience || '/' || w."window" = ANY (alert.matching)
         AND NOT EXISTS (SELECT 1 FROM deliveries d
           WHERE d.alert_id = $1 AND d.channel = 'webhook' AND d.subscription_id = w.id)
       ORDER BY w.id LIMIT $3`,
      [alertId, afterId, limit, upTo],
    );
    return rows;
  }
}

/** Webhooks stored: all of them, or those past their check (`verified`). */
async function count(sql: Sql, verified?: 'verified'): Promise<number> {
  const where = verified ? " WHERE state <> 'pending'" : '';
  const { rows } = await sql<{ n: number }>(`SELECT count(*) AS n FROM webhooks${where}`);
  return rows[0]!.n;
}
