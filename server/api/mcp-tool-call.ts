import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { HttpProblem } from '../http/http-problem.js';
import { makeProblem, problemFromError } from '../http/problem-types.js';
import type { CachedResponse } from './rest.js';
import { readOperationQuery } from './rest.js';
import type { RestRequest } from './rest.js';
import type { McpEndpointOptions, McpTool } from './mcp-tools.js';

interface ToolBody {
  /** The REST body's JSON text, the result's text block. */
  readonly text: string;
  readonly structured: Record<string, unknown>;
}

/** Read once per cached response: a hit hands out the same objects, never parsing the body again. */
const toolBodies = new WeakMap<CachedResponse, ToolBody>();

function toolBodyOf(response: CachedResponse): ToolBody {
  let body = toolBodies.get(response);
  if (body === undefined) {
    const text = response.body.toString('utf8');
    body = { text, structured: JSON.parse(text) as Record<string, unknown> };
    toolBodies.set(response, body);
  }
  return body;
}

/**
 * The tool arguments as the REST query they stand for: each scalar as its text, so that
 * server/http/query.ts and the procedure read them exactly as they read a query string. An object,
 * array or null has no query form: for a parameter the operation takes it is `invalid_parameter`,
 * any other name is left to the strict reading (server/http/query.ts), which refuses it as unknown.
 */
function queryOf(
  args: Readonly<Record<string, unknown>>,
  allowed: ReadonlySet<string>,
  origin: string,
): URLSearchParams {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(args)) {
    const scalar = typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';
    if (!scalar && allowed.has(name)) {
      throw new HttpProblem(
        makeProblem(
          origin,
          'invalid_parameter',
          `The argument "${name}" must be a string or a number.`,
          name,
        ),
      );
    }
    search.append(name, scalar ? String(value) : JSON.stringify(value));
  }
  return search;
}

type ToolCallOptions = Pick<McpEndpointOptions, 'responder' | 'origin' | 'logger'>;

/**
 * The REST request a tool call stands for, its arguments read strictly as that operation reads its
 * query; a refusal is thrown as an `HttpProblem`.
 */
export function toolRequest(
  tool: McpTool,
  args: Readonly<Record<string, unknown>>,
  { responder, origin }: Pick<ToolCallOptions, 'responder' | 'origin'>,
): RestRequest {
  const { operation } = tool;
  // An operation without parameters ignores its query, as here its arguments.
  const { params, canonical } = readOperationQuery(
    operation,
    (allowed) => queryOf(args, allowed, origin),
    origin,
  );
  return responder.request(operation, params, canonical);
}

/**
 * Answers a tool call as its REST operation answers the same query: read strictly, served from the
 * shared response cache (the procedure runs only on a miss), `structuredContent` being the REST body.
 * The text block is that body's JSON text, as the MCP specification asks of a tool with structured
 * content: a client that hands a model only text hands it the data (a next cursor included).
 * A failure is a tool error carrying the REST problem as JSON text (not in `structuredContent`, which
 * a client checks against the tool's output schema). `answered` hears of the cached response a
 * result was made from: the result depends on nothing else.
 */
export async function callTool(
  tool: McpTool,
  args: Readonly<Record<string, unknown>>,
  options: ToolCallOptions,
  answered?: (response: CachedResponse) => void,
): Promise<CallToolResult> {
  const { responder, origin } = options;
  try {
    const request = toolRequest(tool, args, options);
    const response = responder.cached(request) ?? (await responder.produce(request));
    const { text, structured } = toolBodyOf(response);
    answered?.(response);
    return { content: [{ type: 'text', text }], structuredContent: structured };
  } catch (error) {
    const problem = error instanceof HttpProblem ? error.problem : problemFromError(error, origin);
    if (problem.code === 'internal_error')
      options.logger.error({ err: error, tool: tool.tool.name }, 'tool failed');
    return { isError: true, content: [{ type: 'text', text: JSON.stringify(problem) }] };
  }
}
