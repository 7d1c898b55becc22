import type { Logger } from 'pino';
import { alertPayload, decidePublication } from '../../domain/alerts.js';
import type { AlertsConfig } from '../config.js';
import type { ContentSnapshot, ContentState } from '../content/content-state.js';
import type { DeliveryChannel } from './channel.js';
import { emailChannel } from './email/channel.js';
import { createMailer } from './email/smtp.js';
import type { Mailer } from './email/smtp.js';
import { pushChannel } from './push-channel.js';
import type { SenderOptions } from './sender.js';
import { AlertSender, SENDER_DEFAULTS } from './sender.js';
import { webhookChannel } from './webhooks/channel.js';
import { openAlertStore } from './store/index.js';
import type { AlertStore } from './store/index.js';

/** Alerts in one process: the store, the ledger following the content, and (maybe) the sender. */
export interface Alerts {
  readonly config: AlertsConfig;
  readonly store: AlertStore;
  readonly sender: AlertSender | null;
  /** The relay's mailer when email is on: the sender's channel and the subscribe endpoint share it. */
  readonly mailer: Mailer | null;
  stop(): Promise<void>;
}

/** The channels this configuration turns on, in the order each alert goes out on them. */
function channelsOf(
  config: AlertsConfig,
  mailer: Mailer | null,
  store: AlertStore,
  baseUrl: string,
  concurrency: number,
): DeliveryChannel[] {
  const channels: DeliveryChannel[] = [];
  if (config.push) channels.push(pushChannel({ store, vapid: config.push.vapid, concurrency }));
  if (config.webhooks)
    channels.push(webhookChannel({ store, allowedOrigins: config.webhooks.allowedOrigins }));
  if (mailer) channels.push(emailChannel({ store, mailer, baseUrl }));
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
  baseUrl: string,
  senderOptions: Partial<SenderOptions> = {},
): Promise<Alerts> {
  const store = await openAlertStore(config.store.location, Date.now, { pool: config.store.pool });
  const mailer = config.email ? createMailer(config.email) : null;
  const sender = config.sender
    ? new AlertSender({
        store,
        channels: channelsOf(
          config,
          mailer,
          store,
          baseUrl,
          senderOptions.concurrency ?? SENDER_DEFAULTS.concurrency,
        ),
        logger,
        ...senderOptions,
      })
    : null;
  /** Records one content set in the ledger; never rejects (a failure is logged). */
  const record = async (catalog: NonNullable<ContentSnapshot['catalog']>): Promise<void> => {
    const events = [...catalog.byId.values()];
    try {
      // One transaction, `decide` inside it (synchronous): two workers loading the same content
      // make each alert once, whichever commits first. A rejection is the failure a throw was.
      const made = await store.recordPublication((ledger, marks, startedAt) => {
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
    } catch (error) {
      logger.error({ err: error }, 'alerts: the ledger could not record this content');
    }
  };
  // The sets this process loads are recorded one at a time, in the order it served them: a later
  // set's record never runs before (or alongside) an earlier one's, so the ledger ends at the last.
  let recording: Promise<void> = Promise.resolve();
  const unfollow = content.onChange((snapshot) => {
    const { catalog } = snapshot;
    if (!catalog) return;
    recording = recording.then(() => record(catalog));
  });
  sender?.start();
  return {
    config,
    store,
    sender,
    mailer,
    async stop() {
      unfollow();
      await recording;
      await sender?.stop();
      mailer?.close();
      await store.close();
    },
  };
}
