import { PostgresConnection } from './connection.js';

/**
 * Whether the database at `url` holds a store (a curator's preview reads one without making it):
 * false when it has no `meta` table, or no start recorded in it. Rejects when it cannot connect.
 */
export async function postgresStoreExists(url: string): Promise<boolean> {
  const connection = new PostgresConnection(url, Date.now, 1);
  try {
    const { rows } = await connection.sql<{ made: boolean }>(
      `SELECT to_regclass('meta') IS NOT NULL AS made`,
    );
    if (!rows[0]?.made) return false;
    const started = await connection.sql(`SELECT 1 FROM meta WHERE key = 'started_at'`);
    return started.rowCount === 1;
  } finally {
    await connection.close();
  }
}
