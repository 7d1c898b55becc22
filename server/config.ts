import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { BASE_URL_MAX_LENGTH, INT32_MAX } from '../domain/schemas/limits.js';
import { RATE_LIMIT_WINDOW_MAX_SECONDS } from './http/rate-limit.js';
import type { AlertsConfig, AlertsStoreConfig } from './config-alerts.js';
import { ALERTS_DEFAULTS, ALERTS_ENV, alertsConfig, unset } from './config-alerts.js';
import { describeLocation } from './store/index.js';

export type { AlertsConfig, AlertsStoreConfig } from './config-alerts.js';
export { ALERTS_DEFAULTS } from './config-alerts.js';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/**
 * Connections: open at once per client address (per worker; 0: no cap), and how long a connection
 * may take to send a request's headers, and stay idle between requests (milliseconds).
 */
export const CONNECTION_DEFAULTS = {
  perClient: 64,
  headersTimeoutMs: 10_000,
  keepAliveTimeoutMs: 5_000,
  /** Behind a balancer, which must close an idle connection first (docs/operations.md §10). */
  proxiedKeepAliveTimeoutMs: 65_000,
} as const;

/** Live streams: per client IP, per process, and seconds between heartbeats. */
export const STREAM_DEFAULTS = { perClient: 8, perProcess: 10_000, heartbeatSeconds: 25 } as const;

const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  PUBLIC_BASE_URL: z
    .preprocess(
      unset,
      z
        .url({ protocol: /^https?$/ })
        // Bounded, so the URLs built from it (event pages, problem types) keep their published bound.
        .max(BASE_URL_MAX_LENGTH)
        .optional(),
    )
    .describe('public origin used in event urls, feed links and problem types'),
  CONTENT_DIR: z.string().min(1).default('content'),
  CONTENT_CACHE_DIR: z.string().min(1).default('.cache'),
  // Bounded as the OpenAPI document states the `RateLimit` headers and `Retry-After`.
  RATE_LIMIT_POINTS: z.coerce.number().int().min(0).max(INT32_MAX).default(300),
  RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).max(RATE_LIMIT_WINDOW_MAX_SECONDS).default(60),
  RATE_LIMIT_REDIS_URL: z.url({ protocol: /^rediss?$/ }).optional(),
  TRUST_PROXY_HOPS: z.coerce.number().int().min(0).default(0),
  CONNECTIONS_PER_CLIENT: z.coerce.number().int().min(0).max(INT32_MAX).optional(),
  HEADERS_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(100)
    .max(300_000)
    .default(CONNECTION_DEFAULTS.headersTimeoutMs),
  KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).optional(),
  LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).default(10_000),
  SHUTDOWN_IDLE_GRACE_MS: z.coerce.number().int().min(0).max(60_000).default(1_000),
  PID_FILE: z.string().min(1).optional(),
  STREAMS_PER_CLIENT: z.coerce.number().int().min(0).max(INT32_MAX).default(STREAM_DEFAULTS.perClient),
  STREAMS_PER_PROCESS: z.coerce.number().int().min(0).max(INT32_MAX).default(STREAM_DEFAULTS.perProcess),
  STREAM_HEARTBEAT_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .max(3600)
    .default(STREAM_DEFAULTS.heartbeatSeconds),
  DATA_DIR: z.string().min(1).default('data'),
  ALERTS_DB: z.string().min(1).optional(),
  // The alerts' store in PostgreSQL, shared by every machine; set, it is used instead of ALERTS_DB.
  ALERTS_DATABASE_URL: z.preprocess(unset, z.url({ protocol: /^postgres(ql)?$/ }).optional()),
  ALERTS_DATABASE_POOL: z.coerce.number().int().min(1).max(50).default(ALERTS_DEFAULTS.databasePool),
  ...ALERTS_ENV,
});

/** The variables the server reads (server/settings.cjs lists them for PM2). */
export const SERVER_SETTINGS: readonly string[] = Object.keys(EnvSchema.shape);

export interface Config {
  readonly port: number;
  readonly host: string;
  /**
   * The public origin, the one name of it (`PUBLIC_BASE_URL`, without a trailing slash; else
   * `http://localhost:PORT`): what writes absolute addresses (feeds, the sitemap, mails, webhooks,
   * Telegram, event URLs, problem types) is given it.
   */
  readonly origin: string;
  /** Whether `PUBLIC_BASE_URL` set the origin: unset, Origin checks take loopback pages only. */
  readonly originConfigured: boolean;
  readonly contentDir: string;
  /** Where the last valid content set is kept for a restarted process to fall back on; null: nowhere. */
  readonly contentCacheDir: string | null;
  /** Requests allowed per client IP per window; 0 turns rate limiting off. */
  readonly rateLimit: {
    readonly points: number;
    readonly windowSeconds: number;
    readonly redisUrl: string | null;
  };
  /** How many reverse proxies in front are trusted to set `X-Forwarded-For`; 0 trusts none. */
  readonly trustProxyHops: number;
  /**
   * Connections (server/http/connection-limits.ts). Behind trusted proxies every connection comes
   * from a proxy: no cap per address unless one is set, and the keep-alive outlasts the balancer's.
   */
  readonly connections: {
    readonly perClient: number;
    readonly headersTimeoutMs: number;
    readonly keepAliveTimeoutMs: number;
  };
  readonly logLevel: (typeof LOG_LEVELS)[number];
  readonly shutdownTimeoutMs: number;
  /** How long a stopping server keeps an idle keep-alive connection open for a request already sent. */
  readonly shutdownIdleGraceMs: number;
  /**
   * Where a server started outside PM2 (`npm start`, `npm run dev`) writes its pid, so
   * `npm run content:publish` signals the server itself and never npm; `off`: nowhere.
   */
  readonly pidFile: string | null;
  /** Live streams (the status stream, the tRPC subscription): caps and the heartbeat. */
  readonly streams: {
    readonly perClient: number;
    readonly perProcess: number;
    readonly heartbeatMs: number;
  };
  /**
   * Alerts (server/config-alerts.ts); null when no channel is on: no VAPID key pair, webhooks off and
   * no SMTP relay (the endpoints answer 503).
   */
  readonly alerts: AlertsConfig | null;
  /**
   * The alerts' store whether or not this environment has the keys (the curator's commands read and
   * mark the store the server uses, from a shell that need not hold its keys): the PostgreSQL
   * database of `ALERTS_DATABASE_URL` when it is set, else the SQLite file `ALERTS_DB`.
   */
  readonly alertsStore: AlertsStoreConfig;
}

