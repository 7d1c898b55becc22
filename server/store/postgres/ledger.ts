import type { LedgerEntry, LedgerMark } from '../../../domain/alerts.js';
import type { LedgerStore, NewAlert, PublicationDecision } from '../types.js';
import type { PostgresConnection, Sql } from './connection.js';
import { lockStatement } from './connection.js';

/** The publication ledger (`ledger`, `marks`) and the alerts made from it (`alerts`). */
export class PostgresLedger implements LedgerStore {
  /** When the store began, as `meta` recorded it once (./migrations.ts): read as the store opened. */
  readonly startedAt: number;
  readonly #connection: PostgresConnection;

  constructor(connection: PostgresConnection, startedAt: number) {
    this.#connection = connection;
    this.startedAt = startedAt;
  }

  async ledger(sql: Sql = this.#connection.sql): Promise<Map<string, LedgerEntry>> {
    const { rows } = await sql<{ event_id: string; status: LedgerEntry['status']; revision: number }>(
      'SELECT event_id, status, revision FROM ledger ORDER BY event_id COLLATE "C"',
    );
    return new Map(rows.map((row) => [row.event_id, { status: row.status, revision: row.revision }]));
  }

  async marks(sql: Sql = this.#connection.sql): Promise<LedgerMark[]> {
    const { rows } = await sql<{ event_id: string; revision: number; mode: LedgerMark['mode'] }>(
      'SELECT event_id, revision, mode FROM marks ORDER BY event_id COLLATE "C", revision',
    );
    return rows.map((row) => ({ eventId: row.event_id, revision: row.revision, mode: row.mode }));
  }

  async mark(mark: LedgerMark): Promise<void> {
    await this.#connection.sql(
      `INSERT INTO marks (event_id, revision, mode, at) VALUES ($1, $2, $3, $4)
       ON CONFLICT (event_id, revision) DO UPDATE SET mode = excluded.mode, at = excluded.at`,
      [mark.eventId, mark.revision, mark.mode, this.#connection.clock()],
    );
  }

  /**
   * One transaction holding the `publication` advisory lock: another process's `recordPublication`
   * waits for this one to commit, and then reads the ledger as this one left it (each statement of a
   * READ COMMITTED transaction sees what was committed before it began), so two workers loading the
   * same content make each alert once. `decide` is synchronous: nothing is awaited between the reads
   * and the writes but the database.
   */
  async recordPublication(decide: PublicationDecision): Promise<NewAlert[]> {
    const now = this.#connection.clock();
    return await this.#connection.transaction(async (sql) => {
      await sql(lockStatement('publication'));
      const { entries, alerts } = decide(await this.ledger(sql), await this.marks(sql), this.startedAt);
      // As one upsert after another: an event twice among the entries is written as its last.
      const latest = new Map(entries.map((entry) => [entry.eventId, entry]));
      if (latest.size > 0) {
        const rows = [...latest.values()];
        await sql(
          `INSERT INTO ledger (event_id, status, revision, seen_at)
           SELECT event_id, status, revision, $4::bigint FROM unnest($1::text[], $2::text[], $3::integer[])
             AS e (event_id, status, revision)
           ON CONFLICT (event_id) DO UPDATE SET status = excluded.status, revision = excluded.revision,
             seen_at = excluded.seen_at`,
          [
            rows.map((row) => row.eventId),
            rows.map((row) => row.status),
            rows.map((row) => row.revision),
            now,
          ],
        );
      }
      const made: NewAlert[] = [];
      for (const alert of alerts) {
        const { rowCount } = await sql(
          `INSERT INTO alerts (key, event_id, reason, payload, record, matching, created_at)
           VALUES ($1, $2, $3, $4, $5, $6::text[], $7)
           ON CONFLICT (key) DO NOTHING`,
          [alert.key, alert.eventId, alert.reason, alert.payload, alert.record, alert.matching, now],
        );
        if (rowCount === 1) made.push(alert);
      }
      return made;
    });
  }

  async alertCount(): Promise<number> {
    const { rows } = await this.#connection.sql<{ n: number }>('SELECT count(*) AS n FROM alerts');
    return rows[0]!.n;
  }
}
