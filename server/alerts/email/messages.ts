import type { AlertPayload } from '../../../domain/alerts.js';
import type { AudienceFilter, WindowFilter } from '../../../domain/schemas/index.js';
import type { SafeHtml } from '../../site/html.js';
import { html, safeHref } from '../../site/html.js';
import type { Lang } from '../../site/i18n/lang.js';
import { langOf } from '../../site/i18n/lang.js';
import type { Locale } from '../../../domain/locales.js';
import { PRIVACY_PATH } from '../../site/pages/alerts-control.js';
import { alertWords } from '../alert-words.js';
import { pageUrlFor } from '../alert-words.js';
import type { MailContent } from '../../outbound/smtp.js';

/**
 * The mails of email alerts, in the subscriber's language (`en`, `ja`, `ko`, `zh-CN`, `zh-TW`, the
 * site's; the words are the `email` section of server/site/i18n/): each a plain-text part and an
 * HTML part saying the same, the HTML built with the pages' `html` template, which escapes every
 * value (event titles, addresses, links) it is given. Links are absolute; build them with links.ts.
 * Both mails say what the site is (independent, not affiliated) and link to the privacy page in the
 * same language; they are `MailContent`, what the mailer (server/outbound/smtp.ts) sends.
 */

/** What a subscription asked for: the alerts control's filters. */
interface MailFilters {
  readonly audience: AudienceFilter;
  readonly window: WindowFilter;
}

/** The filters in words, as the pages caption them: "Max, weekly". */
function filtersLabel(lang: Lang, filters: MailFilters): string {
  const { t } = lang;
  return t.filters.label(t.filters.audiences[filters.audience], t.filters.windows[filters.window]);
}

const STYLE = {
  body: 'margin:0;padding:16px;background:#ffffff;color:#1a1a1a;font-family:system-ui,-apple-system,"Segoe UI",sans-serif;font-size:16px;line-height:1.5',
  main: 'max-width:36em;margin:0 auto',
  button:
    'display:inline-block;padding:10px 18px;border-radius:6px;background:#1f4e8c;color:#ffffff;text-decoration:none;font-weight:600',
  small: 'font-size:13px;color:#555555',
} as const;

/** A whole HTML mail: its language and direction, UTF-8, no outside resource, a footer. */
function page(lang: Lang, subject: string, main: SafeHtml, footer: SafeHtml): string {
  return html`<!doctype html>
    <html lang="${lang.locale}" dir="ltr">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>${subject}</title>
      </head>
      <body style="${STYLE.body}">
        <main style="${STYLE.main}">
          ${main}
          <hr />
          <footer style="${STYLE.small}">${footer}</footer>
        </main>
      </body>
    </html> `.value;
}

/** A link whose text is its own address, for mail clients that show the text part's words. */
const link = (url: string, text: string = url) => html`<a href="${safeHref(url)}">${text}</a>`;

/** The end of every mail: what the site is, and what it keeps about the address. */
function footer(lang: Lang, origin: string): { text: string[]; html: SafeHtml } {
  const { t } = lang;
  const privacy = pageUrlFor(origin, lang.locale, PRIVACY_PATH);
  return {
    text: ['-- ', `${t.site.name}: ${t.site.description}`, `${t.email.privacy} ${privacy}`],
    html: html`<p>${t.site.name}: ${t.site.description}</p>
      <p>${t.email.privacy} ${link(privacy, t.email.privacyLink)}</p>`,
  };
}

const common = (locale: Locale) => ({ 'Content-Language': locale, 'Auto-Submitted': 'auto-generated' });

export interface ConfirmationInput {
  readonly to: string;
  readonly locale: Locale;
  /** The confirmation page with its token (`confirmUrlFor`). */
  readonly confirmUrl: string;
  readonly audience: AudienceFilter;
  readonly window: WindowFilter;
  /** The site's address (`https://host`), for the privacy link. */
  readonly origin: string;
}

/**
 * The one mail an address gets before it is confirmed: why it came, the filters asked for, the link
 * to the confirmation page (whose button confirms), and that ignoring it sends nothing more.
 */
export function confirmationMail(input: ConfirmationInput): MailContent {
  const lang = langOf(input.locale);
  const words = lang.t.email.confirm;
  const filters = filtersLabel(lang, input);
  const end = footer(lang, input.origin);
  const text = [
    words.subject,
    '',
    words.why,
    '',
    `${words.filters} ${filters}`,
    '',
    words.action,
    input.confirmUrl,
    '',
    words.ignore,
    '',
    ...end.text,
    '',
  ].join('\n');
  const main = html`<h1 style="font-size:20px">${words.subject}</h1>
    <p>${words.why}</p>
    <p>${words.filters} <strong>${filters}</strong></p>
    <p>${words.action}</p>
    <p><a href="${safeHref(input.confirmUrl)}" style="${STYLE.button}">${words.button}</a></p>
    <p style="${STYLE.small}">${link(input.confirmUrl)}</p>
    <p>${words.ignore}</p>`;
  return {
    to: input.to,
    subject: words.subject,
    text,
    html: page(lang, words.subject, main, end.html),
    headers: common(input.locale),
  };
}

export interface AlertMailInput {
  readonly to: string;
  readonly locale: Locale;
  /** The alert as the ledger stored it (`alertPayload`, domain/alerts.ts; `PendingAlert.payload` parsed). */
  readonly event: AlertPayload;
  /** The event's page in the subscriber's language. */
  readonly eventUrl: string;
  /** The subscription's unsubscribe link (`unsubscribeUrlFor`): an https URL of the site. */
  readonly unsubscribeUrl: string;
  /** `alertMessageId(alert key, subscription, domain)`: the same for every send of this pair. */
  readonly messageId: string;
}

/**
 * One alert's mail to one subscription: the alert's title (the subject too) and when, for whom,
 * which windows (worded as its browser notification is, `alertWords`), the event's page, and a
 * visible unsubscribe link. `List-Unsubscribe` and `List-Unsubscribe-Post: List-Unsubscribe=One-Click`
 * (RFC 8058) let a mail client unsubscribe with one POST; the relay must sign them with DKIM for
 * the big mailbox providers to offer it. The privacy link goes to the unsubscribe link's site.
 */
export function alertMail(input: AlertMailInput): MailContent {
  const lang = langOf(input.locale);
  const words = lang.t.email.alert;
  const { title, body } = alertWords(input.event, input.locale);
  const end = footer(lang, new URL(input.unsubscribeUrl).origin);
  const text = [
    words.intro,
    '',
    title,
    body,
    '',
    words.details,
    input.eventUrl,
    '',
    words.why,
    `${words.unsubscribe}: ${input.unsubscribeUrl}`,
    '',
    ...end.text,
    '',
  ].join('\n');
  const main = html`<p>${words.intro}</p>
    <h1 style="font-size:20px">${title}</h1>
    <p>${body}</p>
    <p>${words.details} ${link(input.eventUrl)}</p>
    <p style="${STYLE.small}">${words.why} ${link(input.unsubscribeUrl, words.unsubscribe)}</p>`;
  return {
    to: input.to,
    subject: title,
    text,
    html: page(lang, title, main, end.html),
    headers: {
      ...common(input.locale),
      'List-Unsubscribe': `<${input.unsubscribeUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
    messageId: input.messageId,
  };
}