/** The default pid file of a server on `port`: one per port, in the temp folder. */
export function defaultPidFile(port: number): string {
  return path.join(os.tmpdir(), `reset-tracker-${port}.pid`);
}

/**
 * The environment without its empty variables: `NAME=` is a setting not set, whatever its type (the
 * ecosystem file gives each worker every setting, `''` for one set nowhere: server/settings.cjs).
 */
export function setVariables(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
}

/**
 * The service's variables as its one schema reads them (the watcher's settings build on them);
 * throws an Error listing every bad variable.
 */
export function readServiceEnv(env: NodeJS.ProcessEnv): z.infer<typeof EnvSchema> {
  const parsed = EnvSchema.safeParse(setVariables(env));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid environment:\n${lines.join('\n')}`);
  }
  return parsed.data;
}

/** Parses the environment once; throws an Error listing every bad variable. */
export function parseConfig(env: NodeJS.ProcessEnv): Config {
  const e = readServiceEnv(env);
  const origin = (e.PUBLIC_BASE_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  const alertsStore = {
    location: e.ALERTS_DATABASE_URL ?? e.ALERTS_DB ?? path.join(e.DATA_DIR, 'alerts.sqlite'),
    pool: e.ALERTS_DATABASE_POOL,
  };
  return {
    port: e.PORT,
    host: e.HOST,
    origin: origin,
    originConfigured: e.PUBLIC_BASE_URL !== undefined,
    contentDir: e.CONTENT_DIR,
    contentCacheDir: e.CONTENT_CACHE_DIR === 'off' ? null : e.CONTENT_CACHE_DIR,
    rateLimit: {
      points: e.RATE_LIMIT_POINTS,
      windowSeconds: e.RATE_LIMIT_WINDOW_SECONDS,
      redisUrl: e.RATE_LIMIT_REDIS_URL ?? null,
    },
    trustProxyHops: e.TRUST_PROXY_HOPS,
    connections: {
      perClient: e.CONNECTIONS_PER_CLIENT ?? (e.TRUST_PROXY_HOPS > 0 ? 0 : CONNECTION_DEFAULTS.perClient),
      headersTimeoutMs: e.HEADERS_TIMEOUT_MS,
      keepAliveTimeoutMs:
        e.KEEP_ALIVE_TIMEOUT_MS ??
        (e.TRUST_PROXY_HOPS > 0
          ? CONNECTION_DEFAULTS.proxiedKeepAliveTimeoutMs
          : CONNECTION_DEFAULTS.keepAliveTimeoutMs),
    },
    logLevel: e.LOG_LEVEL,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    shutdownIdleGraceMs: e.SHUTDOWN_IDLE_GRACE_MS,
    pidFile: e.PID_FILE === 'off' ? null : (e.PID_FILE ?? defaultPidFile(e.PORT)),
    streams: {
      perClient: e.STREAMS_PER_CLIENT,
      perProcess: e.STREAMS_PER_PROCESS,
      heartbeatMs: e.STREAM_HEARTBEAT_SECONDS * 1000,
    },
    alerts: alertsConfig(e, origin, alertsStore),
    alertsStore,
  };
}

/**
 * What a worker runs, for its start line (docs/operations.md §8): the origin, the rate limit and
 * where it counts, the proxies trusted, the alerts' store and channels. Never a secret: store URLs
 * lose their password, keys and tokens are only named.
 */
export function describeFeatures(config: Config) {
  const alerts = config.alerts;
  return {
    origin: config.originConfigured ? config.origin : `each request's own (PUBLIC_BASE_URL unset)`,
    rateLimit:
      config.rateLimit.points === 0
        ? 'off'
        : `${config.rateLimit.points} per ${config.rateLimit.windowSeconds} s, counted ${
            config.rateLimit.redisUrl
              ? `in Redis ${describeLocation(config.rateLimit.redisUrl)}`
              : 'in this process'
          }`,
    trustProxyHops: config.trustProxyHops,
    alertsStore: alerts ? describeLocation(alerts.store.location) : 'none (no channel on)',
    alertChannels: alerts
      ? (['push', 'webhooks', 'email', 'telegram'] as const).filter((channel) => alerts[channel] !== null)
      : [],
    alertSender: alerts ? alerts.sender : false,
  };
}

/**
 * Settings that are valid one by one but unwise together, one line each: trusting `X-Forwarded-For`
 * on a port anyone can reach lets a client choose the address it is counted under.
 */
export function configWarnings(config: Config): string[] {
  const loopback = ['127.0.0.1', '::1', 'localhost'].includes(config.host);
  return config.trustProxyHops > 0 && !loopback
    ? [
        `TRUST_PROXY_HOPS=${config.trustProxyHops} with HOST=${config.host}: a client that reaches the port ` +
          'directly sets its own X-Forwarded-For and chooses the address it is counted under (HOST=127.0.0.1 ' +
          'behind a proxy on this machine, or a firewall that lets only the proxies in)',
      ]
    : [];
}
