import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import pino from 'pino';
import type { PushChannelOptions } from '../../server/alerts/push/channel.js';
import { pushChannel } from '../../server/alerts/push/channel.js';
import { AlertSender } from '../../server/alerts/sender.js';
import type { Store, PendingAlert } from '../../server/store/index.js';
import type { AudienceFilter, WindowFilter } from '../../domain/schemas/index.js';
import type { Subscriber } from './push-service.js';

/** The environment that turns alerts on with a VAPID key pair (`npm run alerts:keys` makes one). */
export function vapidEnv(keys: { readonly publicKey: string; readonly privateKey: string }) {
  return {
    VAPID_PUBLIC_KEY: keys.publicKey,
    VAPID_PRIVATE_KEY: keys.privateKey,
    VAPID_SUBJECT: 'mailto:alerts@example.org',
  };
}

/** A usage reset written as a curator would publish it: date-only, from a web page, first published `at`. */
export async function writeReset(
  dir: string,
  options: {
    readonly day: string;
    readonly slug: string;
    readonly plans: 'all' | readonly ('pro' | 'max' | 'team')[];
    readonly windows: readonly ('five_hour' | 'weekly')[];
    readonly status?: 'announced' | 'confirmed';
    /** When it was first published; now by default. */
    readonly at?: Date;
    readonly revision?: number;
  },
): Promise<string> {
  const id = `${options.day}-${options.slug}`;
  const at = (options.at ?? new Date()).toISOString().replace(/\.\d+Z$/, 'Z');
  const broad = options.plans === 'all';
  const event = {
    id,
    kind: 'usage_reset',
    event_status: options.status ?? 'confirmed',
    title: `Limits reset (${options.slug})`,
    summary: 'A reset written by a test.',
    time_precision: 'date',
    announced_on: options.day,
    allocation: 'subscription_usage',
    audience: broad
      ? { scope: 'broad', statement: 'All users, on every plan', plans: 'all' }
      : { scope: 'limited', statement: `${options.plans.join(' and ')} subscribers`, plans: options.plans },
    windows: options.windows,
    sources: [
      {
        url: `https://wrenquill.example/changelog/${id}`,
        handle: 'wrenquill.example',
        display_name: 'Wrenquill website (demo)',
        role: 'original',
        kind: 'web_page',
        excerpt: 'Limits were reset.',
      },
    ],
    first_published_at: at,
    revised_at: at,
    revision: options.revision ?? 1,
    related_event_ids: [],
  };
  await writeFile(path.join(dir, 'events', `${id}.json`), `${JSON.stringify(event, null, 2)}\n`);
  return id;
}

/** POSTs a subscriber's subscription for the filters, as the page's control does. */
export function subscribe(
  url: string,
  subscriber: Pick<Subscriber, 'subscription'>,
  filters: { audience?: string; window?: string } = {},
): Promise<Response> {
  return fetch(`${url}/alerts/subscriptions`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ subscription: subscriber.subscription, ...filters }),
  });
}

type Filters = { readonly audience?: AudienceFilter; readonly window?: WindowFilter };

/**
 * Webhook `n` to `origin`/hook/n, written into the store active, as a registration whose check
 * passed leaves it (tests/server/alerts/webhooks-api tests registering); returns its id.
 */
export async function storeActiveWebhook(
  store: Store,
  origin: string,
  secret: string,
  n: number,
  { audience = 'all', window = 'any' }: Filters = {},
): Promise<number> {
  const added = await store.webhooks.addWebhook({
    publicId: `wh_${n}`,
    url: `${origin}/hook/${n}`,
    kind: 'generic',
    secret,
    tokenHash: `hash-${n}`,
    audience,
    window,
  });
  if (!('stored' in added)) throw new Error('the store is full');
  await store.webhooks.activateWebhook(added.stored.id);
  return added.stored.id;
}

/**
 * `reader-n@example.org`, written into the store confirmed, as a request and its link leave it
 * (tests/server/alerts/email-api tests both).
 */
export async function storeConfirmedEmail(
  store: Store,
  n: number,
  { audience = 'all', window = 'any' }: Filters = {},
): Promise<void> {
  const asked = await store.emails.requestEmail({
    email: `reader-${n}@example.org`,
    locale: 'en',
    audience,
    window,
    confirmHash: `confirm-${n}`,
  });
  if (asked.kind !== 'confirm' || !(await store.emails.confirmEmail(`confirm-${n}`)))
    throw new Error('not confirmed');
}

/**
 * One confirmed alert `key` to every subscription (filters all/any), recorded as a publication of
 * the ledger would record it; returns it as the sender reads it. Subscriptions get it only when
 * made before it, by the store's clock (milliseconds).
 */
export async function alertEveryone(store: Store, key: string, payload = '{}'): Promise<PendingAlert> {
  await store.ledger.recordPublication(() => ({
    entries: [],
    alerts: [{ key, eventId: key, reason: 'confirmed', payload, record: '{}', matching: ['all/any'] }],
  }));
  const alert = (await store.deliveries.pendingAlerts()).find((pending) => pending.key === key);
  if (!alert) throw new Error(`no alert ${key}`);
  return alert;
}

/** A sender's log line, as the tests read it back. */
export interface SenderLogLine {
  readonly msg?: string;
  /** An alert's age when its fan-out ended (`alerts: sent`). */
  readonly ms?: number;
  readonly name?: string;
}

/**
 * A sender over `store` on the push channel alone, `lanes` messages in flight, each log line pushed
 * to `logs` (with `name`, to tell senders sharing one list apart).
 */
export function pushSender(
  store: Store,
  vapid: PushChannelOptions['vapid'],
  options: {
    readonly lanes: number;
    readonly leaseMs: number;
    readonly pollMs: number;
    readonly logs: SenderLogLine[];
    readonly name?: string;
    /** The sender's clock (`Date.now` by default). */
    readonly clock?: () => number;
  },
): AlertSender {
  return new AlertSender({
    store,
    channels: [pushChannel({ store, vapid, concurrency: options.lanes })],
    logger: pino(
      { level: 'info', ...(options.name ? { base: { name: options.name } } : {}) },
      { write: (line: string) => options.logs.push(JSON.parse(line) as SenderLogLine) },
    ),
    leaseMs: options.leaseMs,
    pollMs: options.pollMs,
    concurrency: options.lanes,
    ...(options.clock ? { clock: options.clock } : {}),
  });
}
