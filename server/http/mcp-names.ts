/**
 * Where the MCP endpoint lives and how its tools are named: shared by the endpoint
 * (server/api/mcp-endpoint.ts) and the pages that tell people how to use it.
 */
export const MCP_PATH = '/mcp';

/** A procedure's tool name: `getResetStatus` → `get_reset_status` (operationIds are the procedure names). */
export function mcpToolName(procedureName: string): string {
  return procedureName.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
}
