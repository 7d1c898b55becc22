import type { LeaseStore } from '../types.js';
import type { SqliteConnection, Synchronous } from './connection.js';

/** The sender's lease: the one row of `sender`, its holder and when it expires. */
export class SqliteLease implements Synchronous<LeaseStore> {
  readonly #connection: SqliteConnection;

  constructor(connection: SqliteConnection) {
    this.#connection = connection;
  }

  lease(holder: string, ttlMs: number): boolean {
    const connection = this.#connection;
    const now = connection.clock();
    return connection.immediate(
      () =>
        connection
          .sql(
            `INSERT INTO sender (id, holder, expires_at) VALUES (1, ?, ?)
             ON CONFLICT (id) DO UPDATE SET holder = excluded.holder, expires_at = excluded.expires_at
             WHERE sender.holder = excluded.holder OR sender.expires_at < ?`,
          )
          .run(holder, now + ttlMs, now).changes === 1,
    );
  }

  release(holder: string): void {
    this.#connection.immediate(() => this.#connection.sql('DELETE FROM sender WHERE holder = ?').run(holder));
  }

  leaseHolder(): string | null {
    const row = this.#connection.sql('SELECT holder FROM sender WHERE id = 1').get() as
      { holder: string } | undefined;
    return row?.holder ?? null;
  }
}
