import { canonicalEndpoint } from '../../../domain/alerts.js';
import type { SqliteConnection } from './connection.js';
import { hashToken } from '../../alerts/token-hash.js';
import { SAME_URL_REASON, oneWebhookPerUrl } from '../webhook-urls.js';

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

/** Version 3: the channels past the browser, and a delivery's channel in its key. */
const SCHEMA_3 = `
CREATE TABLE deliveries_by_channel (
  alert_id INTEGER NOT NULL REFERENCES alerts (id) ON DELETE CASCADE,
  channel TEXT NOT NULL CHECK (channel IN ('push', 'webhook', 'email')),
  subscription_id INTEGER NOT NULL,
  outcome TEXT NOT NULL,
  status INTEGER,
  attempts INTEGER NOT NULL,
  reason TEXT,
  at INTEGER NOT NULL,
  PRIMARY KEY (alert_id, channel, subscription_id)
);
INSERT INTO deliveries_by_channel (alert_id, channel, subscription_id, outcome, status, attempts, reason, at)
  SELECT alert_id, 'push', subscription_id, outcome, status, attempts, reason, at FROM deliveries;
DROP TABLE deliveries;
ALTER TABLE deliveries_by_channel RENAME TO deliveries;
ALTER TABLE alerts ADD COLUMN record TEXT;
CREATE TABLE webhooks (
  id INTEGER PRIMARY KEY,
  public_id TEXT NOT NULL UNIQUE,
  url TEXT NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('generic', 'discord', 'slack')),
  secret TEXT NOT NULL,
  token_hash TEXT NOT NULL,
  audience TEXT NOT NULL,
  window TEXT NOT NULL,
  state TEXT NOT NULL CHECK (state IN ('pending', 'active', 'disabled')),
  failures INTEGER NOT NULL DEFAULT 0,
  disabled_reason TEXT,
  last_delivery_at INTEGER,
  last_status INTEGER,
  created_at INTEGER NOT NULL
);
CREATE INDEX webhooks_filters ON webhooks (state, audience, window, id);
CREATE TABLE emails (
  id INTEGER PRIMARY KEY,
  email TEXT NOT NULL UNIQUE,
  locale TEXT NOT NULL,
  audience TEXT NOT NULL,
  window TEXT NOT NULL,
  asked_audience TEXT,
  asked_window TEXT,
  asked_locale TEXT,
  confirm_hash TEXT UNIQUE,
  unsubscribe_token TEXT NOT NULL UNIQUE,
  confirmed_at INTEGER,
  confirmation_sent_at INTEGER,
  created_at INTEGER NOT NULL
);
CREATE INDEX emails_filters ON emails (audience, window, id) WHERE confirmed_at IS NOT NULL;
`;

/**
 * Version 4: the senders' claims on shares of each alert's fan-out (../types.ts `ClaimStore`), so the
 * workers of every process send together.
 */
const SCHEMA_4 = `
CREATE TABLE claims (
  alert_id INTEGER NOT NULL REFERENCES alerts (id) ON DELETE CASCADE,
  channel TEXT NOT NULL CHECK (channel IN ('push', 'webhook', 'email')),
  after_id INTEGER NOT NULL,
  up_to INTEGER NOT NULL,
  holder TEXT NOT NULL,
  expires_at INTEGER NOT NULL,
  done INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (alert_id, channel, after_id)
);
CREATE INDEX claims_open ON claims (done, expires_at);
`;

/**
 * Version 5: the confirmation mails sent to each mailbox (../mailbox.ts), whatever the spelling of
 * the address, for the hour's and the day's limits.
 */
const SCHEMA_5 = `
CREATE TABLE confirmation_mails (
  mailbox TEXT NOT NULL,
  confirm_hash TEXT NOT NULL,
  sent_at INTEGER NOT NULL
);
CREATE INDEX confirmation_mails_mailbox ON confirmation_mails (mailbox, sent_at);
`;

/**
 * Version 6: the Telegram channel's deliveries and claims (../types.ts `TELEGRAM_RECIPIENT`). SQLite
 * changes no CHECK in place: both tables are copied into new ones that allow the channel.
 */
