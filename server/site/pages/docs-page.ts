import type { OpenAPIObject } from 'openapi3-ts/oas31';
import { MCP_PATH, mcpToolNames } from '../../http/mcp-names.js';
import { apiReference } from './api-reference.js';
import { liveStatusExample, openapiFetchExample, trpcClientExample } from './client-examples.js';
import { EXPLORER_PATH } from './docs-explorer.js';
import { codeBlock } from './format.js';
import { html, SafeHtml } from './html.js';

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

/** The MCP tool of each operation, named after its operationId (the procedure's name). */
function mcpTools(openApi: OpenAPIObject): SafeHtml {
  const names = mcpToolNames(openApi.paths ?? {}).map((name) => html`<code>${name}</code>`.value);
  return new SafeHtml(names.join(', '));
}

/**
 * `/docs`: the reference rendered from the OpenAPI document (no script), how to call the API from
 * TypeScript, and the badges; Swagger UI is opt-in at `/docs/explorer`.
 */
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
      <li><a href="#operations">Operations</a> and <a href="#schemas">schemas</a> below</li>
      <li><a href="${EXPLORER_PATH}">Interactive explorer</a> (Swagger UI, about 1.7 MB of JavaScript)</li>
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
    <h2>Live status</h2>
    <p>
      <code>GET /api/v1/status/stream</code> (in the reference below) keeps the status open as server-sent
      events: one <code>status</code> event with the <code>/api/v1/status</code> body at connect, then one
      after each republish, its <code>id</code> the content revision. Try
      <code>curl -N ${baseUrl}/api/v1/status/stream?audience=max</code>, or any <code>EventSource</code>. The
      typed client subscribes to the same over tRPC:
    </p>
    ${codeBlock('Example: the live status through the typed client', liveStatusExample(baseUrl))}
    <h2>Use it from an AI agent (MCP)</h2>
    <p>
      The MCP server at <code>${MCP_PATH}</code> (Streamable HTTP, stateless, JSON responses) offers each
      operation as a read-only tool: ${mcpTools(openApi)}. A tool's result is the operation's JSON body, and a
      refused input is a tool error carrying the same problem. Add it to an MCP client, for example:
    </p>
    ${codeBlock('Example: add the MCP server', `claude mcp add --transport http reset-tracker ${baseUrl}${MCP_PATH}`)}
    <h2>Badges and a card for your page</h2>
    <p>
      <a href="/badge.svg">/badge.svg</a> (the last reset),
      <a href="/badge/resets.svg">/badge/resets.svg</a> (the counted resets) and the shields.io endpoint
      <a href="/badge.json">/badge.json</a> take the same <code>audience</code> and <code>window</code> as
      <code>/api/v1/status</code>; <a href="/embed">/embed</a> is a small card that any site may put in a
      frame.
    </p>
    ${codeBlock('Example: badge and card', EMBED_EXAMPLE(baseUrl))} ${apiReference(openApi)}`;
}
