import type { LedgerMark } from '../domain/alerts.js';
import { describeLocation, openStore } from '../server/store/index.js';
import type { AlertsStoreConfig } from '../server/config.js';
import { readServiceConfig } from './service-settings.js';

/**
 * The alerts' store the server uses (ALERTS_DATABASE_URL, else ALERTS_DB, else under DATA_DIR), keys
 * or not.
 */
export function alertsStoreConfig(): AlertsStoreConfig {
  return readServiceConfig().alertsStore;
}

/**
 * Records a curator's word on one revision of an event in the alerts' store (ALERTS_DATABASE_URL,
 * else ALERTS_DB, else under DATA_DIR), where the ledger reads it when the content is published:
 * `silent` sends no alert for it, `alert` sends one for a correction. The curator's shell need not
 * hold the VAPID keys the server has: the mark goes to the store either way. Returns the line to
 * print, which names the store (a database URL without its password).
 */
export async function markAlert(mark: LedgerMark): Promise<string> {
  const { location, pool } = alertsStoreConfig();
  const store = await openStore(location, Date.now, pool);
  try {
    await store.ledger.mark(mark);
  } finally {
    await store.close();
  }
  const where = describeLocation(location);
  return mark.mode === 'silent'
    ? `alerts: none will be sent for ${mark.eventId} revision ${mark.revision} (marked in ${where})`
    : `alerts: one will be sent for ${mark.eventId} revision ${mark.revision} when it is published (marked in ${where})`;
}
