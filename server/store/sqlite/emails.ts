import type { EmailRequest, EmailRequestOutcome, EmailStore, StoredEmail } from '../types.js';
import { mailboxKey } from '../mailbox.js';
import { CONFIRMATION_DAYS, CONFIRMATION_EVERY_MS, CONFIRMATIONS_PER_DAY, DAY_MS } from '../types.js';
import type { SqliteConnection, Synchronous } from './connection.js';

const COLUMNS = `id, email, locale, audience, window, confirmed_at AS confirmedAt,
  confirmation_sent_at AS confirmationSentAt, created_at AS createdAt`;

/**
 * The `emails` table: one row per address. Filters asked for by a request wait in `asked_*` until
 * the confirmation link of that request is followed, so a stranger who knows an address can ask for
 * mail to it but change nothing of what it gets.
 */
export class SqliteEmails implements Synchronous<EmailStore> {
  readonly #connection: SqliteConnection;

  constructor(connection: SqliteConnection) {
    this.#connection = connection;
  }

  requestEmail(request: EmailRequest, max = Infinity, maxUnconfirmed = Infinity): EmailRequestOutcome {
    const connection = this.#connection;
    const now = connection.clock();
    const mailbox = mailboxKey(request.email);
    return connection.immediate(() => {
      const sent = connection
        .sql(
          `SELECT count(*) AS day, coalesce(sum(sent_at > ?), 0) AS hour FROM confirmation_mails
           WHERE mailbox = ? AND sent_at > ?`,
        )
        .get(now - CONFIRMATION_EVERY_MS, mailbox, now - DAY_MS) as { day: number; hour: number };
      if (sent.hour > 0 || sent.day >= CONFIRMATIONS_PER_DAY) return { kind: 'recently-asked' };
      const existing = this.#byEmail(request.email);
      if (existing) {
        if (existing.confirmationSentAt !== null && now - existing.confirmationSentAt < CONFIRMATION_EVERY_MS)
          return { kind: 'recently-asked' };
        connection
          .sql(
            `UPDATE emails SET asked_audience = ?, asked_window = ?, asked_locale = ?, confirm_hash = ?,
               confirmation_sent_at = ? WHERE id = ?`,
          )
          .run(request.audience, request.window, request.locale, request.confirmHash, now, existing.id);
        this.#mailSent(mailbox, request.confirmHash, now);
        return { kind: 'confirm', subscription: this.#byEmail(request.email)! };
      }
      // Unconfirmed addresses have their own bound: they never fill the place of confirmed ones.
      if (
        this.emailCount('verified') >= max ||
        this.emailCount() - this.emailCount('verified') >= maxUnconfirmed
      )
        return { kind: 'full' };
      connection
        .sql(
          `INSERT INTO emails (email, locale, audience, window, asked_audience, asked_window, asked_locale,
             confirm_hash, confirmation_sent_at, created_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        )
        .run(
          request.email,
          request.locale,
          request.audience,
          request.window,
          request.audience,
          request.window,
          request.locale,
          request.confirmHash,
          now,
          now,
        );
      this.#mailSent(mailbox, request.confirmHash, now);
      return { kind: 'confirm', subscription: this.#byEmail(request.email)! };
    });
  }

  confirmationNotSent(id: number, confirmHash: string): void {
    const connection = this.#connection;
    connection.immediate(() => {
      connection
        .sql('DELETE FROM emails WHERE id = ? AND confirm_hash = ? AND confirmed_at IS NULL')
        .run(id, confirmHash);
      connection
        .sql(
          `UPDATE emails SET asked_audience = NULL, asked_window = NULL, asked_locale = NULL,
             confirm_hash = NULL, confirmation_sent_at = NULL WHERE id = ? AND confirm_hash = ?`,
        )
        .run(id, confirmHash);
      connection.sql('DELETE FROM confirmation_mails WHERE confirm_hash = ?').run(confirmHash);
    });
  }

  confirmEmail(confirmHash: string): StoredEmail | null {
    const connection = this.#connection;
    const now = connection.clock();
    return connection.immediate(() => {
      const row = connection
        .sql('SELECT id FROM emails WHERE confirm_hash = ? AND confirmation_sent_at >= ?')
        .get(confirmHash, now - CONFIRMATION_DAYS * DAY_MS) as { id: number } | undefined;
      if (!row) return null;
      connection
        .sql(
          `UPDATE emails SET audience = coalesce(asked_audience, audience), window = coalesce(asked_window, window),
             locale = coalesce(asked_locale, locale), asked_audience = NULL, asked_window = NULL,
             asked_locale = NULL, confirm_hash = NULL, confirmed_at = coalesce(confirmed_at, ?)
           WHERE id = ?`,
        )
        .run(now, row.id);
      return connection.sql(`SELECT ${COLUMNS} FROM emails WHERE id = ?`).get(row.id) as StoredEmail;
    });
  }

  keepUnsubscribeHash(id: number, unsubscribeHash: string): void {
    this.#connection
      .sql('INSERT OR IGNORE INTO email_unsubscribes (hash, email_id, created_at) VALUES (?, ?, ?)')
      .run(unsubscribeHash, id, this.#connection.clock());
  }

  unsubscribeEmail(unsubscribeHash: string): boolean {
    // The address's hashes go with it (ON DELETE CASCADE).
    return this.#connection.immediate(
      () =>
        this.#connection
          .sql('DELETE FROM emails WHERE id = (SELECT email_id FROM email_unsubscribes WHERE hash = ?)')
          .run(unsubscribeHash).changes > 0,
    );
  }

  removeEmail(id: number): void {
    this.#connection.immediate(() => this.#connection.sql('DELETE FROM emails WHERE id = ?').run(id));
  }

  emailCount(verified?: 'verified'): number {
    const where = verified ? ' WHERE confirmed_at IS NOT NULL' : '';
    return (this.#connection.sql(`SELECT count(*) AS n FROM emails${where}`).get() as { n: number }).n;
  }

  owedEmails(alertId: number, limit: number, afterId = 0, upTo = Number.MAX_SAFE_INTEGER): StoredEmail[] {
    return this.#connection
      .sql(
        `SELECT ${COLUMNS} FROM emails e
         WHERE e.id > @after AND e.id <= @upTo AND e.confirmed_at IS NOT NULL
           AND e.confirmed_at <= (SELECT created_at FROM alerts WHERE id = @alert)
           AND e.audience || '/' || e.window IN
             (SELECT value FROM json_each((SELECT matching FROM alerts WHERE id = @alert)))
           AND NOT EXISTS (SELECT 1 FROM deliveries d
             WHERE d.alert_id = @alert AND d.channel = 'email' AND d.subscription_id = e.id)
         ORDER BY e.id LIMIT @limit`,
      )
      .all({ alert: alertId, after: afterId, upTo, limit }) as StoredEmail[];
  }

  /**
   * Deletes the addresses whose confirmation link expired unfollowed, and the count of confirmation
   * mails older than a day; the caller holds the transaction.
   */
  pruneUnconfirmed(now: number): number {
    this.#connection.sql('DELETE FROM confirmation_mails WHERE sent_at <= ?').run(now - DAY_MS);
    return this.#connection
      .sql('DELETE FROM emails WHERE confirmed_at IS NULL AND confirmation_sent_at < ?')
      .run(now - CONFIRMATION_DAYS * DAY_MS).changes;
  }

  /** Counts a confirmation mail to `mailbox` (its key), undone by its hash if the relay refuses it. */
  #mailSent(mailbox: string, confirmHash: string, now: number): void {
    this.#connection
      .sql('INSERT INTO confirmation_mails (mailbox, confirm_hash, sent_at) VALUES (?, ?, ?)')
      .run(mailbox, confirmHash, now);
  }

  #byEmail(email: string): StoredEmail | undefined {
    return this.#connection.sql(`SELECT ${COLUMNS} FROM emails WHERE email = ?`).get(email) as
      StoredEmail | undefined;
  }
}
