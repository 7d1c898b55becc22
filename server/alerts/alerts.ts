import type { Logger } from 'pino';
import { alertPayload, decidePublication } from '../../domain/alerts.js';
import type { AlertsConfig } from '../config.js';
import type { ContentState } from '../content/content-state.js';
import type { SenderOptions } from './sender.js';
import { AlertSender } from './sender.js';
import { openAlertStore } from './store/index.js';
import type { AlertStore } from './store/index.js';

/** Alerts in one process: the store, the ledger following the content, and (maybe) the sender. */
export interface Alerts {
  readonly config: AlertsConfig;
  readonly store: AlertStore;
  readonly sender: AlertSender | null;
  stop(): Promise<void>;
}

/**
 * Opens the store and follows the content: each set this process starts serving is recorded in the
 * publication ledger (domain/alerts.ts `decidePublication`), in one transaction, so however many
 * workers load it the alerts it makes are made once. A process whose config allows it runs a sender,
 * and only the one holding the lease sends.
 */
export function startAlerts(
  config: AlertsConfig,
  content: ContentState,
  logger: Logger,
  senderOptions: Partial<SenderOptions> = {},
): Alerts {
  const store = openAlertStore(config.db);
  const sender = config.sender
    ? new AlertSender({ store, vapid: config.vapid, logger, ...senderOptions })
    : null;
  const unfollow = content.onChange((snapshot) => {
    const { catalog } = snapshot;
    if (!catalog) return;
    const events = [...catalog.byId.values()];
    try {
      const made = store.recordPublication((ledger, marks, startedAt) => {
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
  });
  sender?.start();
  return {
    config,
    store,
    sender,
    async stop() {
      unfollow();
      await sender?.stop();
      store.close();
    },
  };
}
