import type { FilterSet } from '../../../domain/filters.js';
import type { SafeHtml } from '../html.js';
import { html } from '../html.js';
import { FEED_PATHS } from '../site-info.js';
import type { Lang } from '../i18n/lang.js';
import { DEFAULT_LOCALE } from '../i18n/locales.js';

/** Where the alerts are explained and controlled, and where what they store is listed. */
export const ALERTS_PATH = '/alerts';
export const PRIVACY_PATH = '/privacy';
/** The service worker: at the root, so its scope is the whole site. */
export const SERVICE_WORKER_PATH = '/sw.js';
/** The control's script (site-src/pages/alerts.ts), a same-origin file under /assets/ (hashed by assets.ts). */
export const ALERTS_JS_PATH = '/assets/alerts.js';

export interface AlertsOptions {
  /** The VAPID public key (base64url) push subscriptions are made with; null when alerts are off. */
  readonly publicKey: string | null;
}

/** `?audience=&window=` with the defaults left out: '' for every reset. */
function filterQuery(filters: FilterSet): string {
  const query = new URLSearchParams();
  if (filters.audience !== 'all') query.set('audience', filters.audience);
  if (filters.window !== 'any') query.set('window', filters.window);
  const search = query.toString();
  return search ? `?${search}` : '';
}

/** What a reader can follow instead of alerts: the feeds, and the calendar of these filters. */
function elsewhere(lang: Lang, filters: FilterSet): SafeHtml {
  return lang.t.alerts.elsewhere(
    html`<a href="${FEED_PATHS.rss}">RSS</a>`,
    html`<a href="${FEED_PATHS.atom}">Atom</a>`,
    html`<a href="${FEED_PATHS.json}">JSON Feed</a>`,
    html`<a href="/calendar.ics${filterQuery(filters)}">${lang.t.alerts.calendar}</a>`,
  );
}

/** The id of the heading that names the alerts control: its own, or on /alerts the page's. */
export const ALERTS_HEADING_ID = 'alerts-heading';

/**
 * The alerts control for one filter combination. Rendered right without JavaScript: when alerts are
 * off it says so; when on, that they need JavaScript and notifications. Every state the script can
 * show is in the markup, hidden, so the script (site-src/pages/alerts.ts) only switches between them; what it says
 * in its status line comes, in the page's language, from `data-alerts-text`.
 */
export function alertsControl(
  lang: Lang,
  filters: FilterSet,
  label: string,
  alerts: AlertsOptions,
  /** On /alerts itself: no link to that page, and the page's heading (`ALERTS_HEADING_ID`) names it. */
  onAlertsPage = false,
): SafeHtml {
  const { t } = lang;
  const heading = onAlertsPage ? '' : html`<h2 id="${ALERTS_HEADING_ID}">${t.alerts.heading}</h2>`;
  if (alerts.publicKey === null) {
    return html`<section class="card alerts" aria-labelledby="${ALERTS_HEADING_ID}">
      ${heading}
      <p>${t.alerts.off} ${elsewhere(lang, filters)}</p>
    </section>`;
  }
  return html`<section
    class="card alerts"
    aria-labelledby="${ALERTS_HEADING_ID}"
    data-alerts-key="${alerts.publicKey}"
    data-audience="${filters.audience}"
    data-window="${filters.window}"
    data-label="${label}"
    data-alerts-text="${JSON.stringify(t.alerts.script)}"
    ${
      lang.locale === DEFAULT_LOCALE
        ? ''
        : html` data-alerts-notification="${JSON.stringify({ ...t.alerts.notification, windows: t.labels.window })}"`
    }
  >
    ${heading}
    <div data-alerts-state="nojs">
      <p>
        ${t.alerts.needsScript} ${elsewhere(lang, filters)}
        ${onAlertsPage ? '' : html`<a href="${lang.href(`${ALERTS_PATH}${filterQuery(filters)}`)}">${t.alerts.about}</a>.`}
      </p>
    </div>
    <div data-alerts-state="unsupported" hidden>
      <p>${t.alerts.unsupported} ${elsewhere(lang, filters)}</p>
    </div>
    <div data-alerts-state="denied" hidden>
      <p>${t.alerts.denied}</p>
      <p>${elsewhere(lang, filters)}</p>
    </div>
    <div data-alerts-state="ready" hidden>
      <p>${t.alerts.ready(label)}</p>
      <p>
        <button type="button" class="action" data-alerts-action="subscribe">
          ${t.alerts.subscribe(label)}
        </button>
      </p>
    </div>
    <div data-alerts-state="subscribed" hidden>
      <p>${t.alerts.subscribed(html`<strong data-alerts-current>${label}</strong>`)}</p>
      <p>
        <button type="button" class="action" data-alerts-action="switch" hidden>
          ${t.alerts.switchTo(label)}
        </button>
        <button type="button" class="action" data-alerts-action="unsubscribe">${t.alerts.stop}</button>
      </p>
    </div>
    <p class="alerts-status small" role="status" aria-live="polite" data-alerts-status></p>
  </section>`;
}

/** On an event page (where a notification leads): shown by the script only to a subscribed browser. */
export function alertsNote(lang: Lang): SafeHtml {
  return html`<p class="alerts-note small" data-alerts-note hidden>
    ${lang.t.alerts.note} <a href="${lang.href(ALERTS_PATH)}">${lang.t.alerts.stop}</a>
  </p>`;
}
