import { html } from '../html.js';
import type { SafeHtml } from '../html.js';
import type { Lang } from '../i18n/lang.js';

export const EXPLORER_PATH = '/docs/explorer';

/**
 * `/docs/explorer`: Swagger UI, opt-in (its script is 1.7 MB); /docs itself is the server-rendered
 * reference. Swagger UI's own controls are English, so its container is marked `lang="en"`.
 */
export function explorerMain(lang: Lang): SafeHtml {
  const { t } = lang;
  const reference = html`<a href="${lang.href('/docs')}">${t.explorer.reference}</a>`;
  return html`<h1>${t.explorer.title}</h1>
    <p>${t.explorer.intro(reference)}${lang.locale === 'en' ? '' : html` ${t.explorer.englishTool}`}</p>
    <h2>${t.explorer.heading}</h2>
    <div id="swagger-ui" lang="en">
      <noscript
        ><p lang="${lang.locale}">
          ${t.explorer.noScript(reference, html`<a href="/api/openapi.json">${t.explorer.document}</a>`)}
        </p></noscript
      >
    </div>`;
}
