/**
 * Where the MCP endpoint lives and how its tools are named. The pages that tell people how to use it
 * get the path and the tools' names from the app (SiteOptions.mcp), not from here.
 */
export const MCP_PATH = '/mcp';

/** A procedure's tool name: `getResetStatus` → `get_reset_status` (operationIds are the procedure names). */
export function mcpToolName(procedureName: string): string {
  return procedureName.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
}
