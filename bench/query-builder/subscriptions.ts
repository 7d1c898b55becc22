import type { Generated, Kysely, Transaction } from 'kysely';
import { sql } from 'kysely';
import type { NewSubscription, Renewal, Subscribed, SubscriptionStore } from '../../server/store/types.js';
import { DAY_MS, SUBSCRIPTION_IDLE_DAYS } from '../../server/store/types.js';

/**
 * The prototype: the store's subscriptions part written once with Kysely for both engines (issue 62).
 * Kysely is not a dependency: this runs with kysely 0.28 (the last line for Node 20) linked as
 * bench/query-builder/node_modules (see bench/query-builder/compare.ts).
 */
export interface Tables {
  subscriptions: {
    id: Generated<number>;
    endpoint: string;
    p256dh: string;
    auth: string;
    audience: string;
    window: string;
    expires_at: number | null;
    created_at: number;
    renewed_at: number;
  };
  webhooks: { audience: string; window: string; state: string };
  emails: { audience: string; window: string; confirmed_at: number | null };
}

export type Dialect = 'sqlite' | 'postgres';

const SLICE = 1000;
/** As server/store/postgres/connection.ts: `alrt`, key 2 (`subscriptions`). */
const LOCK_NAMESPACE = 0x616c7274;
const LOCK_SUBSCRIPTIONS = 2;

/**
 * A write transaction for either engine: what the builder does not say for us. SQLite: BEGIN
 * IMMEDIATE (Kysely's own `transaction()` says BEGIN, a deferred one that may fail to upgrade its
 * lock when another process writes); PostgreSQL: Kysely's transaction and the advisory lock.
 */
async function writeTransaction<T>(
  db: Kysely<Tables>,
  dialect: Dialect,
  work: (trx: Kysely<Tables>) => Promise<T>,
): Promise<T> {
  if (dialect === 'postgres')
    return await db.transaction().execute(async (trx: Transaction<Tables>) => {
      await sql`SELECT pg_advisory_xact_lock(${LOCK_NAMESPACE}, ${LOCK_SUBSCRIPTIONS})`.execute(trx);
      return await work(trx);
    });
  return await db.connection().execute(async (connection) => {
    await sql`BEGIN IMMEDIATE`.execute(connection);
    try {
      const result = await work(connection);
      await sql`COMMIT`.execute(connection);
      return result;
    } catch (error) {
      await sql`ROLLBACK`.execute(connection);
      throw error;
    }
  });
}

