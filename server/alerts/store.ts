import { mkdirSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { AlertReason, LedgerEntry, LedgerMark } from '../../domain/alerts.js';
import { canonicalEndpoint } from '../../domain/alerts.js';
import type { AudienceFilter, WindowFilter } from '../../domain/schemas/index.js';

/** A stored subscription: where to push, the keys to encrypt with, and the filters it wants. */
export interface StoredSubscription {
  readonly id: number;
  readonly endpoint: string;
  readonly p256dh: string;
  readonly auth: string;
  readonly audience: AudienceFilter;
  readonly window: WindowFilter;
}

export interface NewAlert {
  /** Unique per event and reason (and revision, for a correction): the same alert is never made twice. */
  readonly key: string;
  readonly eventId: string;
  readonly reason: AlertReason;
  /** The notification's JSON. */
  readonly payload: string;
  /** `audience/window` of every filter pair the event matches. */
  readonly matching: readonly string[];
}

export interface PendingAlert {
  readonly id: number;
  readonly key: string;
  readonly eventId: string;
  readonly payload: string;
  readonly createdAt: number;
}

/**
 * A delivery's record: `sending` (written just before the request is handed to its connection),
 * `sent` (the kernel has all of it), then the push service's answer: `delivered`, `gone`, `failed`.
 */
export type DeliveryOutcome = 'sending' | 'sent' | 'delivered' | 'gone' | 'failed';

/** How long delivery records are kept, and a subscription no page has renewed (docs/product-decisions.md §15). */
export const DELIVERY_RECORD_DAYS = 30;
export const SUBSCRIPTION_IDLE_DAYS = 400;
const DAY_MS = 86_400_000;

/** The schema as it first shipped, unversioned: version 1 adopts a file made by it as it is. */
export const SCHEMA_1 = `
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS subscriptions (
  id INTEGER PRIMARY KEY,
  endpoint TEXT NOT NULL UNIQUE,
  p256dh TEXT NOT NULL,
  auth TEXT NOT NULL,
  audience TEXT NOT NULL,
  window TEXT NOT NULL,
  expires_at INTEGER,
  created_at INTEGER NOT NULL,
  renewed_at INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS subscriptions_filters ON subscriptions (audience, window, id);
CREATE TABLE IF NOT EXISTS ledger (
  event_id TEXT PRIMARY KEY,
  status TEXT NOT NULL,
  revision INTEGER NOT NULL,
  seen_at INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS marks (
  event_id TEXT NOT NULL,
  revision INTEGER NOT NULL,
  mode TEXT NOT NULL CHECK (mode IN ('silent', 'alert')),
  at INTEGER NOT NULL,
  PRIMARY KEY (event_id, revision)
);
CREATE TABLE IF NOT EXISTS alerts (
  id INTEGER PRIMARY KEY,
  key TEXT NOT NULL UNIQUE,
  event_id TEXT NOT NULL,
  reason TEXT NOT NULL,
  payload TEXT NOT NULL,
  matching TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  done_at INTEGER
);
CREATE TABLE IF NOT EXISTS deliveries (
  alert_id INTEGER NOT NULL REFERENCES alerts (id) ON DELETE CASCADE,
  subscription_id INTEGER NOT NULL,
  outcome TEXT NOT NULL,
  status INTEGER,
  attempts INTEGER NOT NULL,
  at INTEGER NOT NULL,
  PRIMARY KEY (alert_id, subscription_id)
);
CREATE TABLE IF NOT EXISTS sender (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  holder TEXT NOT NULL,
  expires_at INTEGER NOT NULL
);
`;

/**
 * The schema's steps, applied in order from the file's `PRAGMA user_version`, each in the same
 * transaction as its version bump: a file is always at one version, whichever worker opened it first.
 */
type Sql = (source: string) => Database.Statement;

const MIGRATIONS: readonly ((db: Database.Database, sql: Sql) => void)[] = [
  (db) => db.exec(SCHEMA_1),
  // 2: why a delivery failed; endpoints in their one canonical form (domain/alerts.ts).
  (db, sql) => {
    db.exec('ALTER TABLE deliveries ADD COLUMN reason TEXT');
    canonicalizeEndpoints(sql);
  },
];

/** Rewrites stored endpoints canonically; of two spellings of one endpoint, the last renewed stays. */
function canonicalizeEndpoints(sql: Sql): void {
  const rows = sql('SELECT id, endpoint FROM subscriptions ORDER BY renewed_at DESC, id DESC').all() as {
    id: number;
    endpoint: string;
  }[];
  const kept = new Set<string>();
  const remove = sql('DELETE FROM subscriptions WHERE id = ?');
  const rewrite = sql('UPDATE subscriptions SET endpoint = ? WHERE id = ?');
  const stash = sql("UPDATE subscriptions SET endpoint = 'migrating:' || id WHERE id = ?");
  const canonical = new Map<number, string>();
  for (const row of rows) {
    let endpoint: string | null;
    try {
      endpoint = canonicalEndpoint(row.endpoint);
    } catch {
      endpoint = null;
    }
    if (endpoint === null || kept.has(endpoint)) remove.run(row.id);
    else {
      kept.add(endpoint);
      if (endpoint !== row.endpoint) {
        // Moved aside first: the canonical text may still be another row's until that one is rewritten.
        stash.run(row.id);
        canonical.set(row.id, endpoint);
      }
    }
  }
  for (const [id, endpoint] of canonical) rewrite.run(endpoint, id);
}

/**
 * Every store this process opened, kept until it exits, closed or not. better-sqlite3 12 wraps its
 * databases and statements in Node's `ObjectWrap`, whose destructor on Node 24.19 and later aborts
 * the process (`Assertion failed: (env) != nullptr` in `RemoveEnvironmentCleanupHook`) when a
 * garbage collection with no context entered (an idle-time one, or one at exit) collects it.
 * better-sqlite3 13 (Node-API) fixes it but needs Node 22; until Node 20 support ends, no database
 * or statement object may become garbage: each store prepares each statement once and is kept
 * here, and Node's own cleanup at exit frees them.
 */
const retained = new Set<AlertStore>();

/**
 * The alerts' SQLite file (better-sqlite3): subscriptions, the publication ledger, the alerts made
 * from it, a record per (alert, subscription) delivery, and the sender's lease. One file per machine,
 * opened by every worker: WAL lets them read while one writes, `busy_timeout` makes a writer wait
 * for another's transaction, and a committed row survives a reload, a restart or a kill -9.
 */
export class AlertStore {
  readonly #db: Database.Database;
  readonly #clock: () => number;

  constructor(file: string, clock: () => number = Date.now) {
    if (file !== ':memory:') mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
    this.#db = new Database(file);
    this.#clock = clock;
    // `exec`, not `pragma()`: it makes no statement object (see `retained` above).
    // WAL with NORMAL syncs at checkpoints: a committed transaction survives the process's death.
    this.#db.exec(
      'PRAGMA journal_mode = WAL; PRAGMA busy_timeout = 5000; PRAGMA foreign_keys = ON; PRAGMA synchronous = NORMAL;',
    );
    retained.add(this);
    this.#immediate(() => {
      const version = this.version;
      for (const [index, step] of MIGRATIONS.entries()) {
        if (index < version) continue;
        step(this.#db, (source) => this.#sql(source));
        this.#db.exec(`PRAGMA user_version = ${index + 1}`);
      }
      this.#sql(`INSERT OR IGNORE INTO meta (key, value) VALUES ('started_at', ?)`).run(
        String(this.#clock()),
      );
    });
  }

  readonly #statements = new Map<string, Database.Statement>();

  /** A statement prepared once per store and reused: preparing costs more than running a small one. */
  #sql(source: string): Database.Statement {
    let statement = this.#statements.get(source);
    if (!statement) this.#statements.set(source, (statement = this.#db.prepare(source)));
    return statement;
  }

  /** Runs `work` in a write transaction taken at once (BEGIN IMMEDIATE), so workers take turns. */
  #immediate<T>(work: () => T): T {
    return this.#db.transaction(work).immediate();
  }

  /** The schema version of the file (`PRAGMA user_version`): how many of the migrations it has. */
  get version(): number {
    return (this.#sql('PRAGMA user_version').get() as { user_version: number }).user_version;
  }

  /** When this store began: content first published before it is history, never alerted. */
  get startedAt(): number {
    const row = this.#sql(`SELECT value FROM meta WHERE key = 'started_at'`).get() as
      { value: string } | undefined;
    return Number(row?.value ?? 0);
  }

  close(): void {
    this.#db.close();
  }

  // Subscriptions

  /**
   * Stores a subscription, or updates the filters and keys of the one with this endpoint (given in
   * its canonical form). A new one past `max` subscriptions in all is not stored: `full`.
   */
  subscribe(
    subscription: Omit<StoredSubscription, 'id'> & { expiresAt: number | null },
    max = Infinity,
  ): { created: boolean; full?: never } | { created: false; full: true } {
    const now = this.#clock();
    return this.#immediate(() => {
      const existing = this.#sql('SELECT id FROM subscriptions WHERE endpoint = ?').get(
        subscription.endpoint,
      ) as { id: number } | undefined;
      if (existing) {
        this.#sql(
          `UPDATE subscriptions SET p256dh = ?, auth = ?, audience = ?, window = ?, expires_at = ?, renewed_at = ?
             WHERE id = ?`,
        ).run(
          subscription.p256dh,
          subscription.auth,
          subscription.audience,
          subscription.window,
          subscription.expiresAt,
          now,
          existing.id,
        );
        return { created: false };
      }
      if (this.subscriptionCount() >= max) return { created: false, full: true };
      this.#sql(
        `INSERT INTO subscriptions (endpoint, p256dh, auth, audience, window, expires_at, created_at, renewed_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
      ).run(
        subscription.endpoint,
        subscription.p256dh,
        subscription.auth,
        subscription.audience,
        subscription.window,
        subscription.expiresAt,
        now,
        now,
      );
      return { created: true };
    });
  }

  /** Deletes the subscription with this endpoint, if there is one. */
  unsubscribe(endpoint: string): void {
    this.#immediate(() => this.#sql('DELETE FROM subscriptions WHERE endpoint = ?').run(endpoint));
  }

  removeSubscription(id: number): void {
    this.#immediate(() => this.#sql('DELETE FROM subscriptions WHERE id = ?').run(id));
  }

  subscriptionCount(): number {
    return (this.#sql('SELECT count(*) AS n FROM subscriptions').get() as { n: number }).n;
  }

  /** How many subscriptions of each filter pair (`audience/window` → count). */
  subscriptionsByFilters(): Map<string, number> {
    const rows = this.#sql(
      `SELECT audience || '/' || window AS filters, count(*) AS n FROM subscriptions GROUP BY 1`,
    ).all() as { filters: string; n: number }[];
    return new Map(rows.map((row) => [row.filters, row.n]));
  }

  /** Inserts many subscriptions in one transaction (the fan-out bench and its tests). */
  subscribeMany(subscriptions: readonly (Omit<StoredSubscription, 'id'> & { expiresAt: number | null })[]) {
    for (let start = 0; start < subscriptions.length; start += 1000) {
      const slice = subscriptions.slice(start, start + 1000);
      this.#immediate(() => {
        for (const subscription of slice) this.subscribe(subscription);
      });
    }
  }

  // The ledger

  ledger(): Map<string, LedgerEntry> {
    const rows = this.#sql('SELECT event_id, status, revision FROM ledger').all() as {
      event_id: string;
      status: LedgerEntry['status'];
      revision: number;
    }[];
    return new Map(rows.map((row) => [row.event_id, { status: row.status, revision: row.revision }]));
  }

  marks(): LedgerMark[] {
    const rows = this.#sql('SELECT event_id, revision, mode FROM marks').all() as {
      event_id: string;
      revision: number;
      mode: LedgerMark['mode'];
    }[];
    return rows.map((row) => ({ eventId: row.event_id, revision: row.revision, mode: row.mode }));
  }

  /** A curator's word on an event's revision: send no alert for it (`silent`), or send one (`alert`). */
  mark(mark: LedgerMark): void {
    this.#immediate(() =>
      this.#sql(
        `INSERT INTO marks (event_id, revision, mode, at) VALUES (?, ?, ?, ?)
           ON CONFLICT (event_id, revision) DO UPDATE SET mode = excluded.mode, at = excluded.at`,
      ).run(mark.eventId, mark.revision, mark.mode, this.#clock()),
    );
  }

  /**
   * Records what a content load saw and the alerts it makes, in one transaction: `decide` reads the
   * ledger as it is once this process holds the write lock, so two workers loading the same content
   * make each alert once. Returns the alerts made now.
   */
  recordPublication(
    decide: (
      ledger: Map<string, LedgerEntry>,
      marks: LedgerMark[],
      startedAt: number,
    ) => {
      readonly entries: readonly (LedgerEntry & { eventId: string })[];
      readonly alerts: readonly NewAlert[];
    },
  ): NewAlert[] {
    const now = this.#clock();
    return this.#immediate(() => {
      const { entries, alerts } = decide(this.ledger(), this.marks(), this.startedAt);
      const upsert = this.#sql(
        `INSERT INTO ledger (event_id, status, revision, seen_at) VALUES (?, ?, ?, ?)
         ON CONFLICT (event_id) DO UPDATE SET status = excluded.status, revision = excluded.revision, seen_at = excluded.seen_at`,
      );
      for (const entry of entries) upsert.run(entry.eventId, entry.status, entry.revision, now);
      const insert = this.#sql(
        `INSERT OR IGNORE INTO alerts (key, event_id, reason, payload, matching, created_at)
         VALUES (?, ?, ?, ?, ?, ?)`,
      );
      return alerts.filter(
        (alert) =>
          insert.run(
            alert.key,
            alert.eventId,
            alert.reason,
            alert.payload,
            JSON.stringify(alert.matching),
            now,
          ).changes === 1,
      );
    });
  }

  alertCount(): number {
    return (this.#sql('SELECT count(*) AS n FROM alerts').get() as { n: number }).n;
  }

  // Delivery

  /** Alerts not yet delivered to every subscription they were made for, oldest first. */
  pendingAlerts(): PendingAlert[] {
    return this.#sql(
      `SELECT id, key, event_id AS eventId, payload, created_at AS createdAt
         FROM alerts WHERE done_at IS NULL ORDER BY id`,
    ).all() as PendingAlert[];
  }

  /**
   * Up to `limit` subscriptions the alert is still owed to: matching its filters, made before the
   * alert, with no delivery record for it (a record in any state, `sending` included, means its turn
   * is over).
   */
  owed(alertId: number, limit: number, afterId = 0): StoredSubscription[] {
    return this.#sql(
      `SELECT s.id, s.endpoint, s.p256dh, s.auth, s.audience, s.window
         FROM subscriptions s, alerts a
         WHERE a.id = ? AND s.id > ? AND s.created_at <= a.created_at
           AND s.audience || '/' || s.window IN (SELECT value FROM json_each(a.matching))
           AND NOT EXISTS (SELECT 1 FROM deliveries d WHERE d.alert_id = a.id AND d.subscription_id = s.id)
         ORDER BY s.id LIMIT ?`,
    ).all(alertId, afterId, limit) as StoredSubscription[];
  }

  /**
   * Records one delivery's state; `sending` is written just before the message leaves. A failure
   * carries its reason (`push service answered 400`, `timed out`, `not encrypted: …`).
   */
  recordDelivery(
    alertId: number,
    subscriptionId: number,
    outcome: DeliveryOutcome,
    details: { status: number | null; attempts: number; reason?: string | null } = {
      status: null,
      attempts: 0,
    },
  ): void {
    this.#sql(
      `INSERT INTO deliveries (alert_id, subscription_id, outcome, status, attempts, reason, at) VALUES (?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (alert_id, subscription_id) DO UPDATE SET outcome = excluded.outcome, status = excluded.status,
           attempts = excluded.attempts, reason = excluded.reason, at = excluded.at`,
    ).run(
      alertId,
      subscriptionId,
      outcome,
      details.status,
      details.attempts,
      details.reason ?? null,
      this.#clock(),
    );
  }

  /** The failed deliveries of an alert, with why (tests, `alerts:preview`). */
  failures(alertId: number): { subscriptionId: number; status: number | null; reason: string | null }[] {
    return this.#sql(
      `SELECT subscription_id AS subscriptionId, status, reason FROM deliveries
         WHERE alert_id = ? AND outcome = 'failed' ORDER BY subscription_id`,
    ).all(alertId) as { subscriptionId: number; status: number | null; reason: string | null }[];
  }

  /**
   * Deletes the records still `sending` (a sender died between its record and handing the request
   * over, or just after), so the next holder sends those again, and reopens their alerts; returns
   * how many. Only a new lease holder calls it: a live holder's own are in flight.
   */
  resendUnwritten(): number {
    return this.#immediate(() => {
      this.#sql(
        `UPDATE alerts SET done_at = NULL
         WHERE id IN (SELECT alert_id FROM deliveries WHERE outcome = 'sending')`,
      ).run();
      return this.#sql(`DELETE FROM deliveries WHERE outcome = 'sending'`).run().changes;
    });
  }

  finishAlert(alertId: number): void {
    this.#sql('UPDATE alerts SET done_at = ? WHERE id = ?').run(this.#clock(), alertId);
  }

  /** Delivery records of an alert by outcome (tests, the bench, the log). */
  deliveryCounts(alertId: number): Record<string, number> {
    const rows = this.#sql(
      'SELECT outcome, count(*) AS n FROM deliveries WHERE alert_id = ? GROUP BY outcome',
    ).all(alertId) as { outcome: string; n: number }[];
    return Object.fromEntries(rows.map((row) => [row.outcome, row.n]));
  }

  // The sender's lease

  /**
   * Takes or renews the lease for `holder` until `ttlMs` from now; true when it holds it. A lease whose
   * holder stopped renewing (a crash) is taken over once it expires.
   */
  lease(holder: string, ttlMs: number): boolean {
    const now = this.#clock();
    return this.#immediate(
      () =>
        this.#sql(
          `INSERT INTO sender (id, holder, expires_at) VALUES (1, ?, ?)
             ON CONFLICT (id) DO UPDATE SET holder = excluded.holder, expires_at = excluded.expires_at
             WHERE sender.holder = excluded.holder OR sender.expires_at < ?`,
        ).run(holder, now + ttlMs, now).changes === 1,
    );
  }

  /** Gives the lease up (a clean stop), so another process takes it without waiting for it to expire. */
  release(holder: string): void {
    this.#immediate(() => this.#sql('DELETE FROM sender WHERE holder = ?').run(holder));
  }

  /** Who holds the sender's lease now (`host:pid:random`), if anyone. */
  leaseHolder(): string | null {
    const row = this.#sql('SELECT holder FROM sender WHERE id = 1').get() as { holder: string } | undefined;
    return row?.holder ?? null;
  }

  /** Delivery records of every alert by outcome. */
  allDeliveryCounts(): Record<string, number> {
    const rows = this.#sql('SELECT outcome, count(*) AS n FROM deliveries GROUP BY outcome').all() as {
      outcome: string;
      n: number;
    }[];
    return Object.fromEntries(rows.map((row) => [row.outcome, row.n]));
  }

  /** Deletes what is kept no longer: old delivery records, expired and long-unrenewed subscriptions. */
  prune(): { deliveries: number; subscriptions: number } {
    const now = this.#clock();
    return this.#immediate(() => ({
      deliveries: this.#sql('DELETE FROM deliveries WHERE at < ?').run(now - DELIVERY_RECORD_DAYS * DAY_MS)
        .changes,
      subscriptions: this.#sql(
        'DELETE FROM subscriptions WHERE (expires_at IS NOT NULL AND expires_at < ?) OR renewed_at < ?',
      ).run(now, now - SUBSCRIPTION_IDLE_DAYS * DAY_MS).changes,
    }));
  }
}
