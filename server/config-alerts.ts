import { z } from 'zod';
import { DEFAULT_PUSH_SERVICES } from '../domain/alerts.js';
import { INT32_MAX } from '../domain/schemas/limits.js';
import type { Locale } from '../domain/locales.js';
import { LOCALES } from '../domain/locales.js';

/**
 * Subscriptions in all, per channel (a browser row is at most about 9 KB: 100,000 stay under 1 GB),
 * and subscription writes (POST or DELETE) per minute per client address and per network (IPv4 /24,
 * IPv6 /64).
 */
export const ALERTS_DEFAULTS = {
  maxSubscriptions: 100_000,
  /** Per channel: addresses never confirmed, webhooks never verified (`ALERTS_MAX_UNVERIFIED`). */
  maxUnverified: 1000,
  writesPerAddress: 10,
  writesPerNetwork: 30,
  /** Milliseconds between tries to record a published content set the store did not take. */
  recordRetryMs: 5000,
  /** PostgreSQL connections per process (`ALERTS_DATABASE_POOL`). */
  databasePool: 4,
} as const;

/** An empty variable (`VAPID_PUBLIC_KEY=`) is one not set. */
export const unset = (value: unknown) => (value === '' ? undefined : value);

/** A comma-separated list of origins, each matching `pattern`. */
function origins(pattern: RegExp, message: string) {
  return z
    .string()
    .transform((value) =>
      value
        .split(',')
        .map((entry) => entry.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.string().regex(pattern, message)).min(1));
}