const SCHEMA_6 = `
CREATE TABLE deliveries_6 (
  alert_id INTEGER NOT NULL REFERENCES alerts (id) ON DELETE CASCADE,
  channel TEXT NOT NULL CHECK (channel IN ('push', 'webhook', 'email', 'telegram')),
  subscription_id INTEGER NOT NULL,
  outcome TEXT NOT NULL,
  status INTEGER,
  attempts INTEGER NOT NULL,
  reason TEXT,
  at INTEGER NOT NULL,
  PRIMARY KEY (alert_id, channel, subscription_id)
);
INSERT INTO deliveries_6 SELECT alert_id, channel, subscription_id, outcome, status, attempts, reason, at
  FROM deliveries;
DROP TABLE deliveries;
ALTER TABLE deliveries_6 RENAME TO deliveries;
CREATE TABLE claims_6 (
  alert_id INTEGER NOT NULL REFERENCES alerts (id) ON DELETE CASCADE,
  channel TEXT NOT NULL CHECK (channel IN ('push', 'webhook', 'email', 'telegram')),
  after_id INTEGER NOT NULL,
  up_to INTEGER NOT NULL,
  holder TEXT NOT NULL,
  expires_at INTEGER NOT NULL,
  done INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (alert_id, channel, after_id)
);
INSERT INTO claims_6 SELECT alert_id, channel, after_id, up_to, holder, expires_at, done FROM claims;
DROP TABLE claims;
ALTER TABLE claims_6 RENAME TO claims;
CREATE INDEX claims_open ON claims (done, expires_at);
`;

/**
 * Version 7: the leads (../lead-types.ts): what the watcher saw that may be an event, with its
 * sources and the curator's answer; each source's polling state; the watcher's lease.
 */
const SCHEMA_7 = `
CREATE TABLE leads (
  id INTEGER PRIMARY KEY,
  key TEXT NOT NULL UNIQUE,
  url TEXT NOT NULL,
  post_id TEXT,
  posted_at INTEGER,
  title TEXT NOT NULL,
  words TEXT NOT NULL,
  matched TEXT NOT NULL,
  sources TEXT NOT NULL,
  seen_at INTEGER NOT NULL,
  told_at INTEGER,
  outcome TEXT NOT NULL DEFAULT 'open' CHECK (outcome IN ('open', 'event', 'dismissed')),
  event_id TEXT,
  why TEXT,
  answered_at INTEGER
);
CREATE INDEX leads_post ON leads (post_id) WHERE post_id IS NOT NULL;
CREATE INDEX leads_seen ON leads (seen_at);
CREATE TABLE lead_sources (
  name TEXT PRIMARY KEY,
  state TEXT NOT NULL,
  updated_at INTEGER NOT NULL
);
CREATE TABLE watcher (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  holder TEXT NOT NULL,
  expires_at INTEGER NOT NULL
);
`;

/**
 * The schema's steps, applied in order from the file's `PRAGMA user_version`, each in the same
 * transaction as its version bump: a file is always at one version, whichever worker opened it first.
 */
const MIGRATIONS: readonly ((connection: SqliteConnection) => void)[] = [
  ({ db }) => db.exec(SCHEMA_1),
  // 2: why a delivery failed; endpoints in their one canonical form (domain/alerts.ts).
  (connection) => {
    connection.db.exec('ALTER TABLE deliveries ADD COLUMN reason TEXT');
    canonicalizeEndpoints(connection);
  },
  // 3: webhooks and email addresses; every channel's deliveries in the one table, by channel; an
  // alert's event record (a webhook's data).
  ({ db }) => db.exec(SCHEMA_3),
  // 4: the senders' claims.
  ({ db }) => db.exec(SCHEMA_4),
  // 5: confirmation mails counted by mailbox.
  ({ db }) => db.exec(SCHEMA_5),
  // 6: the Telegram channel.
  ({ db }) => db.exec(SCHEMA_6),
  // 7: the leads, their sources' state and the watcher's lease.
  ({ db }) => db.exec(SCHEMA_7),
  // 8: one webhook per URL, each URL canonical (../webhook-urls.ts).
  (connection) => canonicalizeWebhookUrls(connection),
  // 9: unsubscribe tokens kept only as hashes, one per mail.
  (connection) => hashUnsubscribeTokens(connection),
];

