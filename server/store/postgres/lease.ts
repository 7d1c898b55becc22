import type { LeaseStore, LeaseTable } from '../types.js';
import type { PostgresConnection } from './connection.js';

/**
 * A lease: the one row of its table (`sender` for the alerts' sender, `watcher` for the leads'
 * watcher), its holder and when it expires.
 */
export class PostgresLease implements LeaseStore {
  readonly #connection: PostgresConnection;
  readonly #table: LeaseTable;

  constructor(connection: PostgresConnection, table: LeaseTable = 'sender') {
    this.#connection = connection;
    this.#table = table;
  }

  /**
   * One statement, its own transaction, made safe by its row lock: the upsert locks the row (id 1)
   * it would update, so of two processes asking at once (on one machine or two) the second waits
   * until the first commits and then tests its `WHERE` against the row the first wrote, which names
   * another holder not yet expired: it is refused. Two inserting into an empty table meet on the
   * primary key the same way. "Now" is the store's clock, never the database's.
   */
  async lease(holder: string, ttlMs: number): Promise<boolean> {
    const table = this.#table;
    const now = this.#connection.clock();
    const { rowCount } = await this.#connection.sql(
      `INSERT INTO ${table} (id, holder, expires_at) VALUES (1, $1, $2)
       ON CONFLICT (id) DO UPDATE SET holder = excluded.holder, expires_at = excluded.expires_at
       WHERE ${table}.holder = excluded.holder OR ${table}.expires_at < $3`,
      [holder, now + ttlMs, now],
    );
    return rowCount === 1;
  }

  async release(holder: string): Promise<void> {
    await this.#connection.sql(`DELETE FROM ${this.#table} WHERE holder = $1`, [holder]);
  }

  async leaseHolder(): Promise<string | null> {
    const { rows } = await this.#connection.sql<{ holder: string }>(
      `SELECT holder FROM ${this.#table} WHERE id = 1`,
    );
    return rows[0]?.holder ?? null;
  }
}
