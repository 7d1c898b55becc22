import { existsSync } from 'node:fs';
import type { Store } from './types.js';
export { LeaseLost } from './lead-types.js';

export type * from './types.js';
export {
  CONFIRMATION_DAYS,
  CONFIRMATION_EVERY_MS,
  CONFIRMATIONS_PER_DAY,
  PENDING_WEBHOOK_DAYS,
  SUBSCRIPTION_IDLE_DAYS,
  TELEGRAM_MAYBE_POSTED,
} from './types.js';

/** Whether a store's location names a PostgreSQL database (a URL) rather than a SQLite file. */
export function isDatabaseUrl(location: string): boolean {
  return /^postgres(ql)?:\/\//.test(location);
}

/**
 * A store's location as it may be printed or logged: a URL (a database's, Redis's) without its
 * password, a file path as it is.
 */
export function describeLocation(location: string): string {
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(location)) return location;
  try {
    const url = new URL(location);
    if (url.password) url.password = '***';
    return url.toString();
  } catch {
    return 'a URL that does not parse';
  }
}

/**
 * Opens the service's store at `location`, brought to the latest schema as it opens: a `postgres://`
 * or `postgresql://` URL is a PostgreSQL database shared by every machine (config
 * `ALERTS_DATABASE_URL`, a pool of `pool` connections per process, 4 unless set: config `ALERTS_DATABASE_POOL`), anything else a SQLite
 * file, one per machine (config `ALERTS_DB`). Its users hold the `Store` interface's parts, never the
 * engine. Asynchronous, as opening an engine over the network is: it resolves once the store is
 * migrated and its `version` and `startedAt` are read, and rejects when it cannot be opened.
 *
 * Each engine's module (and its driver, `pg` or `better-sqlite3`) is imported here, when a store is
 * opened: a process without alerts, or on the other engine, never loads it.
 */
export async function openStore(
  location: string,
  clock: () => number = Date.now,
  pool?: number,
): Promise<Store> {
  if (isDatabaseUrl(location)) {
    const { openPostgresStore } = await import('./postgres/index.js');
    return await openPostgresStore(location, clock, pool);
  }
  const { openSqliteStore } = await import('./sqlite/index.js');
  return await openSqliteStore(location, clock);
}

/**
 * Whether a store is at `location` already, without making one: a file that exists, a database
 * whose schema and start are recorded. Rejects when a database cannot be reached.
 */
export async function storeExists(location: string): Promise<boolean> {
  if (!isDatabaseUrl(location)) return existsSync(location);
  const { postgresStoreExists } = await import('./postgres/exists.js');
  return await postgresStoreExists(location);
}
