import type { FilterSet } from '../../../domain/filters.js';
import type { AlertsOptions } from '../resource.js';
import type { SafeHtml } from '../html.js';
import { html } from '../html.js';
import { FEED_PATHS } from '../site-info.js';
import type { Lang } from '../i18n/lang.js';
import { DEFAULT_LOCALE } from '../../../domain/locales.js';

/** Where the alerts are explained and controlled, and where what they store is listed. */
export const ALERTS_PATH = '/alerts';
export const PRIVACY_PATH = '/privacy';
/** The service worker: at the root, so its scope is the whole site. */
export const SERVICE_WORKER_PATH = '/sw.js';
/** The control's script (site-src/pages/alerts.ts), a same-origin file under /assets/ (hashed by assets.ts). */
export const ALERTS_JS_PATH = '/assets/alerts.js';

/** Where the email and webhook forms post (server/alerts/email/endpoints.ts, the webhooks' endpoints). */
const EMAIL_FORM_ACTION = '/alerts/email';
const WEBHOOK_FORM_ACTION = '/alerts/webhooks';

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

/** The filters and the page's language, as the forms send them with what is typed in. */
function hiddenFields(lang: Lang, filters: FilterSet): SafeHtml {
  return html`<input type="hidden" name="audience" value="${filters.audience}" />
    <input type="hidden" name="window" value="${filters.window}" />
    <input type="hidden" name="lang" value="${lang.locale}" />`;
}

/** Email: a plain form (no script) that asks for a confirmation mail. */
function emailForm(lang: Lang, filters: FilterSet, label: string): SafeHtml {
  const words = lang.t.alerts.email;
  return html`<form class="alerts-form" method="post" action="${EMAIL_FORM_ACTION}">
    <p>${words.intro(label)}</p>
    <p>
      <label for="alerts-email">${words.label}</label>
      <input id="alerts-email" name="email" type="email" required maxlength="254" autocomplete="email" />
    </p>
    ${hiddenFields(lang, filters)}
    <p><button type="submit" class="action">${words.submit}</button></p>
  </form>`;
}

/** Webhooks: a plain form for the URL, and where developers read the rest. */
function webhookForm(lang: Lang, filters: FilterSet, label: string): SafeHtml {
  const words = lang.t.alerts.webhook;
  return html`<form class="alerts-form" method="post" action="${WEBHOOK_FORM_ACTION}">
      <p>${words.intro(label)}</p>
      <p>
        <label for="alerts-webhook">${words.label}</label>
        <input id="alerts-webhook" name="url" type="url" required maxlength="2048" autocomplete="off" />
      </p>
      ${hiddenFields(lang, filters)}
      <p><button type="submit" class="action">${words.submit}</button></p>
    </form>
    <p class="small">${words.developers(html`<a href="${lang.href('/docs')}">${words.docs}</a>`)}</p>`;
}

/**
 * Browser alerts for one filter combination. Rendered right without JavaScript: they need JavaScript
 * and notifications, and say so. Every state the script can show is in the markup, hidden, so the
 * script (site-src/pages/alerts.ts) only switches between them; what it says in its status line
 * comes, in the page's language, from `data-alerts-text`.
 */
function browserControl(
  lang: Lang,
  filters: FilterSet,
  label: string,
  publicKey: string,
  onAlertsPage: boolean,
): SafeHtml {
  const { t } = lang;
  return html`<div
    class="alerts-browser"
    data-alerts-key="${publicKey}"
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
  </div>`;
}

/**
 * The alerts control for one filter combination: the three channels (this browser, email, a
 * webhook), each its part or a line saying it is off on this server; with every channel off, one
 * line saying so and where else to follow resets. Email and webhooks are plain forms and need no
 * script.
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
  if (alerts.publicKey === null && !alerts.email && !alerts.webhooks) {
    return html`<section class="card alerts" aria-labelledby="${ALERTS_HEADING_ID}">
      ${heading}
      <p>${t.alerts.off} ${elsewhere(lang, filters)}</p>
    </section>`;
  }
  // Under the page's h1 on /alerts, under the control's own h2 elsewhere.
  const part = (text: string) => (onAlertsPage ? html`<h2>${text}</h2>` : html`<h3>${text}</h3>`);
  const { channels } = t.alerts;
  return html`<section class="card alerts" aria-labelledby="${ALERTS_HEADING_ID}">
    ${heading} ${part(channels.browser)}
    ${
      alerts.publicKey === null
        ? html`<p>${t.alerts.browserOff} ${elsewhere(lang, filters)}</p>`
        : browserControl(lang, filters, label, alerts.publicKey, onAlertsPage)
    }
    ${part(channels.email)}
    ${alerts.email ? emailForm(lang, filters, label) : html`<p>${t.alerts.email.off}</p>`}
    ${part(channels.webhook)}
    ${alerts.webhooks ? webhookForm(lang, filters, label) : html`<p>${t.alerts.webhook.off}</p>`}
  </section>`;
}

/** On an event page (where a notification leads): shown by the script only to a subscribed browser. */
export function alertsNote(lang: Lang): SafeHtml {
  return html`<p class="alerts-note small" data-alerts-note hidden>
    ${lang.t.alerts.note} <a href="${lang.href(ALERTS_PATH)}">${lang.t.alerts.stop}</a>
  </p>`;
}