/** The environment variables of alerts, part of the service's (server/config.ts). */
export const ALERTS_ENV = {
  VAPID_PUBLIC_KEY: z.preprocess(
    unset,
    z
      .string()
      .regex(/^B[A-Za-z0-9_-]{86}$/, 'must be a base64url P-256 public key (npm run alerts:keys)')
      .optional(),
  ),
  VAPID_PRIVATE_KEY: z.preprocess(
    unset,
    z
      .string()
      .regex(/^[A-Za-z0-9_-]{43}$/, 'must be a base64url P-256 private key (npm run alerts:keys)')
      .optional(),
  ),
  VAPID_SUBJECT: z.preprocess(
    unset,
    z
      .string()
      .regex(/^(mailto:\S+@\S+|https:\/\/\S+)$/, 'must be a mailto: or https: URL')
      .optional(),
  ),
  ALERTS_PUSH_HOSTS: origins(
    /^(https:\/\/(\*\.)?[^/*]+|http:\/\/[^/*]+:\d+)$/,
    'each entry must be an origin: https://host, https://*.domain or http://host:port',
  ).optional(),
  ALERTS_SENDER: z.enum(['on', 'off']).default('on'),
  ALERTS_RECORD_RETRY_MS: z.coerce
    .number()
    .int()
    .min(10)
    .max(3_600_000)
    .default(ALERTS_DEFAULTS.recordRetryMs),
  ALERTS_WEBHOOKS: z.enum(['on', 'off']).default('off'),
  ALERTS_WEBHOOK_ORIGINS: origins(
    /^https?:\/\/[^/*]+(:\d+)?$/,
    'each entry must be an origin: https://host or http://host:port',
  ).optional(),
  SMTP_URL: z.preprocess(unset, z.url({ protocol: /^smtps?$/ }).optional()),
  ALERTS_EMAIL_FROM: z.preprocess(
    unset,
    z
      .string()
      .regex(/^([^<>]*<)?[^\s@<>]+@[^\s@<>]+>?$/, 'must be an address, or a name and <address>')
      .optional(),
  ),
  TELEGRAM_BOT_TOKEN: z.preprocess(
    unset,
    z
      .string()
      .regex(/^\d+:[\w-]{20,}$/, 'must be a bot token as @BotFather gives it (123456:ABC…)')
      .optional(),
  ),
  TELEGRAM_CHANNEL: z.preprocess(
    unset,
    z
      .string()
      .regex(/^(@[A-Za-z]\w{3,}|-?\d+)$/, 'must be a public channel (@name) or its numeric id')
      .optional(),
  ),
  TELEGRAM_API_URL: z.url({ protocol: /^https?$/ }).default('https://api.telegram.org'),
  TELEGRAM_LANGUAGE: z.enum(LOCALES).default('en'),
  TELEGRAM_POSTS: z.enum(['confirmed', 'every']).default('confirmed'),
  ALERTS_MAX_SUBSCRIPTIONS: z.coerce
    .number()
    .int()
    .min(0)
    .max(INT32_MAX)
    .default(ALERTS_DEFAULTS.maxSubscriptions),
  ALERTS_MAX_UNVERIFIED: z.coerce.number().int().min(0).max(INT32_MAX).default(ALERTS_DEFAULTS.maxUnverified),
  ALERTS_WRITES_PER_ADDRESS: z.coerce
    .number()
    .int()
    .min(0)
    .max(INT32_MAX)
    .default(ALERTS_DEFAULTS.writesPerAddress),
  ALERTS_WRITES_PER_NETWORK: z.coerce
    .number()
    .int()
    .min(0)
    .max(INT32_MAX)
    .default(ALERTS_DEFAULTS.writesPerNetwork),
};

type AlertsEnv = z.infer<z.ZodObject<typeof ALERTS_ENV>>;

/** Where the alerts' store is, and how many connections a process holds to it. */
export interface AlertsStoreConfig {
  /**
   * A `postgres://` URL (`ALERTS_DATABASE_URL`: one database for every machine), else the SQLite file
   * (`ALERTS_DB`) shared by the workers of one machine.
   */
  readonly location: string;
  /** PostgreSQL only: connections each process holds at most (`ALERTS_DATABASE_POOL`). */
  readonly pool: number;
}

export interface AlertsConfig {
  /** The store of subscriptions, the ledger and deliveries. */
  readonly store: AlertsStoreConfig;
  /** Browser push; null without a VAPID key pair (its endpoints answer 503). */
  readonly push: {
    readonly vapid: { readonly publicKey: string; readonly privateKey: string; readonly subject: string };
    /** Origins push endpoints may be on (domain/alerts.ts `isKnownPushService`). */
    readonly pushHosts: readonly string[];
  } | null;
  /**
   * Webhooks; null unless `ALERTS_WEBHOOKS=on`: they send requests from this machine to addresses
   * users give, so an operator turns them on. `allowedOrigins` may be other than https on 443, or
   * resolve to a private address (`ALERTS_WEBHOOK_ORIGINS`: a receiver of the operator's, the tests').
   */
  readonly webhooks: { readonly allowedOrigins: readonly string[] } | null;
  /** Email; null without `SMTP_URL` and `ALERTS_EMAIL_FROM` (its endpoints answer 503). */
  readonly email: { readonly smtpUrl: string; readonly from: string } | null;
  /**
   * The public Telegram channel the bot posts to; null without `TELEGRAM_BOT_TOKEN` and
   * `TELEGRAM_CHANNEL`. `apiUrl` is the Bot API's origin (a stand-in's in the tests).
   */
  readonly telegram: {
    readonly token: string;
    readonly chat: string;
    readonly apiUrl: string;
    readonly locale: Locale;
    readonly posts: 'confirmed' | 'every';
  } | null;
  /** Whether this process may take the sender's lease and send (one at a time sends, whatever the count). */
  readonly sender: boolean;
  /** Milliseconds between tries to record a content set in the ledger while the store does not answer. */
  readonly recordRetryMs: number;
  /** Subscriptions in all, per channel; a new one past it is refused (503 `subscriptions_full`). */
  readonly maxSubscriptions: number;
  /**
   * Per channel, rows nobody has verified (addresses never confirmed, webhooks never checked): a
   * bound of their own, so they never take the place of verified ones under `maxSubscriptions`.
   */
  readonly maxUnverified: number;
  /** Subscription writes per minute per client address and per network; 0 turns either off. */
  readonly writesPerAddress: number;
  readonly writesPerNetwork: number;
}

/** The alerts' settings from the parsed environment; null when no channel is on. Throws on a half-set pair. */
export function alertsConfig(e: AlertsEnv, origin: string, store: AlertsStoreConfig): AlertsConfig | null {
  if ((e.VAPID_PUBLIC_KEY === undefined) !== (e.VAPID_PRIVATE_KEY === undefined))
    throw new Error('Invalid environment:\n  VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY: set both, or neither');
  if ((e.SMTP_URL === undefined) !== (e.ALERTS_EMAIL_FROM === undefined))
    throw new Error('Invalid environment:\n  SMTP_URL, ALERTS_EMAIL_FROM: set both, or neither');
  // Push services want a contact: the site's alerts page when it is on https, else VAPID_SUBJECT.
  const subject = e.VAPID_SUBJECT ?? (origin.startsWith('https://') ? `${origin}/alerts` : null);
  if (e.VAPID_PUBLIC_KEY && subject === null)
    throw new Error(
      'Invalid environment:\n  VAPID_SUBJECT: required (mailto: or https:) when PUBLIC_BASE_URL is not https',
    );
  const push =
    e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY && subject !== null
      ? {
          vapid: { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY, subject },
          pushHosts: e.ALERTS_PUSH_HOSTS ?? DEFAULT_PUSH_SERVICES,
        }
      : null;
  const webhooks = e.ALERTS_WEBHOOKS === 'on' ? { allowedOrigins: e.ALERTS_WEBHOOK_ORIGINS ?? [] } : null;
  const email = e.SMTP_URL && e.ALERTS_EMAIL_FROM ? { smtpUrl: e.SMTP_URL, from: e.ALERTS_EMAIL_FROM } : null;
  if ((e.TELEGRAM_BOT_TOKEN === undefined) !== (e.TELEGRAM_CHANNEL === undefined))
    throw new Error('Invalid environment:\n  TELEGRAM_BOT_TOKEN, TELEGRAM_CHANNEL: set both, or neither');
  const telegram =
    e.TELEGRAM_BOT_TOKEN && e.TELEGRAM_CHANNEL
      ? {
          token: e.TELEGRAM_BOT_TOKEN,
          chat: e.TELEGRAM_CHANNEL,
          apiUrl: e.TELEGRAM_API_URL,
          locale: e.TELEGRAM_LANGUAGE,
          posts: e.TELEGRAM_POSTS,
        }
      : null;
  if (!push && !webhooks && !email && !telegram) return null;
  return {
    store,
    push,
    webhooks,
    email,
    telegram,
    sender: e.ALERTS_SENDER === 'on',
    recordRetryMs: e.ALERTS_RECORD_RETRY_MS,
    maxSubscriptions: e.ALERTS_MAX_SUBSCRIPTIONS,
    maxUnverified: e.ALERTS_MAX_UNVERIFIED,
    writesPerAddress: e.ALERTS_WRITES_PER_ADDRESS,
    writesPerNetwork: e.ALERTS_WRITES_PER_NETWORK,
  };
}
