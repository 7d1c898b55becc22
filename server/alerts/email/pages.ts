import type { AudienceFilter, WindowFilter } from '../../../domain/schemas/index.js';
import type { Problem } from '../../../domain/schemas/index.js';
import type { SafeHtml } from '../../site/html.js';
import { html } from '../../site/html.js';
import type { Lang } from '../../site/i18n/lang.js';
import { ALERTS_PATH } from '../../site/pages/alerts-control.js';
import { renderPage } from '../../site/pages/layout.js';
import { errorHeading, errorMain } from '../../site/pages/problem-pages.js';

/**
 * The pages of email alerts, in the language of their path: the answer to the subscribe form, the
 * confirmation and unsubscribe pages (each a button, for a GET never changes anything), what their
 * buttons lead to, and the page of a refused form. None is listed by search engines (`noindex`).
 */
export type EmailPage =
  | { readonly kind: 'sent' }
  | { readonly kind: 'confirm'; readonly action: string }
  | { readonly kind: 'confirmed'; readonly audience: AudienceFilter; readonly window: WindowFilter }
  | { readonly kind: 'expired' }
  | { readonly kind: 'unsubscribe'; readonly action: string }
  | { readonly kind: 'unsubscribed' }
  | { readonly kind: 'incomplete' }
  | { readonly kind: 'off' };

/** A form of one button that POSTs to `action` (the page's own path and token). */
function button(action: string, label: string): SafeHtml {
  return html`<form method="post" action="${action}">
    <p><button type="submit" class="action">${label}</button></p>
  </form>`;
}

function parts(lang: Lang, page: EmailPage): { title: string; body: SafeHtml } {
  const { t } = lang;
  const words = t.email.page;
  const back = html`<p><a href="${lang.href(ALERTS_PATH)}">${words.back}</a></p>`;
  switch (page.kind) {
    case 'sent':
      return {
        title: words.sentTitle,
        body: html`<p>${words.sent}</p>
          ${back}`,
      };
    case 'confirm':
      return {
        title: words.confirmTitle,
        body: html`<p>${words.confirm}</p>
          ${button(page.action, words.confirmButton)}`,
      };
    case 'confirmed': {
      const filters = t.filters.label(t.filters.audiences[page.audience], t.filters.windows[page.window]);
      return {
        title: words.confirmedTitle,
        body: html`<p>${words.confirmed(filters)}</p>
          ${back}`,
      };
    }
    case 'expired':
      return {
        title: words.expiredTitle,
        body: html`<p>${words.expired}</p>
          ${back}`,
      };
    case 'unsubscribe':
      return {
        title: words.unsubscribeTitle,
        body: html`<p>${words.unsubscribe}</p>
          ${button(page.action, words.unsubscribeButton)}`,
      };
    case 'unsubscribed':
      return {
        title: words.unsubscribedTitle,
        body: html`<p>${words.unsubscribed}</p>
          ${back}`,
      };
    case 'incomplete':
      return {
        title: words.incompleteTitle,
        body: html`<p>${words.incomplete}</p>
          ${back}`,
      };
    case 'off':
      return {
        title: words.offTitle,
        body: html`<p>${t.alerts.email.off}</p>
          ${back}`,
      };
  }
}

/** One page of email alerts at `path` (its English path: the language menu's links keep none of its query). */
export function emailPage(origin: string, lang: Lang, path: string, page: EmailPage): string {
  const { title, body } = parts(lang, page);
  return renderPage(origin, lang, {
    title,
    path,
    main: html`<h1>${title}</h1>
      ${body}`,
    noindex: true,
  });
}

/** The page of a refused form, in its language: what the problem means there, and the way back. */
export function emailProblemPage(origin: string, lang: Lang, path: string, problem: Problem): string {
  const title = errorHeading(lang, problem.title, problem);
  return renderPage(origin, lang, {
    title,
    path,
    main: html`${errorMain(lang, title, problem)}
      <p><a href="${lang.href(ALERTS_PATH)}">${lang.t.email.page.back}</a></p>`,
    noindex: true,
  });
}