async function count(db: Kysely<Tables>): Promise<number> {
  const row = await db
    .selectFrom('subscriptions')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export class BuilderSubscriptions implements SubscriptionStore {
  readonly #db: Kysely<Tables>;
  readonly #dialect: Dialect;
  readonly #clock: () => number;

  constructor(db: Kysely<Tables>, dialect: Dialect, clock: () => number) {
    this.#db = db;
    this.#dialect = dialect;
    this.#clock = clock;
  }

  async subscribe(subscription: NewSubscription, max = Infinity): Promise<Subscribed> {
    const now = this.#clock();
    return await writeTransaction(this.#db, this.#dialect, async (trx) => {
      const updated = await trx
        .updateTable('subscriptions')
        .set({
          p256dh: subscription.p256dh,
          auth: subscription.auth,
          audience: subscription.audience,
          window: subscription.window,
          expires_at: subscription.expiresAt,
          renewed_at: now,
        })
        .where('endpoint', '=', subscription.endpoint)
        .executeTakeFirst();
      if (updated.numUpdatedRows > 0n) return { created: false };
      if (max !== Infinity && (await count(trx)) >= max) return { created: false, full: true };
      await trx
        .insertInto('subscriptions')
        .values({
          endpoint: subscription.endpoint,
          p256dh: subscription.p256dh,
          auth: subscription.auth,
          audience: subscription.audience,
          window: subscription.window,
          expires_at: subscription.expiresAt,
          created_at: now,
          renewed_at: now,
        })
        .execute();
      return { created: true };
    });
  }

  async renewSubscription(subscription: NewSubscription): Promise<Renewal> {
    const updated = await this.#db
      .updateTable('subscriptions')
      .set({
        audience: subscription.audience,
        window: subscription.window,
        expires_at: subscription.expiresAt,
        renewed_at: this.#clock(),
      })
      .where('endpoint', '=', subscription.endpoint)
      .where('p256dh', '=', subscription.p256dh)
      .where('auth', '=', subscription.auth)
      .executeTakeFirst();
    if (updated.numUpdatedRows > 0n) return 'renewed';
    const stored = await this.#db
      .selectFrom('subscriptions')
      .select(sql<number>`1`.as('one'))
      .where('endpoint', '=', subscription.endpoint)
      .executeTakeFirst();
    return stored === undefined ? 'unknown' : 'new keys';
  }

  async subscribeMany(subscriptions: readonly NewSubscription[]): Promise<void> {
    for (let start = 0; start < subscriptions.length; start += SLICE) {
      // An endpoint twice in a slice: stored once, in the place of its first, with its last's values.
      const slice = new Map<string, NewSubscription>();
      for (const subscription of subscriptions.slice(start, start + SLICE))
        slice.set(subscription.endpoint, subscription);
      const now = this.#clock();
      await writeTransaction(this.#db, this.#dialect, async (trx) => {
        await trx
          .insertInto('subscriptions')
          .values(
            [...slice.values()].map((row) => ({
              endpoint: row.endpoint,
              p256dh: row.p256dh,
              auth: row.auth,
              audience: row.audience,
              window: row.window,
              expires_at: row.expiresAt,
              created_at: now,
              renewed_at: now,
            })),
          )
          .onConflict((conflict) =>
            conflict.column('endpoint').doUpdateSet((eb) => ({
              p256dh: eb.ref('excluded.p256dh'),
              auth: eb.ref('excluded.auth'),
              audience: eb.ref('excluded.audience'),
              window: eb.ref('excluded.window'),
              expires_at: eb.ref('excluded.expires_at'),
              renewed_at: eb.ref('excluded.renewed_at'),
            })),
          )
          .execute();
      });
    }
  }

  async unsubscribe(endpoint: string): Promise<void> {
    await this.#db.deleteFrom('subscriptions').where('endpoint', '=', endpoint).execute();
  }

  async removeSubscription(id: number): Promise<void> {
    await this.#db.deleteFrom('subscriptions').where('id', '=', id).execute();
  }

  async subscriptionCount(): Promise<number> {
    return await count(this.#db);
  }

  async subscriptionsByFilters(): Promise<Map<string, number>> {
    const filters = sql<string>`audience || '/' || ${sql.ref('window')}`;
    const channels = this.#db
      .selectFrom('subscriptions')
      .select((eb) => [filters.as('filters'), eb.fn.countAll<number>().as('n')])
      .groupBy(filters)
      .unionAll((eb) =>
        eb
          .selectFrom('webhooks')
          .select((inner) => [filters.as('filters'), inner.fn.countAll<number>().as('n')])
          .where('state', '=', 'active')
          .groupBy(filters),
      )
      .unionAll((eb) =>
        eb
          .selectFrom('emails')
          .select((inner) => [filters.as('filters'), inner.fn.countAll<number>().as('n')])
          .where('confirmed_at', 'is not', null)
          .groupBy(filters),
      );
    const rows = await this.#db
      .selectFrom(channels.as('channels'))
      .select(['filters', sql<number>`cast(sum(n) as bigint)`.as('n')])
      .groupBy('filters')
      .execute();
    // Sorted here, by code unit: PostgreSQL's ORDER BY needs COLLATE "C", which SQLite does not know.
    rows.sort((a, b) => (a.filters < b.filters ? -1 : a.filters > b.filters ? 1 : 0));
    return new Map(rows.map((row) => [row.filters, Number(row.n)]));
  }

  /** Deletes the expired subscriptions and those no page renewed for long, in the caller's transaction. */
  async pruneIdle(trx: Kysely<Tables>, now: number): Promise<number> {
    const deleted = await trx
      .deleteFrom('subscriptions')
      .where((eb) =>
        eb.or([
          eb.and([eb('expires_at', 'is not', null), eb('expires_at', '<', now)]),
          eb('renewed_at', '<', now - SUBSCRIPTION_IDLE_DAYS * DAY_MS),
        ]),
      )
      .executeTakeFirst();
    return Number(deleted.numDeletedRows);
  }
}
