import type { McpFace } from '../resource.js';
import type { OpenAPIObject, OperationObject, ParameterObject } from 'openapi3-ts/oas31';
import { SITE_DESCRIPTION, SITE_NAME } from '../site-info.js';

function parameterList(operation: OperationObject): string {
  const names = (operation.parameters ?? [])
    .filter((parameter): parameter is ParameterObject => 'in' in parameter && parameter.in === 'query')
    .map((parameter) => `\`${parameter.name}\``);
  return names.length > 0 ? ` Query parameters: ${names.join(', ')}.` : '';
}

/**
 * `/llms.txt` (the llms.txt format: a title, a one-paragraph summary, then sections of links) for
 * language-model agents, written from the OpenAPI document's operations so it never drifts from
 * the API.
 */
export function renderLlmsTxt(document: OpenAPIObject, origin: string, mcp: McpFace): string {
  const api = document.servers?.[0]?.url ?? `${origin}/api`;
  const operations = Object.entries(document.paths ?? {}).flatMap(([path, item]) =>
    item.get ? [{ path, operation: item.get }] : [],
  );
  return [
    `# ${SITE_NAME}`,
    '',
    `> ${SITE_DESCRIPTION} A free, read-only JSON API; no key. Responses carry ETag and`,
    '> `Cache-Control: public, max-age=60`; errors are RFC 9457 problem+json.',
    '',
    'Only confirmed `usage_reset` events are counted; `announced_reset` is a stated future reset, not yet',
    'counted. Filters: `audience` (all, broad, max, pro, team) and `window` (any, five_hour, weekly).',
    '',
    '## API',
    '',
    ...operations.map(
      ({ path, operation }) =>
        `- [${operation.operationId ?? path}](${api}${path}): ${operation.summary ?? ''}. ${operation.description ?? ''}${parameterList(operation)}`,
    ),
    '',
    '## MCP',
    '',
    `- [MCP server](${origin}${mcp.path}): Streamable HTTP, stateless, read-only; add it with \`claude mcp add --transport http reset-tracker ${origin}${mcp.path}\`. Tools: ${mcp.tools
      .map((name) => `\`${name}\``)
      .join(', ')}, each answering exactly what its operation above answers`,
    '',
    '## Docs',
    '',
    `- [OpenAPI document](${origin}/api/openapi.json): the machine-readable description of the operations above`,
    `- [API reference](${origin}/docs): the same, for people, with a TypeScript client example`,
    `- [Error codes](${origin}/problems): every problem \`code\` and what to do about it`,
    '',
    '## Optional',
    '',
    `- [Whole data set](${origin}/data/events.json): every published event with its metadata`,
    `- [Counted resets as CSV](${origin}/resets.csv): one row per counted reset, with the filters`,
    `- [Calendar](${origin}/calendar.ics): announced and counted resets (RFC 5545)`,
    `- [Atom feed](${origin}/feed.atom), [RSS](${origin}/feed.xml), [JSON Feed](${origin}/feed.json): the newest entries`,
    '',
  ].join('\n');
}
