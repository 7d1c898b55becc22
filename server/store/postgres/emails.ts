import type { EmailRequest, EmailRequestOutcome, EmailStore, StoredEmail } from '../types.js';
import { mailboxKey } from '../mailbox.js';
import { CONFIRMATION_DAYS, CONFIRMATION_EVERY_MS, CONFIRMATIONS_PER_DAY, DAY_MS } from '../types.js';
import type { PostgresConnection, Sql } from './connection.js';
import { lockStatement } from './connection.js';

const COLUMNS = `id, email, locale, audience, "window", confirmed_at AS "confirmedAt",
  confirmation_sent_at AS "confirmationSentAt", created_at AS "createdAt"`;

/**
 * The `emails` table: one row per address. Filters asked for by a request wait in `asked_*` until
 * the confirmation link of that request is followed, so a stranger who knows an address can ask for
 * mail to it but change nothing of what it gets.
 */
export class PostgresEmails implements EmailStore {
  readonly #connection: PostgresConnection;

  constructor(connection: PostgresConnection) {
    this.#connection = connection;
  }

  async requestEmail(
    request: EmailRequest,
    max = Infinity,
    maxUnconfirmed = Infinity,
  ): Promise<EmailRequestOutcome> {
    const now = this.#connection.clock();
    const mailbox = mailboxKey(request.email);
    // The `emails` advisory lock: the address looked up, the hour checked, the addresses counted and
    // the row written are one step for every process.
    return await this.#connection.transaction(async (sql) => {
      await sql(lockStatement('emails'));
      const { rows: sent } = await sql<{ day: string; hour: string }>(
        `SELECT count(*) AS day, count(*) FILTER (WHERE sent_at > $1) AS hour FROM confirmation_mails
         WHERE mailbox = $2 AND sent_at > $3`,
        [now - CONFIRMATION_EVERY_MS, mailbox, now - DAY_MS],
      );
      if (Number(sent[0]!.hour) > 0 || Number(sent[0]!.day) >= CONFIRMATIONS_PER_DAY)
        return { kind: 'recently-asked' };
      const mailSent = () =>
        sql('INSERT INTO confirmation_mails (mailbox, confirm_hash, sent_at) VALUES ($1, $2, $3)', [
          mailbox,
          request.confirmHash,
          now,
        ]);
      const existing = await byEmail(sql, request.email);
      if (existing) {
        if (existing.confirmationSentAt !== null && now - existing.confirmationSentAt < CONFIRMATION_EVERY_MS)
          return { kind: 'recently-asked' };
        const { rows } = await sql<StoredEmail>(
          `UPDATE emails SET asked_audience = $1, asked_window = $2, asked_locale = $3, confirm_hash = $4,
             confirmation_sent_at = $5 WHERE id = $6
           RETURNING ${COLUMNS}`,
          [request.audience, request.window, request.locale, request.confirmHash, now, existing.id],
        );
        await mailSent();
        return { kind: 'confirm', subscription: rows[0]! };
      }
      // Unconfirmed addresses have their own bound: they never fill the place of confirmed ones.
      const confirmed = await count(sql, 'verified');
      if (confirmed >= max || (await count(sql)) - confirmed >= maxUnconfirmed) return { kind: 'full' };
      const { rows } = await sql<StoredEmail>(
        `INSERT INTO emails (email, locale, audience, "window", asked_audience, asked_window, asked_locale,
           confirm_hash, confirmation_sent_at, created_at)
         VALUES ($1, $2, $3, $4, $3, $4, $2, $5, $6, $6)
         RETURNING ${COLUMNS}`,
        [request.email, request.locale, request.audience, request.window, request.confirmHash, now],
      );
      await mailSent();
      return { kind: 'confirm', subscription: rows[0]! };
    });
  }

  async confirmationNotSent(id: number, confirmHash: string): Promise<void> {
    await this.#connection.transaction(async (sql) => {
      await sql('DELETE FROM emails WHERE id = $1 AND confirm_hash = $2 AND confirmed_at IS NULL', [
        id,
        confirmHash,
      ]);
      await sql(
        `UPDATE emails SET asked_audience = NULL, asked_window = NULL, asked_locale = NULL,
           confirm_hash = NULL, confirmation_sent_at = NULL WHERE id = $1 AND confirm_hash = $2`,
        [id, confirmHash],
      );
      await sql('DELETE FROM confirmation_mails WHERE confirm_hash = $1', [confirmHash]);
    });
  }

  async confirmEmail(confirmHash: string): Promise<StoredEmail | null> {
    const now = this.#connection.clock();
    // One statement, which locks the row it finds: of two following the same link at once, the
    // second finds its hash gone once the first commits, and confirms nothing (as SQLite's would).
    const { rows } = await this.#connection.sql<StoredEmail>(
      `UPDATE emails SET audience = coalesce(asked_audience, audience), "window" = coalesce(asked_window, "window"),
         locale = coalesce(asked_locale, locale), asked_audience = NULL, asked_window = NULL,
         asked_locale = NULL, confirm_hash = NULL, confirmed_at = coalesce(confirmed_at, $1)
       WHERE confirm_hash = $2 AND confirmation_sent_at >= $3
       RETURNING ${COLUMNS}`,
      [now, confirmHash, now - CONFIRMATION_DAYS * DAY_MS],
    );
    return rows[0] ?? null;
  }

  async keepUnsubscribeHash(id: number, unsubscribeHash: string): Promise<void> {
    await this.#connection.sql(
      `INSERT INTO email_unsubscribes (hash, email_id, created_at) VALUES ($1, $2, $3)
       ON CONFLICT (hash) DO NOTHING`,
      [unsubscribeHash, id, this.#connection.clock()],
    );
  }

  async unsubscribeEmail(unsubscribeHash: string): Promise<boolean> {
    // The address's hashes go with it (ON DELETE CASCADE).
    const { rowCount } = await this.#connection.sql(
      'DELETE FROM emails WHERE id = (SELECT email_id FROM email_unsubscribes WHERE hash = $1)',
      [unsubscribeHash],
    );
    return (rowCount ?? 0) > 0;
  }

  async removeEmail(id: number): Promise<void> {
    await this.#connection.sql('DELETE FROM emails WHERE id = $1', [id]);
  }

  async emailCount(verified?: 'verified'): Promise<number> {
    return await count(this.#connection.sql, verified);
  }

  /** As the interface says; on `sql` when a transaction of the caller's reads it (./claims.ts). */
  async owedEmails(
    alertId: number,
    limit: number,
    afterId = 0,
    upTo = Number.MAX_SAFE_INTEGER,
    sql: Sql = this.#connection.sql,
  ): Promise<StoredEmail[]> {
    // The alert's time and filters renamed apart from the address's columns, which are unqualified.
    const { rows } = await sql<StoredEmail>(
      `WITH alert AS (SELECT created_at AS made_at, matching FROM alerts WHERE id = $1)
       SELECT ${COLUMNS} FROM emails e, alert
       WHERE e.id > $2 AND e.id <= $4 AND e.confirmed_at IS NOT NULL AND e.confirmed_at <= alert.made_at
         AND e.audience || '/' || e."window" = ANY (alert.matching)
         AND NOT EXISTS (SELECT 1 FROM deliveries d
           WHERE d.alert_id = $1 AND d.channel = 'email' AND d.subscription_id = e.id)
       ORDER BY e.id LIMIT $3`,
      [alertId, afterId, limit, upTo],
    );
    return rows;
  }

  /**
   * Deletes the addresses whose confirmation link expired unfollowed, and the count of confirmation
   * mails older than a day, in the caller's transaction.
   */
  async pruneUnconfirmed(sql: Sql, now: number): Promise<number> {
    await sql('DELETE FROM confirmation_mails WHERE sent_at <= $1', [now - DAY_MS]);
    const { rowCount } = await sql(
      'DELETE FROM emails WHERE confirmed_at IS NULL AND confirmation_sent_at < $1',
      [now - CONFIRMATION_DAYS * DAY_MS],
    );
    return rowCount ?? 0;
  }
}

async function byEmail(sql: Sql, email: string): Promise<StoredEmail | undefined> {
  const { rows } = await sql<StoredEmail>(`SELECT ${COLUMNS} FROM emails WHERE email = $1`, [email]);
  return rows[0];
}

/** Addresses stored: all of them, or the confirmed ones (`verified`). */
async function count(sql: Sql, verified?: 'verified'): Promise<number> {
  const where = verified ? ' WHERE confirmed_at IS NOT NULL' : '';
  const { rows } = await sql<{ n: number }>(`SELECT count(*) AS n FROM emails${where}`);
  return rows[0]!.n;
}
