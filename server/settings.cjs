'use strict';
/**
 * The service's settings under PM2: every variable the server, the lead watcher and the ecosystem
 * file read, and the environment `ecosystem.config.cjs` hands PM2 on each `start` and `reload`.
 *
 * PM2 keeps an app's environment from one command to the next and only ever adds to it, and its
 * daemon passes its own start-up environment to every worker. So the ecosystem names every setting
 * each time: a value from the settings file (or the shell), or `''` for one set nowhere, which the
 * server reads as not set. A setting removed from the file is then removed from every worker at the
 * next reload (docs/operations.md §2). tests/server/settings-names.test.ts holds this list to the
 * server's own schemas.
 */
const fs = require('node:fs');
const path = require('node:path');
const { parseEnv } = require('node:util');

/** Read by the server (server/config.ts, server/config-alerts.ts). */
const SERVER = [
  'PORT',
  'HOST',
  'PUBLIC_BASE_URL',
  'CONTENT_DIR',
  'CONTENT_CACHE_DIR',
  'RATE_LIMIT_POINTS',
  'RATE_LIMIT_WINDOW_SECONDS',
  'RATE_LIMIT_REDIS_URL',
  'TRUST_PROXY_HOPS',
  'CONNECTIONS_PER_CLIENT',
  'HEADERS_TIMEOUT_MS',
  'KEEP_ALIVE_TIMEOUT_MS',
  'LOG_LEVEL',
  'SHUTDOWN_TIMEOUT_MS',
  'SHUTDOWN_IDLE_GRACE_MS',
  'PID_FILE',
  'STREAMS_PER_CLIENT',
  'STREAMS_PER_PROCESS',
  'STREAM_HEARTBEAT_SECONDS',
  'DATA_DIR',
  'ALERTS_DB',
  'ALERTS_DATABASE_URL',
  'ALERTS_DATABASE_POOL',
  'VAPID_PUBLIC_KEY',
  'VAPID_PRIVATE_KEY',
  'VAPID_SUBJECT',
  'ALERTS_PUSH_HOSTS',
  'ALERTS_SENDER',
  'ALERTS_RECORD_RETRY_MS',
  'ALERTS_WEBHOOKS',
  'ALERTS_WEBHOOK_ORIGINS',
  'SMTP_URL',
  'ALERTS_EMAIL_FROM',
  'TELEGRAM_BOT_TOKEN',
  'TELEGRAM_CHANNEL',
  'TELEGRAM_API_URL',
  'TELEGRAM_LANGUAGE',
  'TELEGRAM_POSTS',
  'ALERTS_MAX_SUBSCRIPTIONS',
  'ALERTS_MAX_UNVERIFIED',
  'ALERTS_WRITES_PER_ADDRESS',
  'ALERTS_WRITES_PER_NETWORK',
];

/** Read by the lead watcher besides the server's (server/leads/settings.ts). */
const WATCHER = [
  'LEADS_SOURCES',
  'LEADS_LEDGER',
  'LEADS_TIMEOUT_MS',
  'LEADS_MAX_BYTES',
  'LEADS_WEBHOOK_URL',
  'LEADS_WEBHOOK_SECRET',
  'LEADS_EMAIL',
  'X_BEARER_TOKEN',
  'X_API_ORIGIN',
  'OEMBED_ORIGIN',
  'LEADS_CONTACT',
];

/** Read by the ecosystem file itself. */
const ECOSYSTEM = ['INSTANCES', 'MAX_MEMORY_RESTART', 'LOG_DIR', 'LEADS_WATCH'];

const SETTING_NAMES = Object.freeze([...SERVER, ...WATCHER, ...ECOSYSTEM]);

/** The repository root: the folder of `ecosystem.config.cjs`. */
const ROOT = path.resolve(__dirname, '..');

/** The settings file: `SETTINGS_FILE` (relative to the repository root), else `reset-tracker.env`. */
function settingsFile(shellEnv = process.env, root = ROOT) {
  return path.resolve(root, shellEnv.SETTINGS_FILE || 'reset-tracker.env');
}

/**
 * The settings file's variables (the dotenv format: `NAME=value`, `#` comments), or null when there
 * is none. A file that cannot be read for another reason throws.
 * @returns {{ file: string, values: Record<string, string> } | null}
 */
function readSettingsFile(shellEnv = process.env, root = ROOT) {
  const file = settingsFile(shellEnv, root);
  let text;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    if (error && error.code === 'ENOENT') return null;
    // One line naming the file, for the commands to print as it is.
    throw new Error(`${file}: cannot be read (${error && error.message})`, { cause: error });
  }
  return { file, values: parseEnv(text) };
}

/**
 * Every setting's value as the workers get it: the shell's where it sets one (not empty), else the
 * settings file's, else `''` (not set). The shell wins so that one command can try a value; the file
 * is what a later command from another shell keeps. `fromFile`: the file's values, when the caller
 * has read them already.
 * @param {NodeJS.ProcessEnv} [shellEnv]
 * @param {string} [root]
 * @param {Record<string, string>} [fromFile]
 * @returns {Record<string, string>}
 */
function settingsEnv(
  shellEnv = process.env,
  root = ROOT,
  fromFile = readSettingsFile(shellEnv, root)?.values ?? {},
) {
  /** @type {Record<string, string>} */
  const env = {};
  for (const name of SETTING_NAMES) {
    const shell = shellEnv[name];
    env[name] = shell !== undefined && shell !== '' ? shell : (fromFile[name] ?? '');
  }
  return env;
}

/**
 * `INSTANCES`: a number of workers (1 to 9999), or `max` (one per core, the default when unset).
 * @param {string | undefined} value
 * @returns {number | 'max'}
 */
function readInstances(value) {
  if (value === undefined || value === '' || value === 'max') return 'max';
  if (!/^[1-9]\d{0,3}$/.test(value))
    throw new Error(`INSTANCES must be "max" or a positive integer, got "${value}"`);
  return Number(value);
}

module.exports = { SETTING_NAMES, readInstances, readSettingsFile, settingsEnv };
