import type { NewSubscription, Renewal, Subscribed, SubscriptionStore } from '../types.js';
import { DAY_MS, SUBSCRIPTION_IDLE_DAYS } from '../types.js';
import type { PostgresConnection, Sql } from './connection.js';
import { lockStatement } from './connection.js';

/** Subscriptions written per statement by `subscribeMany` (each a transaction, as SQLite's slices). */
const SLICE = 1000;

/** The `subscriptions` table: one row per canonical endpoint, with its keys and filters. */
export class PostgresSubscriptions implements SubscriptionStore {
  readonly #connection: PostgresConnection;

  constructor(connection: PostgresConnection) {
    this.#connection = connection;
  }

  async subscribe(subscription: NewSubscription, max = Infinity): Promise<Subscribed> {
    const now = this.#connection.clock();
    // The `subscriptions` advisory lock: the count and the insert are one step for every process,
    // so `max` holds across workers and machines.
    return await this.#connection.transaction(async (sql) => {
      await sql(lockStatement('subscriptions'));
      const updated = await sql(
        `UPDATE subscriptions SET p256dh = $1, auth = $2, audience = $3, "window" = $4, expires_at = $5,
           renewed_at = $6
         WHERE endpoint = $7`,
        [
          subscription.p256dh,
          subscription.auth,
          subscription.audience,
          subscription.window,
          subscription.expiresAt,
          now,
          subscription.endpoint,
        ],
      );
      if (updated.rowCount === 1) return { created: false };
      if (max !== Infinity && (await count(sql)) >= max) return { created: false, full: true };
      await sql(
        `INSERT INTO subscriptions (endpoint, p256dh, auth, audience, "window", expires_at, created_at, renewed_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $7)`,
        [
          subscription.endpoint,
          subscription.p256dh,
          subscription.auth,
          subscription.audience,
          subscription.window,
          subscription.expiresAt,
          now,
        ],
      );
      return { created: true };
    });
  }

  async renewSubscription(subscription: NewSubscription): Promise<Renewal> {
    // One statement: a row stored with these keys is renewed, whatever else runs at once.
    const { rowCount } = await this.#connection.sql(
      `UPDATE subscriptions SET audience = $1, "window" = $2, expires_at = $3, renewed_at = $4
       WHERE endpoint = $5 AND p256dh = $6 AND auth = $7`,
      [
        subscription.audience,
        subscription.window,
        subscription.expiresAt,
        this.#connection.clock(),
        subscription.endpoint,
        subscription.p256dh,
        subscription.auth,
      ],
    );
    if (rowCount === 1) return 'renewed';
    const { rows } = await this.#connection.sql('SELECT 1 FROM subscriptions WHERE endpoint = $1', [
      subscription.endpoint,
    ]);
    return rows.length === 0 ? 'unknown' : 'new keys';
  }

  async subscribeMany(subscriptions: readonly NewSubscription[]): Promise<void> {
    for (let start = 0; start < subscriptions.length; start += SLICE) {
      // As `subscribe` one after another: an endpoint twice in a slice is stored once, in the place
      // of its first, with the keys and filters of its last (one statement may not touch a row twice).
      const slice = new Map<string, NewSubscription>();
      for (const subscription of subscriptions.slice(start, start + SLICE))
        slice.set(subscription.endpoint, subscription);
      const rows = [...slice.values()];
      const now = this.#connection.clock();
      await this.#connection.transaction(async (sql) => {
        await sql(lockStatement('subscriptions'));
        await sql(
          `INSERT INTO subscriptions (endpoint, p256dh, auth, audience, "window", expires_at, created_at, renewed_at)
           SELECT endpoint, p256dh, auth, audience, "window", expires_at, $7::bigint, $7::bigint
           FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::bigint[])
             WITH ORDINALITY AS s (endpoint, p256dh, auth, audience, "window", expires_at, n)
           ORDER BY n
           ON CONFLICT (endpoint) DO UPDATE SET p256dh = excluded.p256dh, auth = excluded.auth,
             audience = excluded.audience, "window" = excluded."window", expires_at = excluded.expires_at,
             renewed_at = excluded.renewed_at`,
          [
            rows.map((row) => row.endpoint),
            rows.map((row) => row.p256dh),
            rows.map((row) => row.auth),
            rows.map((row) => row.audience),
            rows.map((row) => row.window),
            rows.map((row) => row.expiresAt),
            now,
          ],
        );
      });
    }
  }

  async unsubscribe(endpoint: string): Promise<void> {
    await this.#connection.sql('DELETE FROM subscriptions WHERE endpoint = $1', [endpoint]);
  }

  async removeSubscription(id: number): Promise<void> {
    await this.#connection.sql('DELETE FROM subscriptions WHERE id = $1', [id]);
  }

  async subscriptionCount(): Promise<number> {
    return await count(this.#connection.sql);
  }

  async subscriptionsByFilters(): Promise<Map<string, number>> {
    // Every channel's subscriptions an alert would go to: browsers, active webhooks, confirmed
    // addresses. `sum` of counts is numeric: cast back to bigint, a number here.
    const { rows } = await this.#connection.sql<{ filters: string; n: number }>(
      `SELECT filters, sum(n)::bigint AS n FROM (
         SELECT audience || '/' || "window" AS filters, count(*) AS n FROM subscriptions GROUP BY 1
         UNION ALL
         SELECT audience || '/' || "window", count(*) FROM webhooks WHERE state = 'active' GROUP BY 1
         UNION ALL
         SELECT audience || '/' || "window", count(*) FROM emails WHERE confirmed_at IS NOT NULL GROUP BY 1
       ) AS channels GROUP BY filters ORDER BY filters COLLATE "C"`,
    );
    return new Map(rows.map((row) => [row.filters, row.n]));
  }

  /** Deletes the expired subscriptions and those no page renewed for long, in the caller's transaction. */
  async pruneIdle(sql: Sql, now: number): Promise<number> {
    const { rowCount } = await sql(
      'DELETE FROM subscriptions WHERE (expires_at IS NOT NULL AND expires_at < $1) OR renewed_at < $2',
      [now, now - SUBSCRIPTION_IDLE_DAYS * DAY_MS],
    );
    return rowCount ?? 0;
  }
}

async function count(sql: Sql): Promise<number> {
  const { rows } = await sql<{ n: number }>('SELECT count(*) AS n FROM subscriptions');
  return rows[0]!.n;
}
