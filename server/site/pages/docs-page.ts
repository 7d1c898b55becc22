import type { McpFace } from '../resource.js';
import type { OpenAPIObject } from 'openapi3-ts/oas31';
import { apiReference } from './api-reference.js';
import {
  liveStatusExample,
  openapiFetchExample,
  trpcClientExample,
  webhookReceiverExample,
} from './client-examples.js';
import { EXPLORER_PATH } from './docs-explorer.js';
import { codeBlock } from './format.js';
import { html, SafeHtml } from '../html.js';
import type { Lang } from '../i18n/lang.js';

const FETCH_EXAMPLE = (origin: string) => `const res = await fetch('${origin}/api/v1/status?window=weekly', {
  headers: { 'User-Agent': 'my-dashboard/1.0 (https://example.com)' },
});
if (!res.ok) throw new Error((await res.json()).detail); // application/problem+json
const { data, meta } = await res.json();`;

const EMBED_EXAMPLE = (origin: string, lang: Lang) => `![last reset](${origin}/badge.svg?audience=max)
![shields](https://img.shields.io/endpoint?url=${encodeURIComponent(`${origin}/badge.json`)})

<iframe src="${origin}${lang.href('/embed')}?audience=max" title="${lang.t.docs.cardTitle}" width="340" height="240"></iframe>`;

/** Where the webhook example's receiver is reached, and the port it listens on behind that. */
const RECEIVER_SHOWN = ['https://bot.example.org/hooks/resets', 8080] as const;

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

/** The MCP tools the endpoint serves, by name. */
function mcpTools(mcp: McpFace): SafeHtml {
  const names = mcp.tools.map((name) => html`<code>${name}</code>`.value);
  return new SafeHtml(names.join(', '));
}

/**
 * `/docs`: the reference rendered from the OpenAPI document (no script), how to call the API from
 * TypeScript, and the badges; Swagger UI is opt-in at `/docs/explorer`. The code and the document's
 * own descriptions are the API's, in English, whatever the page's language.
 */
export function docsMain(lang: Lang, origin: string, openApi: OpenAPIObject, mcp: McpFace): SafeHtml {
  const { t } = lang;
  const text = t.docs;
  const c = (value: string) => html`<code>${value}</code>`;
  const a = (href: string, label: string) => html`<a href="${href}">${label}</a>`;
  return html`<h1>${text.title}</h1>
    <p>${text.intro(c('User-Agent'), c('ETag'))}</p>
    <ul class="links">
      <li><a href="/api/openapi.json">${text.openApi}</a></li>
      ${operationLinks(openApi)}
      <li><a href="${lang.href('/problems')}">${text.problems}</a></li>
      <li>${text.below(a('#operations', text.operations), a('#schemas', text.schemas))}</li>
      <li><a href="${lang.href(EXPLORER_PATH)}">${text.explorer}</a> ${text.explorerNote}</li>
    </ul>
    <h2>${text.typescript}</h2>
    <p>
      ${text.typedClient(
        c('/api/trpc'),
        c('usage-limit-reset-tracker-client'),
        c('npm run client:pack'),
        c('@trpc/client'),
        c('@trpc/server'),
      )}
    </p>
    ${codeBlock(text.typedClientExample, trpcClientExample(origin))}
    <p>${text.generated(c('openapi-typescript'), c('openapi-fetch'))}</p>
    ${codeBlock(text.generatedExample, openapiFetchExample(origin))}
    <p>${text.plainFetch(c('fetch'))}</p>
    ${codeBlock(text.fetchExample, FETCH_EXAMPLE(origin))}
    <h2>${text.live}</h2>
    <p>
      ${text.liveText(
        c('GET /api/v1/status/stream'),
        c('status'),
        c('/api/v1/status'),
        c('id'),
        c(`curl -N ${origin}/api/v1/status/stream?audience=max`),
        c('EventSource'),
      )}
    </p>
    ${codeBlock(text.liveExample, liveStatusExample(origin))}
    <h2>${text.mcp}</h2>
    <p>${text.mcpText(c(mcp.path), mcpTools(mcp))}</p>
    ${codeBlock(text.mcpExample, `claude mcp add --transport http reset-tracker ${origin}${mcp.path}`)}
    <h2>${text.webhooks}</h2>
    <p>
      ${text.webhooksText(
        a(lang.href('/alerts'), t.privacy.alertsPage),
        c('POST /alerts/webhooks'),
        c('challenge'),
        a('https://www.standardwebhooks.com/', 'Standard Webhooks'),
      )}
    </p>
    ${codeBlock(text.webhooksExample, webhookReceiverExample(origin, ...RECEIVER_SHOWN))}
    <h2>${text.badges}</h2>
    <p>
      ${text.badgesText(
        a('/badge.svg', '/badge.svg'),
        a('/badge/resets.svg', '/badge/resets.svg'),
        a('/badge.json', '/badge.json'),
        html`<code>audience</code> ${text.and} <code>window</code>`,
        c('/api/v1/status'),
        a(lang.href('/embed'), '/embed'),
      )}
    </p>
    ${codeBlock(text.badgesExample, EMBED_EXAMPLE(origin, lang))} ${apiReference(lang, openApi)}`;
}
