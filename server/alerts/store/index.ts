import { SqliteAlertStore } from './sqlite/index.js';
import type { AlertStore } from './types.js';

export type * from './types.js';
export {
  CHANNELS,
  CONFIRMATION_DAYS,
  CONFIRMATION_EVERY_MS,
  DELIVERY_RECORD_DAYS,
  PENDING_WEBHOOK_DAYS,
  SUBSCRIPTION_IDLE_DAYS,
} from './types.js';

/**
 * Opens the alerts' store (config `ALERTS_DB`): SQLite, one file per machine, brought to the latest
 * schema as it opens. Its users hold the `AlertStore` interface, never the engine. Asynchronous, as
 * opening an engine over the network is: it resolves once the store is migrated and its `version`
 * and `startedAt` are read, and rejects when it cannot be opened.
 */
export async function openAlertStore(file: string, clock: () => number = Date.now): Promise<AlertStore> {
  return await SqliteAlertStore.open(file, clock);
}
