import type { NewSubscription, Renewal, SubscriptionStore } from '../types.js';
import { DAY_MS, SUBSCRIPTION_IDLE_DAYS } from '../types.js';
import type { SqliteConnection, Synchronous } from './connection.js';

/** The `subscriptions` table: one row per canonical endpoint, with its keys and filters. */
export class SqliteSubscriptions implements Synchronous<SubscriptionStore> {
  readonly #connection: SqliteConnection;

  constructor(connection: SqliteConnection) {
    this.#connection = connection;
  }

  subscribe(
    subscription: NewSubscription,
    max = Infinity,
  ): { created: boolean; full?: never } | { created: false; full: true } {
    const connection = this.#connection;
    const now = connection.clock();
    return connection.immediate(() => {
      const existing = connection
        .sql('SELECT id FROM subscriptions WHERE endpoint = ?')
        .get(subscription.endpoint) as { id: number } | undefined;
      if (existing) {
        connection
          .sql(
            `UPDATE subscriptions SET p256dh = ?, auth = ?, audience = ?, window = ?, expires_at = ?, renewed_at = ?
             WHERE id = ?`,
          )
          .run(
            subscription.p256dh,
            subscription.auth,
            subscription.audience,
            subscription.window,
            subscription.expiresAt,
            now,
            existing.id,
          );
        return { created: false };
      }
      if (this.subscriptionCount() >= max) return { created: false, full: true };
      connection
        .sql(
          `INSERT INTO subscriptions (endpoint, p256dh, auth, audience, window, expires_at, created_at, renewed_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
        )
        .run(
          subscription.endpoint,
          subscription.p256dh,
          subscription.auth,
          subscription.audience,
          subscription.window,
          subscription.expiresAt,
          now,
          now,
        );
      return { created: true };
    });
  }

  renewSubscription(subscription: NewSubscription): Renewal {
    const connection = this.#connection;
    const now = connection.clock();
    return connection.immediate(() => {
      const { changes } = connection
        .sql(
          `UPDATE subscriptions SET audience = ?, window = ?, expires_at = ?, renewed_at = ?
           WHERE endpoint = ? AND p256dh = ? AND auth = ?`,
        )
        .run(
          subscription.audience,
          subscription.window,
          subscription.expiresAt,
          now,
          subscription.endpoint,
          subscription.p256dh,
          subscription.auth,
        );
      if (changes > 0) return 'renewed';
      const stored = connection
        .sql('SELECT 1 FROM subscriptions WHERE endpoint = ?')
        .get(subscription.endpoint);
      return stored === undefined ? 'unknown' : 'new keys';
    });
  }

  subscribeMany(subscriptions: readonly NewSubscription[]): void {
    for (let start = 0; start < subscriptions.length; start += 1000) {
      const slice = subscriptions.slice(start, start + 1000);
      this.#connection.immediate(() => {
        for (const subscription of slice) this.subscribe(subscription);
      });
    }
  }

  unsubscribe(endpoint: string): void {
    this.#connection.immediate(() =>
      this.#connection.sql('DELETE FROM subscriptions WHERE endpoint = ?').run(endpoint),
    );
  }

  removeSubscription(id: number): void {
    this.#connection.immediate(() => this.#connection.sql('DELETE FROM subscriptions WHERE id = ?').run(id));
  }

  subscriptionCount(): number {
    return (this.#connection.sql('SELECT count(*) AS n FROM subscriptions').get() as { n: number }).n;
  }

  subscriptionsByFilters(): Map<string, number> {
    // Every channel's subscriptions an alert would go to: browsers, active webhooks, confirmed addresses.
    const rows = this.#connection
      .sql(
        `SELECT filters, sum(n) AS n FROM (
           SELECT audience || '/' || window AS filters, count(*) AS n FROM subscriptions GROUP BY 1
           UNION ALL
           SELECT audience || '/' || window, count(*) FROM webhooks WHERE state = 'active' GROUP BY 1
           UNION ALL
           SELECT audience || '/' || window, count(*) FROM emails WHERE confirmed_at IS NOT NULL GROUP BY 1
         ) GROUP BY filters ORDER BY filters`,
      )
      .all() as { filters: string; n: number }[];
    return new Map(rows.map((row) => [row.filters, row.n]));
  }

  /** Deletes the expired subscriptions and those no page renewed for long; the caller holds the transaction. */
  pruneIdle(now: number): number {
    return this.#connection
      .sql('DELETE FROM subscriptions WHERE (expires_at IS NOT NULL AND expires_at < ?) OR renewed_at < ?')
      .run(now, now - SUBSCRIPTION_IDLE_DAYS * DAY_MS).changes;
  }
}