/**
 * Version 9: the `emails` table loses its clear `unsubscribe_token`; each token a mail carried is kept
 * as its SHA-256 (../../token-hash.ts) in `email_unsubscribes`, with the address it unsubscribes, so
 * every link already mailed still works and a copy of the store unsubscribes no one. SQLite drops no
 * UNIQUE column, so the table is made anew; nothing refers to it yet, so dropping the old one cascades
 * nowhere.
 */
function hashUnsubscribeTokens(connection: SqliteConnection): void {
  const { db } = connection;
  // Statements through `sql` only: one better-sqlite3 leaves to the garbage collector aborts Node 24
  // (./connection.ts, `retained`).
  const tokens = connection
    .sql('SELECT id, unsubscribe_token AS token, created_at AS at FROM emails')
    .all() as {
    id: number;
    token: string;
    at: number;
  }[];
  db.exec(`
CREATE TABLE emails_hashed (
  id INTEGER PRIMARY KEY,
  email TEXT NOT NULL UNIQUE,
  locale TEXT NOT NULL,
  audience TEXT NOT NULL,
  window TEXT NOT NULL,
  asked_audience TEXT,
  asked_window TEXT,
  asked_locale TEXT,
  confirm_hash TEXT UNIQUE,
  confirmed_at INTEGER,
  confirmation_sent_at INTEGER,
  created_at INTEGER NOT NULL
);
INSERT INTO emails_hashed SELECT id, email, locale, audience, window, asked_audience, asked_window,
  asked_locale, confirm_hash, confirmed_at, confirmation_sent_at, created_at FROM emails;
DROP TABLE emails;
ALTER TABLE emails_hashed RENAME TO emails;
CREATE INDEX emails_filters ON emails (audience, window, id) WHERE confirmed_at IS NOT NULL;
CREATE TABLE email_unsubscribes (
  hash TEXT PRIMARY KEY,
  email_id INTEGER NOT NULL REFERENCES emails (id) ON DELETE CASCADE,
  created_at INTEGER NOT NULL
);
CREATE INDEX email_unsubscribes_email ON email_unsubscribes (email_id);
`);
  const keep = connection.sql('INSERT INTO email_unsubscribes (hash, email_id, created_at) VALUES (?, ?, ?)');
  for (const { id, token, at } of tokens) keep.run(hashToken(token, 'base64url'), id, at);
}

/** The version a file has once it is opened: one per step of `MIGRATIONS`. */
export const SCHEMA_VERSION = MIGRATIONS.length;

/** The schema version of the file (`PRAGMA user_version`): how many of the migrations it has. */
export function schemaVersion(connection: SqliteConnection): number {
  return (connection.sql('PRAGMA user_version').get() as { user_version: number }).user_version;
}

/**
 * Brings the file to `SCHEMA_VERSION`, and records when the store began if no one has, in one write
 * transaction: of two workers opening a new file, the second finds it done.
 */
export function migrate(connection: SqliteConnection): void {
  connection.immediate(() => {
    const version = schemaVersion(connection);
    for (const [index, step] of MIGRATIONS.entries()) {
      if (index < version) continue;
      step(connection);
      connection.db.exec(`PRAGMA user_version = ${index + 1}`);
    }
    connection
      .sql(`INSERT OR IGNORE INTO meta (key, value) VALUES ('started_at', ?)`)
      .run(String(connection.clock()));
  });
}

/** Rewrites stored endpoints canonically; of two spellings of one endpoint, the last renewed stays. */
function canonicalizeEndpoints(connection: SqliteConnection): void {
  const sql = (source: string) => connection.sql(source);
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

/** Stored webhook URLs made canonical, one webhook per URL (`oneWebhookPerUrl`). */
function canonicalizeWebhookUrls(connection: SqliteConnection): void {
  const rows = connection.sql('SELECT id, url, state, created_at AS createdAt FROM webhooks').all() as {
    id: number;
    url: string;
    state: string;
    createdAt: number;
  }[];
  const { rewrite, disable } = oneWebhookPerUrl(rows);
  const setUrl = connection.sql('UPDATE webhooks SET url = ? WHERE id = ?');
  for (const [id, url] of rewrite) setUrl.run(url, id);
  const turnOff = connection.sql("UPDATE webhooks SET state = 'disabled', disabled_reason = ? WHERE id = ?");
  for (const id of disable) turnOff.run(SAME_URL_REASON, id);
}
