import { CallToolRequestParamsSchema } from '@modelcontextprotocol/sdk/types.js';

/** What a JSON value is, as a message names it. */
function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

const EXPECTED: Readonly<Record<string, string>> = { object: 'an object', record: 'an object' };

/**
 * Why the params of a `tools/call` request are not a tool call, in one line, or null when they are.
 * The shape is the SDK's own (`CallToolRequestParamsSchema`); checked here because the SDK parses
 * it before any handler runs and answers a mismatch as -32603 internal error with Zod's issue list
 * as the message, where a client should read -32602 invalid params and what to change.
 */
export function toolCallParamsProblem(params: unknown): string | null {
  const parsed = CallToolRequestParamsSchema.safeParse(params);
  if (parsed.success) return null;
  const lines = parsed.error.issues.map((issue) => {
    const where = ['params', ...issue.path.map(String)].join('.');
    const value: unknown = issue.path.reduce<unknown>(
      (parent, key) => (parent as Record<PropertyKey, unknown> | undefined)?.[key],
      params,
    );
    if (issue.code !== 'invalid_type') return `${where}: ${issue.message}`;
    if (value === undefined) return `${where} is required`;
    return `${where} must be ${EXPECTED[issue.expected] ?? `a ${issue.expected}`}, not ${kindOf(value)}`;
  });
  return `Invalid params: ${lines.join('; ')}.`;
}
