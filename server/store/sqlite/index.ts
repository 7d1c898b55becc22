import type {
  ClaimStore,
  DeliveryStore,
  EmailStore,
  LeadStore,
  LeaseStore,
  LedgerStore,
  Store,
  SubscriptionStore,
  WebhookStore,
} from '../types.js';
import { SqliteClaims } from './claims.js';
import { SqliteConnection } from './connection.js';
import type { Synchronous } from './connection.js';
import { SqliteDeliveries } from './deliveries.js';
import { SqliteEmails } from './emails.js';
import { SqliteLease } from './lease.js';
import { SqliteLeads } from './leads.js';
import { SqliteLedger } from './ledger.js';
import { migrate, schemaVersion } from './migrations.js';
import { SqliteSubscriptions } from './subscriptions.js';
import { SqliteWebhooks } from './webhooks.js';

export { SCHEMA_1, SCHEMA_VERSION } from './migrations.js';

/**
 * `work`'s result as a promise, and what it throws as a rejection. better-sqlite3 runs `work` now, in
 * this turn: a write has been made (and committed, unless a transaction of the caller's holds it)
 * before the promise is even returned, and calls made in turn are made in that order.
 */
function promised<T>(work: () => T): Promise<T> {
  return new Promise<T>((resolve) => resolve(work()));
}

/**
 * A synchronous part as the store's interface has it, wrapped once, whatever its methods: each
 * method of its class runs at once and answers as a promise (`promised`); its public fields
 * (`startedAt`) are copied as they are. Its private members stay the part's.
 */
function promisedPart<T extends object>(part: Synchronous<T>): T {
  const wrapped: Record<string, unknown> = { ...part };
  const prototype = Object.getPrototypeOf(part) as object;
  for (const name of Object.getOwnPropertyNames(prototype)) {
    const method: unknown = Object.getOwnPropertyDescriptor(prototype, name)?.value;
    if (name === 'constructor' || typeof method !== 'function') continue;
    wrapped[name] = (...args: unknown[]) => promised(() => method.apply(part, args) as unknown);
  }
  return wrapped as T;
}

/**
 * Opens the store in one SQLite file per machine, opened by every worker (./connection.ts): its
 * parts share the connection, and with it the statements it keeps (see `retained` there). Opening
 * it brings the file to the latest schema (./migrations.ts); rejects when it cannot.
 *
 * better-sqlite3 is synchronous: the parts are (`Synchronous<…>`), each wrapped once into the
 * interface's promises (`promisedPart`).
 */
export function openSqliteStore(file: string, clock: () => number = Date.now): Promise<Store> {
  return promised(() => {
    const connection = new SqliteConnection(file, clock);
    migrate(connection);
    const subscriptions = new SqliteSubscriptions(connection);
    const webhooks = new SqliteWebhooks(connection);
    const emails = new SqliteEmails(connection);
    const deliveries = new SqliteDeliveries(connection);
    const claims = new SqliteClaims(connection, { deliveries, webhooks, emails });
    return {
      version: schemaVersion(connection),
      subscriptions: promisedPart<SubscriptionStore>(subscriptions),
      webhooks: promisedPart<WebhookStore>(webhooks),
      emails: promisedPart<EmailStore>(emails),
      ledger: promisedPart<LedgerStore>(new SqliteLedger(connection)),
      deliveries: promisedPart<DeliveryStore>(deliveries),
      claims: promisedPart<ClaimStore>(claims),
      senderLease: promisedPart<LeaseStore>(new SqliteLease(connection, 'sender')),
      watcherLease: promisedPart<LeaseStore>(new SqliteLease(connection, 'watcher')),
      leads: promisedPart<LeadStore>(new SqliteLeads(connection)),
      prune: () => {
        const now = connection.clock();
        return promised(() =>
          connection.immediate(() => ({
            deliveries: deliveries.pruneOld(now) + claims.pruneDone(now),
            subscriptions:
              subscriptions.pruneIdle(now) + emails.pruneUnconfirmed(now) + webhooks.prunePending(now),
          })),
        );
      },
      close: () => promised(() => connection.close()),
    };
  });
}
