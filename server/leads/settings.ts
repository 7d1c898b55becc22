/**
 * The watcher's settings, read once from the environment (docs/operations.md, "Leads"). The store
 * is the alerts' (`ALERTS_DATABASE_URL`, else `ALERTS_DB`, else under `DATA_DIR`), oEmbed is read
 * from `OEMBED_ORIGIN` as `content:new` does, and the curator is told through the operator's own
 * webhook or mailbox.
 */
import { z } from 'zod';
import type { AlertsStoreConfig } from '../config.js';
import { parseConfig, readServiceEnv, setVariables } from '../config.js';

const unset = (value: unknown) => (value === '' ? undefined : value);

const Env = z.object({
  LEADS_SOURCES: z.string().min(1).default('deploy/leads-sources.json'),
  LEADS_LEDGER: z.string().min(1).default('docs/record/ledger.json'),
  LEADS_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(15_000),
  LEADS_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .max(64 * 1024 * 1024)
    .default(4 * 1024 * 1024),
  LEADS_WEBHOOK_URL: z.preprocess(unset, z.url({ protocol: /^https?$/ }).optional()),
  LEADS_WEBHOOK_SECRET: z.preprocess(
    unset,
    z
      .string()
      .regex(/^whsec_[A-Za-z0-9+/=]{16,}$/, 'a whsec_ secret')
      .optional(),
  ),
  LEADS_EMAIL: z.preprocess(unset, z.email().optional()),
  X_BEARER_TOKEN: z.preprocess(unset, z.string().min(1).optional()),
  // The bearer token goes there: https, or plain http only to this machine (a stand-in).
  X_API_ORIGIN: z
    .url({ protocol: /^https?$/ })
    .refine(
      (url) =>
        url.startsWith('https:') || /^(?:localhost|127(?:\.\d+){3}|\[::1\])$/.test(new URL(url).hostname),
      'https: the bearer token is never sent over plain http (http only to this machine)',
    )
    .default('https://api.x.com'),
  OEMBED_ORIGIN: z.preprocess(unset, z.url({ protocol: /^https?$/ }).optional()),
  LEADS_CONTACT: z.preprocess(
    unset,
    z.union([z.email(), z.url({ protocol: /^https$/ })], 'an email address or an https URL').optional(),
  ),
});

/** The variables the watcher reads besides the server's (server/settings.cjs lists them for PM2). */
export const WATCHER_SETTINGS: readonly string[] = Object.keys(Env.shape);

/** An address on this machine or a private one: no site can reach whoever runs the watcher there. */
const isLocal = (url: string): boolean =>
  /^(?:localhost|127\.[\d.]+|10\.[\d.]+|192\.168\.[\d.]+|172\.(?:1[6-9]|2\d|3[01])\.[\d.]+|\[::1\]|0\.0\.0\.0|[^.]+|.*\.(?:local|localhost|internal))$/i.test(
    new URL(url).hostname,
  );

/**
 * Who asks, as the User-Agent says it: the operator's contact (`LEADS_CONTACT`), else the service's
 * public origin; null when there is neither (a watcher does not start without one).
 */
function userAgentOf(contact: string | undefined, origin: string | null): string | null {
  const who = contact?.includes('@') && !contact.includes('/') ? `mailto:${contact}` : contact;
  const address = who ?? (origin !== null && !isLocal(origin) ? origin : null);
  return address === null ? null : `usage-limit-reset-tracker-leads/1 (+${address})`;
}

export interface LeadSettings {
  readonly sourcesFile: string;
  readonly ledgerFile: string;
  readonly contentDir: string;
  readonly store: AlertsStoreConfig;
  readonly logLevel: string;
  /** Null without `LEADS_CONTACT` or a public `PUBLIC_BASE_URL`: the watcher refuses to start. */
  readonly userAgent: string | null;
  readonly timeoutMs: number;
  readonly maxBytes: number;
  readonly webhook: {
    readonly url: string;
    readonly secret: string;
    readonly allowedOrigins: readonly string[];
  } | null;
  readonly email: { readonly to: string; readonly smtpUrl: string; readonly from: string } | null;
  readonly x: { readonly token: string; readonly origin: string } | null;
  readonly oembedOrigin: string | undefined;
}

/** The settings, or an error naming each variable that is wrong (one line each). */
export function readLeadSettings(env: NodeJS.ProcessEnv): LeadSettings {
  const config = parseConfig(env);
  // The relay, the sender and the webhook origins are the service's, read by its one schema.
  const service = readServiceEnv(env);
  const parsed = Env.safeParse(setVariables(env));
  if (!parsed.success)
    throw new Error(
      `Invalid environment:\n${parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`).join('\n')}`,
    );
  const e = parsed.data;
  if ((e.LEADS_WEBHOOK_URL === undefined) !== (e.LEADS_WEBHOOK_SECRET === undefined))
    throw new Error('Invalid environment:\n  LEADS_WEBHOOK_URL, LEADS_WEBHOOK_SECRET: set both, or neither');
  if (
    e.LEADS_EMAIL !== undefined &&
    (service.SMTP_URL === undefined || service.ALERTS_EMAIL_FROM === undefined)
  )
    throw new Error('Invalid environment:\n  LEADS_EMAIL: needs SMTP_URL and ALERTS_EMAIL_FROM');
  return {
    sourcesFile: e.LEADS_SOURCES,
    ledgerFile: e.LEADS_LEDGER,
    contentDir: config.contentDir,
    store: config.alertsStore,
    logLevel: config.logLevel,
    userAgent: userAgentOf(e.LEADS_CONTACT, config.originConfigured ? config.origin : null),
    timeoutMs: e.LEADS_TIMEOUT_MS,
    maxBytes: e.LEADS_MAX_BYTES,
    webhook:
      e.LEADS_WEBHOOK_URL && e.LEADS_WEBHOOK_SECRET
        ? {
            url: e.LEADS_WEBHOOK_URL,
            secret: e.LEADS_WEBHOOK_SECRET,
            allowedOrigins: service.ALERTS_WEBHOOK_ORIGINS ?? [],
          }
        : null,
    email:
      e.LEADS_EMAIL && service.SMTP_URL && service.ALERTS_EMAIL_FROM
        ? { to: e.LEADS_EMAIL, smtpUrl: service.SMTP_URL, from: service.ALERTS_EMAIL_FROM }
        : null,
    x: e.X_BEARER_TOKEN ? { token: e.X_BEARER_TOKEN, origin: e.X_API_ORIGIN.replace(/\/$/, '') } : null,
    oembedOrigin: e.OEMBED_ORIGIN,
  };
}
