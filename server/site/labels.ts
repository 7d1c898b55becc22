import type { EventStatus, ResetSummary, Window } from '../../domain/schemas/index.js';

/** The words the site and its feeds use for the content's values. */
export const STATUS_LABELS: Readonly<Record<EventStatus, string>> = {
  announced: 'Announced',
  confirmed: 'Confirmed',
  cancelled: 'Cancelled',
  retracted: 'Retracted',
};

export const WINDOW_LABELS: Readonly<Record<Window, string>> = {
  five_hour: 'five-hour',
  weekly: 'weekly',
  other: 'other',
  unspecified: 'not stated',
};

/** `YYYY-MM-DD HH:MM:SS UTC` from an ISO UTC date-time. */
export function formatUtc(iso: string): string {
  return `${new Date(iso).toISOString().slice(0, 19).replace('T', ' ')} UTC`;
}

/** When the event was announced: the exact UTC time, or the date alone when only the date is known. */
export function describeWhen(event: ResetSummary): string {
  if (event.announced_at !== null) return formatUtc(event.announced_at);
  return `${event.announced_on ?? 'unknown date'} (date only; the time is not established)`;
}

export function describePlans(plans: ResetSummary['audience']['plans']): string {
  if (plans === 'all') return 'All plans';
  if (plans === 'subscribers') return 'All paid subscriptions';
  if (plans === 'unspecified') return 'Not stated';
  return plans.map((plan) => plan.charAt(0).toUpperCase() + plan.slice(1)).join(', ');
}

export function describeWindows(windows: readonly Window[]): string {
  return windows.map((window) => WINDOW_LABELS[window]).join(', ');
}
