import type { LeadRow } from '../lead-rows.js';
import { leadOf, storableAnswer, storableSighting } from '../lead-rows.js';
import { LeaseLost } from '../lead-types.js';
import type { LeadAnswer, LeadOutcome, LeadSighting, LeadStore, StoredLead } from '../types.js';
import type { PostgresConnection, Sql } from './connection.js';
import { lockStatement } from './connection.js';

/** The leads (`leads`), and the sources' state (`lead_sources`); a fenced write checks the watcher's lease (`watcher`). */
export class PostgresLeads implements LeadStore {
  readonly #connection: PostgresConnection;

  constructor(connection: PostgresConnection) {
    this.#connection = connection;
  }

  /**
   * Inside a transaction: refuses the write unless `fence` (a holder) holds the lease unexpired. The
   * lease's row is read `FOR SHARE`: a takeover (its update) waits until this write commits.
   */
  async #check(sql: Sql, fence: string | undefined): Promise<void> {
    if (fence === undefined) return;
    const { rows } = await sql(
      'SELECT 1 FROM watcher WHERE id = 1 AND holder = $1 AND expires_at >= $2 FOR SHARE',
      [fence, this.#connection.clock()],
    );
    if (rows.length === 0) throw new LeaseLost(`${fence} does not hold the watcher lease`);
  }

  /** `write` in a transaction of its own, checked against `fence` first when there is one. */
  async #fenced<T>(fence: string | undefined, write: (sql: Sql) => Promise<T>): Promise<T> {
    if (fence === undefined) return await write(this.#connection.sql);
    return await this.#connection.transaction(async (sql) => {
      await this.#check(sql, fence);
      return await write(sql);
    });
  }

  /** One transaction under the `leads` lock: of two watchers (a lease handed over), one inserts. */
  async recordLead(seen: LeadSighting, fence?: string): Promise<{ lead: StoredLead; created: boolean }> {
    const now = this.#connection.clock();
    const sighting = storableSighting(seen);
    return await this.#connection.transaction(async (sql) => {
      await this.#check(sql, fence);
      await sql(lockStatement('leads'));
      const { rows: found } = await sql<LeadRow>(
        `SELECT * FROM leads WHERE key = $1 OR (post_id IS NOT NULL AND post_id = $2) ORDER BY id LIMIT 1`,
        [sighting.key, sighting.postId],
      );
      const row = found[0];
      if (row) {
        const sources = JSON.parse(row.sources) as string[];
        if (!sources.includes(sighting.source)) {
          sources.push(sighting.source);
          await sql('UPDATE leads SET sources = $1 WHERE id = $2', [JSON.stringify(sources), row.id]);
        }
        return { lead: leadOf({ ...row, sources: JSON.stringify(sources) }), created: false };
      }
      const { rows } = await sql<LeadRow>(
        `INSERT INTO leads (key, url, post_id, posted_at, title, words, matched, sources, seen_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING *`,
        [
          sighting.key,
          sighting.url,
          sighting.postId,
          sighting.postedAt,
          sighting.title,
          sighting.words,
          JSON.stringify(sighting.matched),
          JSON.stringify([sighting.source]),
          now,
        ],
      );
      return { lead: leadOf(rows[0]!), created: true };
    });
  }

  async leads(outcome?: LeadOutcome): Promise<StoredLead[]> {
    const { rows } =
      outcome === undefined
        ? await this.#connection.sql<LeadRow>('SELECT * FROM leads ORDER BY seen_at DESC, id DESC')
        : await this.#connection.sql<LeadRow>(
            'SELECT * FROM leads WHERE outcome = $1 ORDER BY seen_at DESC, id DESC',
            [outcome],
          );
    return rows.map(leadOf);
  }

  async lead(id: number): Promise<StoredLead | null> {
    const { rows } = await this.#connection.sql<LeadRow>('SELECT * FROM leads WHERE id = $1', [id]);
    return rows[0] ? leadOf(rows[0]) : null;
  }

  async answerLead(id: number, given: LeadAnswer, fence?: string): Promise<boolean> {
    const answer = storableAnswer(given);
    const [outcome, eventId, why] =
      'eventId' in answer ? ['event', answer.eventId, null] : ['dismissed', null, answer.why];
    const { rowCount } = await this.#fenced(fence, (sql) =>
      sql(
        `UPDATE leads SET outcome = $1, event_id = $2, why = $3, answered_at = $4
       WHERE id = $5 AND outcome = 'open'`,
        [outcome, eventId, why, this.#connection.clock(), id],
      ),
    );
    return rowCount === 1;
  }

  async untoldLeads(): Promise<StoredLead[]> {
    const { rows } = await this.#connection.sql<LeadRow>(
      `SELECT * FROM leads WHERE told_at IS NULL AND outcome = 'open' ORDER BY seen_at, id`,
    );
    return rows.map(leadOf);
  }

  async markTold(id: number, fence?: string): Promise<void> {
    await this.#fenced(fence, (sql) =>
      sql('UPDATE leads SET told_at = $1 WHERE id = $2', [this.#connection.clock(), id]),
    );
  }

  async sourceState(name: string): Promise<string | null> {
    const { rows } = await this.#connection.sql<{ state: string }>(
      'SELECT state FROM lead_sources WHERE name = $1',
      [name],
    );
    return rows[0]?.state ?? null;
  }

  async saveSourceState(name: string, state: string, fence?: string): Promise<void> {
    await this.#fenced(fence, (sql) =>
      sql(
        `INSERT INTO lead_sources (name, state, updated_at) VALUES ($1, $2, $3)
       ON CONFLICT (name) DO UPDATE SET state = excluded.state, updated_at = excluded.updated_at`,
        [name, state, this.#connection.clock()],
      ),
    );
  }

  async firstDelivered(eventId: string): Promise<number | null> {
    const { rows } = await this.#connection.sql<{ at: number | null }>(
      `SELECT min(deliveries.at) AS at FROM deliveries JOIN alerts ON alerts.id = deliveries.alert_id
       WHERE alerts.event_id = $1 AND deliveries.outcome = 'delivered'`,
      [eventId],
    );
    return rows[0]?.at ?? null;
  }
}
