import type { Logger } from 'pino';
import { alertPayload, decidePublication } from '../../domain/alerts.js';
import type { AlertsConfig } from '../config.js';
import type { ContentSnapshot, ContentState } from '../content/content-state.js';
import type { DeliveryChannel } from './channel.js';
import { emailChannel } from './email/channel.js';
import type { Mailer } from '../outbound/smtp.js';
import { pushChannel } from './push/channel.js';
import type { SenderOptions } from './sender.js';
import { AlertSender, SENDER_DEFAULTS } from './sender.js';
import { telegramChannel } from './telegram/channel.js';
import { webhookChannel } from './webhooks/channel.js';
import { openStore } from '../store/index.js';
import type { Store } from '../store/index.js';

/** Alerts in one process: the store, the ledger following the content, and (maybe) the sender. */
export interface Alerts {
  readonly config: AlertsConfig;
  readonly store: Store;
  readonly sender: AlertSender | null;
  /** The relay's mailer when email is on: the sender's channel and the subscribe endpoint share it. */
  readonly mailer: Mailer | null;
  stop(): Promise<void>;
}

/** The channels this configuration turns on, in the order each alert goes out on them. */
function channelsOf(
  config: AlertsConfig,
  mailer: Mailer | null,
  store: Store,
  origin: string,
  concurrency: number,
  clock: () => number,
): DeliveryChannel[] {
  const channels: DeliveryChannel[] = [];
  if (config.push)
    channels.push(pushChannel({ store, vapid: config.push.vapid, concurrency, push: { clock } }));
  if (config.webhooks)
    channels.push(webhookChannel({ store, allowedOrigins: config.webhooks.allowedOrigins }));
  if (mailer) channels.push(emailChannel({ store, mailer, origin }));
  if (config.telegram) channels.push(telegramChannel({ store, ...config.telegram, origin }));
  return channels;
}

/**
 * Opens the store and follows the content: each set this process starts serving is recorded in the
 * publication ledger (domain/alerts.ts `decidePublication`), in one transaction, so however many
 * workers load it the alerts it makes are made once. A process whose config allows it runs a sender,
 * which claims its share of each alert's fan-out from the store.
 */
export async function startAlerts(
  config: AlertsConfig,
  content: ContentState,
  logger: Logger,
  origin: string,
  senderOptions: Partial<SenderOptions> = {},
): Promise<Alerts> {
  // One clock for the store and the sender: the claims' leases are the store's, their margin the sender's.
  const clock = senderOptions.clock ?? Date.now;
  const store = await openStore(config.store.location, clock, config.store.pool);
  // nodemailer loads only on a server that sends email.
  const mailer = config.email ? (await import('../outbound/smtp.js')).createMailer(config.email) : null;
  const sender = config.sender
    ? new AlertSender({
        store,
        channels: channelsOf(
          config,
          mailer,
          store,
          origin,
          senderOptions.concurrency ?? SENDER_DEFAULTS.concurrency,
          clock,
        ),
        logger,
        ...senderOptions,
        clock,
      })
    : null;
  /** Records one content set in the ledger; never rejects: a failure is logged, and false. */
  const record = async (catalog: NonNullable<ContentSnapshot['catalog']>): Promise<boolean> => {
    const events = [...catalog.byId.values()];
    try {
      // One transaction, `decide` inside it (synchronous): two workers loading the same content
      // make each alert once, whichever commits first. A rejection is the failure a throw was.
      const made = await store.ledger.recordPublication((ledger, marks, startedAt) => {
        const decision = decidePublication(events, ledger, marks, startedAt);
        return {
          entries: decision.entries,
          alerts: decision.alerts.map((alert) => ({
            key: alert.key,
            eventId: alert.event.id,
            reason: alert.reason,
            payload: JSON.stringify(
              alertPayload(alert.event, alert.reason, catalog.translations.get(alert.event.id) ?? null),
            ),
            record: JSON.stringify(alert.event),
            matching: alert.matching,
          })),
        };
      });
      if (made.length > 0) {
        logger.info({ alerts: made.map((alert) => alert.key) }, 'alerts: new alerts from this content');
        sender?.wake();
      }
      return true;
    } catch (error) {
      logger.error(
        { err: error instanceof Error ? error.message : String(error), retryMs: config.recordRetryMs },
        'alerts: the ledger could not record this content; trying again',
      );
      return false;
    }
  };
  // The sets this process loads are recorded one at a time, in the order it served them: a later
  // set's record never runs before (or alongside) an earlier one's, so the ledger ends at the last.
  // A set the store did not take (it was down) is tried again every `recordRetryMs` until it is
  // recorded or a later set is: the ledger compares the events served with what it saw, so the
  // latest set makes every alert an unrecorded one would have.
  let recording: Promise<void> = Promise.resolve();
  let latest: NonNullable<ContentSnapshot['catalog']> | null = null;
  let retry: NodeJS.Timeout | null = null;
  let stopped = false;
  const recordLatest = (catalog: NonNullable<ContentSnapshot['catalog']>) => {
    recording = recording.then(async () => {
      if (stopped || catalog !== latest) return;
      if (await record(catalog)) return;
      if (stopped || catalog !== latest) return;
      retry = setTimeout(() => recordLatest(catalog), config.recordRetryMs);
    });
  };
  const unfollow = content.onChange((snapshot) => {
    const { catalog } = snapshot;
    if (!catalog) return;
    latest = catalog;
    if (retry) clearTimeout(retry);
    recordLatest(catalog);
  });
  sender?.start();
  return {
    config,
    store,
    sender,
    mailer,
    async stop() {
      unfollow();
      stopped = true;
      if (retry) clearTimeout(retry);
      await recording;
      await sender?.stop();
      mailer?.close();
      await store.close();
    },
  };
}
