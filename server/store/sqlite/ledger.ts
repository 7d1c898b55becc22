import type { LedgerEntry, LedgerMark } from '../../../domain/alerts.js';
import type { LedgerStore, NewAlert, PublicationDecision } from '../types.js';
import type { SqliteConnection, Synchronous } from './connection.js';

/** The publication ledger (`ledger`, `marks`), the alerts made from it (`alerts`) and `meta`'s start. */
export class SqliteLedger implements Synchronous<LedgerStore> {
  readonly #connection: SqliteConnection;
  /** Read once as the store opens (migrations.ts writes it with the first schema). */
  readonly startedAt: number;

  constructor(connection: SqliteConnection) {
    this.#connection = connection;
    const row = connection.sql(`SELECT value FROM meta WHERE key = 'started_at'`).get() as
      { value: string } | undefined;
    this.startedAt = Number(row?.value ?? 0);
  }

  ledger(): Map<string, LedgerEntry> {
    const rows = this.#connection
      .sql('SELECT event_id, status, revision FROM ledger ORDER BY event_id')
      .all() as {
      event_id: string;
      status: LedgerEntry['status'];
      revision: number;
    }[];
    return new Map(rows.map((row) => [row.event_id, { status: row.status, revision: row.revision }]));
  }

  marks(): LedgerMark[] {
    const rows = this.#connection
      .sql('SELECT event_id, revision, mode FROM marks ORDER BY event_id, revision')
      .all() as {
      event_id: string;
      revision: number;
      mode: LedgerMark['mode'];
    }[];
    return rows.map((row) => ({ eventId: row.event_id, revision: row.revision, mode: row.mode }));
  }

  mark(mark: LedgerMark): void {
    const connection = this.#connection;
    connection.immediate(() =>
      connection
        .sql(
          `INSERT INTO marks (event_id, revision, mode, at) VALUES (?, ?, ?, ?)
           ON CONFLICT (event_id, revision) DO UPDATE SET mode = excluded.mode, at = excluded.at`,
        )
        .run(mark.eventId, mark.revision, mark.mode, connection.clock()),
    );
  }

  recordPublication(decide: PublicationDecision): NewAlert[] {
    const connection = this.#connection;
    const now = connection.clock();
    return connection.immediate(() => {
      const { entries, alerts } = decide(this.ledger(), this.marks(), this.startedAt);
      const upsert = connection.sql(
        `INSERT INTO ledger (event_id, status, revision, seen_at) VALUES (?, ?, ?, ?)
         ON CONFLICT (event_id) DO UPDATE SET status = excluded.status, revision = excluded.revision, seen_at = excluded.seen_at`,
      );
      for (const entry of entries) upsert.run(entry.eventId, entry.status, entry.revision, now);
      const insert = connection.sql(
        `INSERT OR IGNORE INTO alerts (key, event_id, reason, payload, record, matching, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?)`,
      );
      return alerts.filter(
        (alert) =>
          insert.run(
            alert.key,
            alert.eventId,
            alert.reason,
            alert.payload,
            alert.record,
            JSON.stringify(alert.matching),
            now,
          ).changes === 1,
      );
    });
  }

  alertCount(): number {
    return (this.#connection.sql('SELECT count(*) AS n FROM alerts').get() as { n: number }).n;
  }
}
