import type { AudienceFilter, WindowFilter } from '../../../domain/schemas/index.js';
import { html } from '../../site/html.js';
import { langOf } from '../../site/i18n/lang.js';
import type { Locale } from '../../../domain/locales.js';
import { ALERTS_PATH } from '../../site/pages/alerts-control.js';
import { renderPage } from '../../site/pages/layout.js';

/** A webhook just registered, with what is shown of it only once. */
export interface CreatedWebhook {
  readonly id: string;
  readonly secret: string;
  readonly token: string;
  readonly url: string;
  readonly audience: AudienceFilter;
  readonly window: WindowFilter;
  readonly status: 'active' | 'pending';
  /** What the URL answered, when it is pending. */
  readonly reason?: string;
}

/**
 * The page a registration from an HTML form gets, in the form's language and the site's layout: the
 * id, the signing secret and the management token, shown this once with a warning that they are
 * never shown again, the webhook's state, and how to read or delete it. It is never cached nor
 * listed (`noindex`).
 */
export function createdWebhookPage(origin: string, locale: Locale, webhook: CreatedWebhook): string {
  const lang = langOf(locale);
  const { t } = lang;
  const text = t.webhooks;
  const path = `/alerts/webhooks/${webhook.id}`;
  const main = html`<h1>${text.title}</h1>
    <p><strong>${text.onlyNow}</strong></p>
    <dl>
      <dt>${text.id}</dt>
      <dd><code>${webhook.id}</code></dd>
      <dt>${text.secret}</dt>
      <dd><code>${webhook.secret}</code></dd>
      <dt>${text.token}</dt>
      <dd><code>${webhook.token}</code></dd>
      <dt>${text.url}</dt>
      <dd><code>${webhook.url}</code></dd>
      <dt>${text.filters}</dt>
      <dd>${t.filters.label(t.filters.audiences[webhook.audience], t.filters.windows[webhook.window])}</dd>
      <dt>${text.status}</dt>
      <dd>
        ${webhook.status === 'active' ? text.active : text.pending}
        ${webhook.reason ? html`<br />${text.answered} <code>${webhook.reason}</code>` : ''}
      </dd>
    </dl>
    <p>
      ${text.manage(
        html`<code>GET ${path}</code>`,
        html`<code>Authorization: Bearer …</code>`,
        html`<code>DELETE ${path}</code>`,
      )}
    </p>
    <p><a href="${lang.href(ALERTS_PATH)}">${text.back}</a></p>`;
  return renderPage(origin, lang, { title: text.title, path: ALERTS_PATH, main, noindex: true });
}
