import type { LeaseStore, LeaseTable } from '../types.js';
import type { SqliteConnection, Synchronous } from './connection.js';

/**
 * A lease: the one row of its table (`sender` for the alerts' sender, `watcher` for the leads'
 * watcher), its holder and when it expires.
 */
export class SqliteLease implements Synchronous<LeaseStore> {
  readonly #connection: SqliteConnection;
  readonly #table: LeaseTable;

  constructor(connection: SqliteConnection, table: LeaseTable = 'sender') {
    this.#connection = connection;
    this.#table = table;
  }

  lease(holder: string, ttlMs: number): boolean {
    const connection = this.#connection;
    const table = this.#table;
    const now = connection.clock();
    return connection.immediate(
      () =>
        connection
          .sql(
            `INSERT INTO ${table} (id, holder, expires_at) VALUES (1, ?, ?)
             ON CONFLICT (id) DO UPDATE SET holder = excluded.holder, expires_at = excluded.expires_at
             WHERE ${table}.holder = excluded.holder OR ${table}.expires_at < ?`,
          )
          .run(holder, now + ttlMs, now).changes === 1,
    );
  }

  release(holder: string): void {
    this.#connection.immediate(() =>
      this.#connection.sql(`DELETE FROM ${this.#table} WHERE holder = ?`).run(holder),
    );
  }

  leaseHolder(): string | null {
    const row = this.#connection.sql(`SELECT holder FROM ${this.#table} WHERE id = 1`).get() as
      { holder: string } | undefined;
    return row?.holder ?? null;
  }
}
