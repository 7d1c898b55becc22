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

/**
 * Starts Swagger UI on the page; a same-origin file, so the docs CSP allows only `script-src 'self'`.
 * The layout is the site's own, operations and schemas only: Swagger UI's BaseLayout wraps them in a
 * second `<main>`, repeats the page's introduction as another `<h1>` (its info block, whose badges
 * lack contrast) and shows a server picker without a label, for the one server there is. Deep links
 * would put a link inside each operation's toggle button, so they are off; the highlighting theme's
 * colours lack contrast, so examples are plain.
 */
export const DOCS_INIT_JS = `window.addEventListener('DOMContentLoaded', function () {
  function DocsLayoutPlugin(system) {
    var h = system.React.createElement;
    function DocsLayout(props) {
      var get = props.getComponent;
      var status = props.specSelectors.loadingStatus();
      if (status === 'loading' || !props.specSelectors.specStr()) {
        return h('div', { className: 'swagger-ui' }, h('p', { className: 'loading-note' }, 'Loading the reference…'));
      }
      if (status === 'failed') {
        return h('div', { className: 'swagger-ui' }, h('p', null, 'The OpenAPI document could not be loaded.'));
      }
      return h(
        'div',
        { className: 'swagger-ui' },
        h(get('SvgAssets')),
        h(get('errors', true)),
        h(get('operations', true)),
        h(get('Models', true)),
      );
    }
    // An enum parameter is a bare <select>: wrap it in a label that names it (for screen readers).
    function labelEnums(Original) {
      return function LabelledString(props) {
        var values = props.schema && props.schema.get ? props.schema.get('enum') : null;
        if (!values) return h(Original, props);
        return h('label', null, h('span', { className: 'visually-hidden' }, props.description || 'Value'), h(Original, props));
      };
    }
    return { components: { DocsLayout: DocsLayout }, wrapComponents: { JsonSchema_string: labelEnums } };
  }
  window.ui = SwaggerUIBundle({
    url: '/api/openapi.json',
    dom_id: '#swagger-ui',
    deepLinking: false,
    validatorUrl: null,
    presets: [SwaggerUIBundle.presets.apis],
    plugins: [DocsLayoutPlugin],
    layout: 'DocsLayout',
    defaultModelsExpandDepth: 0,
    syntaxHighlight: { activated: false },
  });
});
`;
