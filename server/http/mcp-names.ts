/**
 * Where the MCP endpoint lives and how its tools are named: shared by the endpoint
 * (server/api/mcp-endpoint.ts) and the pages that tell people how to use it.
 */
export const MCP_PATH = '/mcp';

/** An operation of the OpenAPI document, as far as the tool list needs it. */
interface DocumentedOperation {
  readonly operationId?: string;
  readonly responses?: Record<string, unknown>;
}

/**
 * The tool names of the operations in an OpenAPI document: those that answer JSON, which are the
 * procedures (the status stream answers events and is no tool).
 */
export function mcpToolNames(paths: Record<string, { get?: DocumentedOperation }>): string[] {
  return Object.values(paths).flatMap(({ get }) => {
    const ok = get?.responses?.['200'] as { content?: Record<string, unknown> } | undefined;
    return get?.operationId && ok?.content?.['application/json'] ? [mcpToolName(get.operationId)] : [];
  });
}

/** A procedure's tool name: `getResetStatus` → `get_reset_status` (operationIds are the procedure names). */
export function mcpToolName(procedureName: string): string {
  return procedureName.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
}
