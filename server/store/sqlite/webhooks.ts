import type { AddedWebhook, NewWebhook, StoredWebhook, WebhookResult, WebhookStore } from '../types.js';
import { DAY_MS, PENDING_WEBHOOK_DAYS } from '../types.js';
import type { SqliteConnection, Synchronous } from './connection.js';

const COLUMNS = `id, public_id AS publicId, url, kind, secret, token_hash AS tokenHash, audience, window, state,
  failures, disabled_reason AS disabledReason, last_delivery_at AS lastDeliveryAt, last_status AS lastStatus,
  created_at AS createdAt`;

/** The `webhooks` table: one row per registration (one URL may be registered more than once). */
export class SqliteWebhooks implements Synchronous<WebhookStore> {
  readonly #connection: SqliteConnection;

  constructor(connection: SqliteConnection) {
    this.#connection = connection;
  }

  addWebhook(webhook: NewWebhook, max = Infinity, maxPending = Infinity): AddedWebhook {
    const connection = this.#connection;
    return connection.immediate(() => {
      if (connection.sql('SELECT 1 FROM webhooks WHERE url = ?').get(webhook.url)) return { exists: true };
      // Webhooks never verified have their own bound: they never fill the place of verified ones.
      if (
        this.webhookCount('verified') >= max ||
        this.webhookCount() - this.webhookCount('verified') >= maxPending
      )
        return { full: true };
      connection
        .sql(
          `INSERT INTO webhooks (public_id, url, kind, secret, token_hash, audience, window, state, created_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, 'pending', ?)`,
        )
        .run(
          webhook.publicId,
          webhook.url,
          webhook.kind,
          webhook.secret,
          webhook.tokenHash,
          webhook.audience,
          webhook.window,
          connection.clock(),
        );
      return { stored: this.webhook(webhook.publicId)! };
    });
  }

  webhook(publicId: string): StoredWebhook | null {
    const row = this.#connection.sql(`SELECT ${COLUMNS} FROM webhooks WHERE public_id = ?`).get(publicId);
    return (row as StoredWebhook | undefined) ?? null;
  }

  activateWebhook(id: number): void {
    this.#connection.immediate(() =>
      this.#connection.sql(`UPDATE webhooks SET state = 'active' WHERE id = ? AND state = 'pending'`).run(id),
    );
  }

  recordWebhookResult(id: number, result: WebhookResult): void {
    const connection = this.#connection;
    const now = connection.clock();
    connection.immediate(() => {
      if (result.delivered) {
        connection
          .sql('UPDATE webhooks SET failures = 0, last_delivery_at = ?, last_status = ? WHERE id = ?')
          .run(now, result.status, id);
        return;
      }
      connection
        .sql(
          `UPDATE webhooks SET failures = failures + 1, last_delivery_at = ?, last_status = ?,
             state = CASE WHEN failures + 1 >= ? THEN 'disabled' ELSE state END,
             disabled_reason = CASE WHEN failures + 1 >= ? THEN ? ELSE disabled_reason END
           WHERE id = ?`,
        )
        .run(now, result.status, result.disableAfter, result.disableAfter, result.reason, id);
    });
  }

  removeWebhook(id: number): void {
    this.#connection.immediate(() => this.#connection.sql('DELETE FROM webhooks WHERE id = ?').run(id));
  }

  /** Forgets webhooks still `pending` `PENDING_WEBHOOK_DAYS` after they were registered. */
  prunePending(now: number): number {
    return this.#connection
      .sql(`DELETE FROM webhooks WHERE state = 'pending' AND created_at < ?`)
      .run(now - PENDING_WEBHOOK_DAYS * DAY_MS).changes;
  }

  webhookCount(verified?: 'verified'): number {
    const where = verified ? " WHERE state <> 'pending'" : '';
    return (this.#connection.sql(`SELECT count(*) AS n FROM webhooks${where}`).get() as { n: number }).n;
  }

  owedWebhooks(alertId: number, limit: number, afterId = 0, upTo = Number.MAX_SAFE_INTEGER): StoredWebhook[] {
    return this.#connection
      .sql(
        `SELECT ${COLUMNS} FROM webhooks w
         WHERE w.id > @after AND w.id <= @upTo AND w.state = 'active'
           AND w.created_at <= (SELECT created_at FROM alerts WHERE id = @alert)
           AND w.audience || '/' || w.window IN
             (SELECT value FROM json_each((SELECT matching FROM alerts WHERE id = @alert)))
           AND NOT EXISTS (SELECT 1 FROM deliveries d
             WHERE d.alert_id = @alert AND d.channel = 'webhook' AND d.subscription_id = w.id)
         ORDER BY w.id LIMIT @limit`,
      )
      .all({ alert: alertId, after: afterId, upTo, limit }) as StoredWebhook[];
  }
}
