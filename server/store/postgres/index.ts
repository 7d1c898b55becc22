import type { Store } from '../types.js';
import { PostgresClaims } from './claims.js';
import { DEFAULT_POOL, PostgresConnection } from './connection.js';
import { PostgresDeliveries } from './deliveries.js';
import { PostgresEmails } from './emails.js';
import { PostgresLease } from './lease.js';
import { PostgresLeads } from './leads.js';
import { PostgresLedger } from './ledger.js';
import { migrate } from './migrations.js';
import { PostgresSubscriptions } from './subscriptions.js';
import { PostgresWebhooks } from './webhooks.js';

/**
 * Opens the store in one PostgreSQL database, shared by every worker of every machine: each process
 * holds a bounded pool of connections (./connection.ts), and its parts run their statements on it.
 * Opening it brings the database to the latest schema (./migrations.ts) and reads its start; it
 * rejects when it cannot, its pool ended. Its parts are the store's interface as they are: each
 * behaves as the SQLite engine's does, method for method; where SQLite's one write lock made a
 * check-then-write safe, an advisory lock or a row lock does here (each said where it is taken).
 */
export async function openPostgresStore(
  url: string,
  clock: () => number = Date.now,
  pool = DEFAULT_POOL,
): Promise<Store> {
  const connection = new PostgresConnection(url, clock, pool);
  let opened: { version: number; startedAt: number };
  try {
    opened = await migrate(connection);
  } catch (error) {
    await connection.close().catch(() => undefined);
    throw error;
  }
  const subscriptions = new PostgresSubscriptions(connection);
  const webhooks = new PostgresWebhooks(connection);
  const emails = new PostgresEmails(connection);
  const deliveries = new PostgresDeliveries(connection);
  const claims = new PostgresClaims(connection, { deliveries, webhooks, emails });
  let closed: Promise<void> | null = null;
  return {
    version: opened.version,
    subscriptions,
    webhooks,
    emails,
    ledger: new PostgresLedger(connection, opened.startedAt),
    deliveries,
    claims,
    senderLease: new PostgresLease(connection, 'sender'),
    watcherLease: new PostgresLease(connection, 'watcher'),
    leads: new PostgresLeads(connection),
    prune: async () => {
      const now = connection.clock();
      return await connection.transaction(async (sql) => ({
        deliveries: (await deliveries.pruneOld(sql, now)) + (await claims.pruneDone(sql, now)),
        subscriptions:
          (await subscriptions.pruneIdle(sql, now)) +
          (await emails.pruneUnconfirmed(sql, now)) +
          (await webhooks.prunePending(sql, now)),
      }));
    },
    /** Ends the pool, once however many times it is called. */
    close: () => (closed ??= connection.close()),
  };
}
