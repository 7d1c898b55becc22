import type { LedgerMark } from '../domain/alerts.js';
import { AlertStore } from '../server/alerts/store.js';
import type { AlertsConfig } from '../server/config.js';
import { parseConfig } from '../server/config.js';

/** The alerts configuration of this machine's environment, as the server reads it; null when alerts are off. */
export function alertsConfig(): AlertsConfig | null {
  try {
    return parseConfig(process.env).alerts;
  } catch (error) {
    console.error((error as Error).message);
    return process.exit(1);
  }
}

/**
 * Records a curator's word on one revision of an event in the alerts' store (ALERTS_DB), where the
 * ledger reads it when the content is published: `silent` sends no alert for it, `alert` sends one
 * for a correction. Returns the line to print.
 */
export function markAlert(mark: LedgerMark): string {
  const config = alertsConfig();
  if (!config) return 'alerts are off here (no VAPID key pair): none would be sent anyway';
  const store = new AlertStore(config.db);
  try {
    store.mark(mark);
  } finally {
    store.close();
  }
  return mark.mode === 'silent'
    ? `alerts: none will be sent for ${mark.eventId} revision ${mark.revision}`
    : `alerts: one will be sent for ${mark.eventId} revision ${mark.revision} when it is published`;
}
