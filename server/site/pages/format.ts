import type { EventStatus, ResetSummary } from '../../../domain/schemas/index.js';
import type { Lang } from '../i18n/lang.js';
import type { SafeHtml } from '../html.js';
import { html } from '../html.js';

/** A UTC day, with its weekday, in the page's language. */
export function dateTag(lang: Lang, day: string): SafeHtml {
  return html`<time datetime="${day}">${lang.day(day)}</time>`;
}

/**
 * An exact instant in UTC, to the second when `seconds`. The local-time script (local-time.ts) adds
 * the reader's own time beside it.
 */
export function timeTag(lang: Lang, iso: string, seconds = false): SafeHtml {
  const date = new Date(iso);
  return html`<time datetime="${date.toISOString()}">${lang.instant(iso, seconds)} UTC</time>`;
}

/** A stated end (`ends_at`): an instant, or a date alone when only the day is stated. */
export function endTag(lang: Lang, end: string): SafeHtml {
  return end.length > 10 ? timeTag(lang, end) : dateTag(lang, end);
}

/**
 * Up to which day the record's sources were read (`material_until`), for beside a "how long ago":
 * without it a reader takes "85 days ago" for "no reset since". Empty when the collection names none.
 */
export function readUntilNote(lang: Lang, until: string | null | undefined, short = false): SafeHtml {
  if (!until) return html``;
  const date = dateTag(lang, until);
  return html`<p class="muted small">
    ${short ? lang.t.format.readUntilShort(date) : lang.t.format.readUntil(date)}
  </p>`;
}

/** The announcement time, or the date alone for a date-only event: no time is ever invented. */
export function whenTag(lang: Lang, event: ResetSummary, seconds = false): SafeHtml {
  if (event.announced_at !== null) return timeTag(lang, event.announced_at, seconds);
  if (event.announced_on !== null)
    return html`${dateTag(lang, event.announced_on)}
      <span class="muted">${lang.t.format.aside(html`${lang.t.format.dateOnly}`)}</span>`;
  return html`<span class="muted">${lang.t.format.unknown}</span>`;
}

export function statusBadge(lang: Lang, status: EventStatus): SafeHtml {
  return html`<span class="badge badge-${status}">${lang.t.labels.status[status]}</span>`;
}

export function formatDays(lang: Lang, days: number | null): string {
  if (days === null) return lang.t.format.notApplicable;
  return lang.days(days);
}

export function daysAgo(lang: Lang, days: number): string {
  if (days < 1) return lang.t.format.lessThanADayAgo;
  return lang.count(lang.t.format.daysAgo, Math.floor(days));
}

/** A code sample; it scrolls sideways on narrow screens, so it is a named region keyboard users can focus. */
export function codeBlock(label: string, code: string): SafeHtml {
  return html`<section class="code" tabindex="0" aria-label="${label}">
    <pre><code>${code}</code></pre>
  </section>`;
}
