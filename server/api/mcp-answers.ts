import type { JSONRPCMessage, JSONRPCRequest, RequestId } from '@modelcontextprotocol/sdk/types.js';
import type { CachedResponse } from './rest.js';

const RESULT_HEAD = Buffer.from('{"result":');
const PLAIN_REQUEST = new Set(['jsonrpc', 'id', 'method', 'params']);
const PLAIN_PARAMS = new Set(['name', 'arguments']);

/** What the endpoint hands along with a tool call: the cached response its result was made from. */
export interface ToolCallSlot {
  response: CachedResponse | null;
}

/**
 * A tool call that asks for nothing but a tool's result: no `_meta` (a progress token, related-task
 * metadata) and no task, whose answers the SDK shapes otherwise. The message has passed the SDK's
 * schema for a JSON-RPC request and the tool-call params check.
 */
export function plainToolCall(
  message: JSONRPCRequest,
): { readonly name: string; readonly args: Readonly<Record<string, unknown>> } | null {
  if (message.method !== 'tools/call') return null;
  for (const key in message) if (!PLAIN_REQUEST.has(key)) return null;
  const params = message.params as { name: string; arguments?: Record<string, unknown> };
  for (const key in params) if (!PLAIN_PARAMS.has(key)) return null;
  return { name: params.name, args: params.arguments ?? {} };
}

/**
 * The SDK server's results to tool calls, as JSON text, each kept with the cached REST response it
 * was made from (a tool's result depends on that response and nothing else: server/api/mcp-tool-call.ts).
 * The same call again, while that response is what the cache holds, is answered with that text under
 * the call's own id: the answer the server would give, byte for byte, without the server's dispatch,
 * its Zod checks of the call and of the result, and serializing a result twice the body's size. A
 * response the cache lets go takes its text with it (a weak map), as does a republish, which makes
 * new responses.
 */
export class ToolAnswers {
  readonly #results = new WeakMap<CachedResponse, Buffer>();

  /** Keeps the result of the server's answer to a call whose result was made from `response`. */
  remember(response: CachedResponse, answer: JSONRPCMessage): void {
    if (!('result' in answer) || (answer.result as { isError?: unknown }).isError === true) return;
    this.#results.set(response, Buffer.from(JSON.stringify(answer.result)));
  }

  /**
   * The answer, as the server writes it (`{ result, jsonrpc, id }`, JSON.stringify's text), to a call
   * whose result would be made from `response`; undefined when the server has not answered one yet.
   */
  answer(response: CachedResponse, id: RequestId): Buffer | undefined {
    const result = this.#results.get(response);
    if (result === undefined) return undefined;
    return Buffer.concat([RESULT_HEAD, result, Buffer.from(`,"jsonrpc":"2.0","id":${JSON.stringify(id)}}`)]);
  }
}
