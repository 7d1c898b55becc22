import type { EventStatus, ResetSummary, Window } from '../../domain/schemas/index.js';
import type { Messages } from './i18n/en.js';
import { en } from './i18n/en.js';

/** The words the feeds (in English) and the pages (in their language) use for the content's values. */
export const STATUS_LABELS: Readonly<Record<EventStatus, string>> = en.labels.status;

/** `YYYY-MM-DD HH:MM:SS UTC` from an ISO UTC date-time. */
export function formatUtc(iso: string): string {
  return `${new Date(iso).toISOString().slice(0, 19).replace('T', ' ')} UTC`;
}

/** When the event was announced: the exact UTC time, or the date alone when only the date is known. */
export function describeWhen(event: ResetSummary): string {
  if (event.announced_at !== null) return formatUtc(event.announced_at);
  return `${event.announced_on ?? 'unknown date'} (date only; the time is not established)`;
}

export function describePlans(plans: ResetSummary['audience']['plans'], t: Messages = en): string {
  if (plans === 'all' || plans === 'subscribers' || plans === 'unspecified') return t.labels.plans[plans];
  return plans.map(t.labels.plan).join(t.format.listSeparator);
}

export function describeWindows(windows: readonly Window[], t: Messages = en): string {
  return windows.map((window) => t.labels.window[window]).join(t.format.listSeparator);
}
