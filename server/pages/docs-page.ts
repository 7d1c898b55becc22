import type { SafeHtml } from './html.js';
import { html } from './html.js';

export const DOCS_ASSETS = '/docs/assets';

const CLIENT_EXAMPLE = (baseUrl: string) => `import { createTRPCClient, httpBatchLink } from '@trpc/client';
import type { AppRouter } from 'usage-limit-reset-tracker/server/router';

const api = createTRPCClient<AppRouter>({
  links: [httpBatchLink({ url: '${baseUrl}/api/trpc' })],
});

const status = await api.getResetStatus.query({ audience: 'max' });
console.log(status.data.latest_reset?.url, status.data.stats.days_since_last);

const page = await api.listResets.query({ limit: 50, order: 'asc' });`;

const FETCH_EXAMPLE = (
  baseUrl: string,
) => `const res = await fetch('${baseUrl}/api/v1/status?window=weekly', {
  headers: { 'User-Agent': 'my-dashboard/1.0 (https://example.com)' },
});
if (!res.ok) throw new Error((await res.json()).detail); // application/problem+json
const { data, meta } = await res.json();`;

/** `/docs`: the interactive reference (Swagger UI, from local files) and how to call the API from TypeScript. */
export function docsMain(baseUrl: string): SafeHtml {
  return html`<h1>API documentation</h1>
    <p>
      A free, read-only JSON API: no key needed. Please send a <code>User-Agent</code> that identifies your
      client, cache responses for at least a minute (every response has an <code>ETag</code>), and link back
      to this site when you show the data.
    </p>
    <ul class="links">
      <li><a href="/api/openapi.json">OpenAPI 3.1 document</a></li>
      <li><a href="/api/v1/status">/api/v1/status</a></li>
      <li><a href="/api/v1/resets">/api/v1/resets</a></li>
      <li><a href="/api/v1/sources">/api/v1/sources</a></li>
      <li><a href="/problems">Error codes</a></li>
    </ul>
    <h2>Use it from TypeScript</h2>
    <p>
      The typed tRPC endpoint at <code>/api/trpc</code> serves the same operations; with
      <code>@trpc/client</code> the inputs and results are fully typed:
    </p>
    <pre><code>${CLIENT_EXAMPLE(baseUrl)}</code></pre>
    <p>Or plain <code>fetch</code> against the REST operations:</p>
    <pre><code>${FETCH_EXAMPLE(baseUrl)}</code></pre>
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

/** Starts Swagger UI on the page; a same-origin file, so the docs CSP allows only `script-src 'self'`. */
export const DOCS_INIT_JS = `window.addEventListener('DOMContentLoaded', function () {
  window.ui = SwaggerUIBundle({
    url: '/api/openapi.json',
    dom_id: '#swagger-ui',
    deepLinking: true,
    validatorUrl: null,
    presets: [SwaggerUIBundle.presets.apis],
    layout: 'BaseLayout',
    defaultModelsExpandDepth: 0,
  });
});
`;
