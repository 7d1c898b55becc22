import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import type pg from 'pg';
import type { SqliteConnection } from '../../server/store/sqlite/connection.js';
import type { Tables } from './subscriptions.js';

/**
 * Kysely over a SQLite connection of the store's: every statement it makes goes through
 * `connection.sql`, so it is prepared once and kept (server/store/sqlite/connection.ts), never made
 * with Kysely's own `db.prepare` per query.
 */
export function sqliteBuilder(connection: SqliteConnection): Kysely<Tables> {
  return new Kysely<Tables>({
    dialect: new SqliteDialect({
      database: { prepare: (source: string) => connection.sql(source), close: () => undefined },
    }),
  });
}

/** Kysely over a pool of the store's (int8 read as a number). */
export function postgresBuilder(pool: pg.Pool): Kysely<Tables> {
  return new Kysely<Tables>({ dialect: new PostgresDialect({ pool }) });
}
