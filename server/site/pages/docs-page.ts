import type { OpenAPIObject } from 'openapi3-ts/oas31';
import { openapiFetchExample, trpcClientExample } from './client-examples.js';
import { codeBlock } from './format.js';
import { html, SafeHtml } from './html.js';

export const DOCS_ASSETS = '/docs/assets';

const FETCH_EXAMPLE = (
  baseUrl: string,
) => `const res = await fetch('${baseUrl}/api/v1/status?window=weekly', {
  headers: { 'User-Agent': 'my-dashboard/1.0 (https://example.com)' },
});
if (!res.ok) throw new Error((await res.json()).detail); // application/problem+json
const { data, meta } = await res.json();`;

const EMBED_EXAMPLE = (baseUrl: string) => `![last reset](${baseUrl}/badge.svg?audience=max)
![shields](https://img.shields.io/endpoint?url=${encodeURIComponent(`${baseUrl}/badge.json`)})

<iframe src="${baseUrl}/embed?audience=max" title="Latest usage-limit reset" width="340" height="240"></iframe>`;

/** The public paths of the document's operations: its server's path (`/api`) and each operation's. */
function operationPaths(openApi: OpenAPIObject): string[] {
  const server = openApi.servers?.[0]?.url;
  const prefix = server ? new URL(server).pathname.replace(/\/$/, '') : '';
  return Object.keys(openApi.paths ?? {}).map((path) => `${prefix}${path}`);
}

/** One list item per operation, each on its own line of the list. */
function operationLinks(openApi: OpenAPIObject): SafeHtml {
  const items = operationPaths(openApi).map((path) => html`<li><a href="${path}">${path}</a></li>`.value);
  return new SafeHtml(items.join('\n      '));
}

/** `/docs`: the interactive reference (Swagger UI, from local files) and how to call the API from TypeScript. */
export function docsMain(baseUrl: string, openApi: OpenAPIObject): SafeHtml {
  return html`<h1>API documentation</h1>
    <p>
      A free, read-only JSON API: no key needed. Please send a <code>User-Agent</code> that identifies your
      client, cache responses for at least a minute (every response has an <code>ETag</code>), and link back
      to this site when you show the data.
    </p>
    <ul class="links">
      <li><a href="/api/openapi.json">OpenAPI 3.1 document</a></li>
      ${operationLinks(openApi)}
      <li><a href="/problems">Error codes</a></li>
    </ul>
    <h2>Use it from TypeScript</h2>
    <p>
      The typed tRPC endpoint at <code>/api/trpc</code> serves the same operations, cached the same way. The
      client package <code>usage-limit-reset-tracker-client</code> (built from the service's source with
      <code>npm run client:pack</code>; install the tarball with its peers <code>@trpc/client</code> and
      <code>@trpc/server</code>) types every input and result and turns refusals into a typed error:
    </p>
    ${codeBlock('Example: the typed client', trpcClientExample(baseUrl))}
    <p>
      Or generate types from the OpenAPI document with <code>openapi-typescript</code> and call the REST
      operations with <code>openapi-fetch</code>:
    </p>
    ${codeBlock('Example: a client generated from the OpenAPI document', openapiFetchExample(baseUrl))}
    <p>Or plain <code>fetch</code> against the REST operations:</p>
    ${codeBlock('Example: fetch', FETCH_EXAMPLE(baseUrl))}
    <h2>Badges and a card for your page</h2>
    <p>
      <a href="/badge.svg">/badge.svg</a> (the last reset),
      <a href="/badge/resets.svg">/badge/resets.svg</a> (the counted resets) and the shields.io endpoint
      <a href="/badge.json">/badge.json</a> take the same <code>audience</code> and <code>window</code> as
      <code>/api/v1/status</code>; <a href="/embed">/embed</a> is a small card that any site may put in a
      frame.
    </p>
    ${codeBlock('Example: badge and card', EMBED_EXAMPLE(baseUrl))}
    <h2>Reference</h2>
    <div id="swagger-ui">
      <noscript
        ><p>
          The interactive reference needs JavaScript. Everything it shows is in the
          <a href="/api/openapi.json">OpenAPI document</a>.
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
