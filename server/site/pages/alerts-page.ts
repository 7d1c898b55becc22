import type { FilterSet } from '../../../domain/filters.js';
import type { Lang } from '../i18n/lang.js';
import type { AlertsOptions } from '../resource.js';
import { ALERTS_HEADING_ID, ALERTS_PATH, alertsControl, PRIVACY_PATH } from './alerts-control.js';
import { filterLabel, homeHref } from './home-page.js';
import type { SafeHtml } from '../html.js';
import { html } from '../html.js';

/** `/alerts`: what an alert is, the control for the filters in the query, and what is stored. */
export function alertsMain(lang: Lang, filters: FilterSet, alerts: AlertsOptions): SafeHtml {
  const { t } = lang;
  const text = t.alerts.page;
  const label = filterLabel(lang, filters);
  return html`<h1 id="${ALERTS_HEADING_ID}">${t.alerts.heading}</h1>
    <p>${text.what}</p>
    <p>
      ${text.forFilters(html`<strong>${label}</strong>`)}
      <a href="${lang.href(homeHref(filters))}">${text.otherFilters}</a>${text.thenTurnOn}
    </p>
    ${alertsControl(lang, filters, label, alerts, true)}
    <h2>${text.stored}</h2>
    <p>
      ${text.storedText}
      <a href="${lang.href(PRIVACY_PATH)}">${text.privacyLink}</a>.
    </p>`;
}

/** `/privacy`: what the site stores, for how long, and how to delete it. */
export function privacyMain(lang: Lang): SafeHtml {
  const { t } = lang;
  const text = t.privacy;
  const { channels } = text;
  const alertsPage = html`<a href="${lang.href(ALERTS_PATH)}">${text.alertsPage}</a>`;
  return html`<h1>${text.title}</h1>
    <p>${text.intro}</p>
    <h2>${text.alerts}</h2>
    <p>${text.whenOn(html`<a href="${lang.href(ALERTS_PATH)}">${text.alertsLink}</a>`)}</p>
    <ul>
      <li>${text.stored.endpoint}</li>
      <li>${text.stored.keys(html`<code>p256dh</code>`, html`<code>auth</code>`)}</li>
      <li>${text.stored.filters}</li>
      <li>${text.stored.times}</li>
    </ul>
    <p>${text.welcome}</p>
    <p>${text.deliveries}</p>
    <h2>${text.howLong}</h2>
    <p>${text.keptUntil}</p>
    <ul>
      <li>${text.until.stop(alertsPage)}</li>
      <li>${text.until.permission}</li>
      <li>${text.until.gone}</li>
      <li>${text.until.expiry}</li>
      <li>${text.until.renewed}</li>
    </ul>
    <p>${text.deliveriesKept}</p>
    <p>${text.inBrowser}</p>
    <h2>${channels.email}</h2>
    <p>${channels.emailStored}</p>
    <ul>
      <li>${channels.emailAddress}</li>
      <li>${channels.emailTokens}</li>
      <li>${channels.emailTimes}</li>
    </ul>
    <p>${channels.emailKept}</p>
    <h2>${channels.webhook}</h2>
    <p>${channels.webhookStored}</p>
    <ul>
      <li>${channels.webhookUrl}</li>
      <li>${channels.webhookSecret}</li>
      <li>${channels.webhookLast}</li>
    </ul>
    <p>${channels.webhookKept}</p>
    <h2>${text.logs}</h2>
    <p>${text.logsText}</p>
    <h2>${text.delete}</h2>
    <p>
      ${text.deleteText(
        html`<strong>${t.alerts.stop}</strong>`,
        alertsPage,
        html`<code>DELETE /alerts/subscriptions</code>`,
        html`<code>{"endpoint": "…"}</code>`,
      )}
    </p>`;
}
