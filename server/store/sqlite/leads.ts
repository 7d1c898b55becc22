import type { LeadRow } from '../lead-rows.js';
import { leadOf, storableAnswer, storableSighting } from '../lead-rows.js';
import { LeaseLost } from '../lead-types.js';
import type { LeadAnswer, LeadOutcome, LeadSighting, LeadStore, StoredLead } from '../types.js';
import type { SqliteConnection, Synchronous } from './connection.js';

/** The leads (`leads`), and the sources' state (`lead_sources`); a fenced write checks the watcher's lease (`watcher`). */
export class SqliteLeads implements Synchronous<LeadStore> {
  readonly #connection: SqliteConnection;

  constructor(connection: SqliteConnection) {
    this.#connection = connection;
  }

  /** Inside a transaction: refuses the write unless `fence` (a holder) holds the lease unexpired. */
  #check(fence: string | undefined): void {
    if (fence === undefined) return;
    const held = this.#connection
      .sql('SELECT 1 FROM watcher WHERE id = 1 AND holder = ? AND expires_at >= ?')
      .get(fence, this.#connection.clock());
    if (held === undefined) throw new LeaseLost(`${fence} does not hold the watcher lease`);
  }

  recordLead(seen: LeadSighting, fence?: string): { lead: StoredLead; created: boolean } {
    const connection = this.#connection;
    const sighting = storableSighting(seen);
    return connection.immediate(() => {
      this.#check(fence);
      const found = connection
        .sql('SELECT * FROM leads WHERE key = ? OR (post_id IS NOT NULL AND post_id = ?) ORDER BY id LIMIT 1')
        .get(sighting.key, sighting.postId) as LeadRow | undefined;
      if (found) {
        const sources = JSON.parse(found.sources) as string[];
        if (!sources.includes(sighting.source)) {
          sources.push(sighting.source);
          connection.sql('UPDATE leads SET sources = ? WHERE id = ?').run(JSON.stringify(sources), found.id);
        }
        return { lead: leadOf({ ...found, sources: JSON.stringify(sources) }), created: false };
      }
      const row = connection
        .sql(
          `INSERT INTO leads (key, url, post_id, posted_at, title, words, matched, sources, seen_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING *`,
        )
        .get(
          sighting.key,
          sighting.url,
          sighting.postId,
          sighting.postedAt,
          sighting.title,
          sighting.words,
          JSON.stringify(sighting.matched),
          JSON.stringify([sighting.source]),
          connection.clock(),
        ) as LeadRow;
      return { lead: leadOf(row), created: true };
    });
  }

  leads(outcome?: LeadOutcome): StoredLead[] {
    const rows = (
      outcome === undefined
        ? this.#connection.sql('SELECT * FROM leads ORDER BY seen_at DESC, id DESC').all()
        : this.#connection
            .sql('SELECT * FROM leads WHERE outcome = ? ORDER BY seen_at DESC, id DESC')
            .all(outcome)
    ) as LeadRow[];
    return rows.map(leadOf);
  }

  lead(id: number): StoredLead | null {
    const row = this.#connection.sql('SELECT * FROM leads WHERE id = ?').get(id) as LeadRow | undefined;
    return row ? leadOf(row) : null;
  }

  answerLead(id: number, given: LeadAnswer, fence?: string): boolean {
    const connection = this.#connection;
    const answer = storableAnswer(given);
    const [outcome, eventId, why] =
      'eventId' in answer
        ? (['event', answer.eventId, null] as const)
        : (['dismissed', null, answer.why] as const);
    return connection.immediate(() => {
      this.#check(fence);
      return (
        connection
          .sql(
            `UPDATE leads SET outcome = ?, event_id = ?, why = ?, answered_at = ?
             WHERE id = ? AND outcome = 'open'`,
          )
          .run(outcome, eventId, why, connection.clock(), id).changes === 1
      );
    });
  }

  untoldLeads(): StoredLead[] {
    const rows = this.#connection
      .sql(`SELECT * FROM leads WHERE told_at IS NULL AND outcome = 'open' ORDER BY seen_at, id`)
      .all() as LeadRow[];
    return rows.map(leadOf);
  }

  markTold(id: number, fence?: string): void {
    this.#connection.immediate(() => {
      this.#check(fence);
      this.#connection.sql('UPDATE leads SET told_at = ? WHERE id = ?').run(this.#connection.clock(), id);
    });
  }

  sourceState(name: string): string | null {
    const row = this.#connection.sql('SELECT state FROM lead_sources WHERE name = ?').get(name) as
      { state: string } | undefined;
    return row?.state ?? null;
  }

  saveSourceState(name: string, state: string, fence?: string): void {
    this.#connection.immediate(() => {
      this.#check(fence);
      this.#connection
        .sql(
          `INSERT INTO lead_sources (name, state, updated_at) VALUES (?, ?, ?)
           ON CONFLICT (name) DO UPDATE SET state = excluded.state, updated_at = excluded.updated_at`,
        )
        .run(name, state, this.#connection.clock());
    });
  }

  firstDelivered(eventId: string): number | null {
    const row = this.#connection
      .sql(
        `SELECT min(deliveries.at) AS at FROM deliveries JOIN alerts ON alerts.id = deliveries.alert_id
         WHERE alerts.event_id = ? AND deliveries.outcome = 'delivered'`,
      )
      .get(eventId) as { at: number | null };
    return row.at;
  }
}
