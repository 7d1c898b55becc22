import { STATUS_LABELS } from '../labels.js';
import type { EventKind, EventStatus, ResetSummary } from '../../../domain/schemas/index.js';
import type { SafeHtml } from './html.js';
import { html } from './html.js';

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
export const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

export const KIND_LABELS: Readonly<Record<EventKind, string>> = {
  usage_reset: 'Usage reset',
  limit_increase: 'Limit increase',
  credit: 'Credit',
  policy_change: 'Policy change',
  incident: 'Incident',
};

/** Fixed English formatting, independent of the machine's locale data, so pages are identical everywhere. */
function formatDay(date: Date): string {
  return `${WEEKDAYS[date.getUTCDay()]} ${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
}

/** `3 Mar 2025`: the short day of charts and badges. */
export function shortDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  return `${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
}

export function dateTag(day: string): SafeHtml {
  return html`<time datetime="${day}">${formatDay(new Date(`${day}T00:00:00Z`))}</time>`;
}

/** An exact instant in UTC, to the second when `seconds`. */
export function timeTag(iso: string, seconds = false): SafeHtml {
  const date = new Date(iso);
  const clock = date.toISOString().slice(11, seconds ? 19 : 16);
  return html`<time datetime="${date.toISOString()}">${formatDay(date)}, ${clock} UTC</time>`;
}

/** The announcement time, or the date alone for a date-only event: no time is ever invented. */
export function whenTag(event: ResetSummary, seconds = false): SafeHtml {
  if (event.announced_at !== null) return timeTag(event.announced_at, seconds);
  if (event.announced_on !== null)
    return html`${dateTag(event.announced_on)} <span class="muted">(date only)</span>`;
  return html`<span class="muted">unknown</span>`;
}

export function statusBadge(status: EventStatus): SafeHtml {
  return html`<span class="badge badge-${status}">${STATUS_LABELS[status]}</span>`;
}

export function formatDays(days: number | null): string {
  if (days === null) return 'n/a';
  return `${days.toFixed(1)} days`;
}

export function daysAgo(days: number): string {
  if (days < 1) return 'less than a day ago';
  return days < 2 ? '1 day ago' : `${Math.floor(days)} days ago`;
}

/** A code sample; it scrolls sideways on narrow screens, so it is a named region keyboard users can focus. */
export function codeBlock(label: string, code: string): SafeHtml {
  return html`<section class="code" tabindex="0" aria-label="${label}">
    <pre><code>${code}</code></pre>
  </section>`;
}
