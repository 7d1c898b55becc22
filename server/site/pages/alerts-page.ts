import type { FilterSet } from '../../../domain/filters.js';
import type { AlertsOptions } from './alerts-control.js';
import { ALERTS_PATH, alertsControl, PRIVACY_PATH } from './alerts-control.js';
import { filterLabel, homeHref } from './home-page.js';
import type { SafeHtml } from './html.js';
import { html } from './html.js';

/** `/alerts`: what an alert is, the control for the filters in the query, and what is stored. */
export function alertsMain(filters: FilterSet, alerts: AlertsOptions): SafeHtml {
  const label = filterLabel(filters);
  return html`<h1>Browser alerts</h1>
    <p>
      An alert is one notification from your browser when a usage reset matching your filters is newly
      confirmed, and another when one is announced. Nothing is sent for history added later, nor for
      corrections, unless the curator asks for one.
    </p>
    <p>
      These alerts are for <strong>${label}</strong>.
      <a href="${homeHref(filters)}">Choose other filters on the latest resets</a>, then turn alerts on there.
    </p>
    ${alertsControl(filters, label, alerts, false)}
    <h2>What is stored</h2>
    <p>
      For each browser that turns alerts on, the server keeps the address its push service gave it, two keys
      to encrypt messages to it, and the filters chosen. Stopping alerts deletes them.
      <a href="${PRIVACY_PATH}">Privacy: exactly what is kept, for how long, and how to delete it</a>.
    </p>`;
}

/** `/privacy`: what the site stores, for how long, and how to delete it. */
export function privacyMain(): SafeHtml {
  return html`<h1>Privacy</h1>
    <p>
      This site sets no cookies, runs no analytics and makes no requests to other sites: every page, style and
      script comes from this server.
    </p>
    <h2>Browser alerts</h2>
    <p>When you turn <a href="${ALERTS_PATH}">alerts</a> on, the server stores, for that browser:</p>
    <ul>
      <li>the push endpoint URL your browser's push service gave it;</li>
      <li>its two keys, <code>p256dh</code> and <code>auth</code>, which encrypt the messages to it;</li>
      <li>the filters you chose (audience and window);</li>
      <li>when the subscription was created and when it was last renewed.</li>
    </ul>
    <p>
      For each alert sent, it keeps a delivery record: which alert, to which subscription, the outcome, and
      the time.
    </p>
    <h2>How long</h2>
    <p>A subscription is kept until the first of these:</p>
    <ul>
      <li>you stop alerts (the control on <a href="${ALERTS_PATH}">the alerts page</a>);</li>
      <li>
        you remove this site's notification permission: the push service then answers 404 or 410, which
        deletes it;
      </li>
      <li>the push service says the subscription is gone;</li>
      <li>the subscription's own expiration time, when the push service set one;</li>
      <li>400 days after the control last renewed it (each visit to a page with the control renews it).</li>
    </ul>
    <p>Delivery records are kept 30 days.</p>
    <p>
      In your browser, the filters are also kept in the site's own storage so that the alerts can be renewed;
      stopping alerts deletes them.
    </p>
    <h2>Access logs</h2>
    <p>
      Every request leaves one access-log line holding the client's IP address, its user agent, the path and
      the status. How long logs are kept is the operator's log rotation.
    </p>
    <h2>How to delete it</h2>
    <p>
      Press <strong>Stop alerts</strong> on <a href="${ALERTS_PATH}">the alerts page</a>: it deletes the
      subscription on the server and in your browser. A program can do the same with
      <code>DELETE /alerts/subscriptions</code> and the JSON body <code>{"endpoint": "…"}</code>.
    </p>`;
}
