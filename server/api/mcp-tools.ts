import { z } from 'zod';
import type { AnyTRPCProcedure } from '@trpc/server';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import type { Logger } from 'pino';
import { PublishedRecord, ResetSummary } from '../../domain/schemas/index.js';
import { mcpToolName } from './mcp-names.js';
import type { AppRouter } from './procedures.js';
import type { RestOperation, RestResponder } from './rest.js';
import type { ProcedureMeta } from './trpc.js';

/** One MCP tool: a procedure's REST operation, described by the procedure's schemas and meta. */
export interface McpTool {
  readonly tool: Tool;
  readonly operation: RestOperation;
}

type JsonSchema = Record<string, unknown>;

/**
 * MCP wants an object at the root of a tool's schemas; Zod writes a schema registered under an id
 * as a `$ref` to its `$defs` entry, which is inlined here (the other `$defs` stay beside it).
 */
function objectAtRoot(schema: JsonSchema): JsonSchema {
  const { $ref, $defs, ...rest } = schema as { $ref?: string; $defs?: Record<string, JsonSchema> };
  const name = $ref?.startsWith('#/$defs/') ? $ref.slice('#/$defs/'.length) : undefined;
  if (name === undefined || !$defs?.[name]) return schema;
  return { ...rest, ...$defs[name], $defs };
}

/** ResetSummary and the schemas it names, as `$defs`: what a record in a procedure's output is. */
const RECORD_DEFS = (z.toJSONSchema(ResetSummary, { io: 'output' }) as { $defs: Record<string, JsonSchema> })
  .$defs;

/**
 * A procedure's output as JSON Schema. Its records are `PublishedRecord`s (validated by ResetSummary
 * when the content was loaded, domain/schemas/event.ts): each is written as a `$ref` to ResetSummary,
 * defined beside the rest, so a tool's schema reads as the contract's body.
 */
function outputSchemaOf(output: z.ZodType): JsonSchema {
  let recordsUsed = false;
  const schema = z.toJSONSchema(output, {
    io: 'output',
    override: ({ zodSchema, jsonSchema }) => {
      if (zodSchema !== PublishedRecord) return;
      for (const key of Object.keys(jsonSchema)) delete (jsonSchema as JsonSchema)[key];
      jsonSchema.$ref = '#/$defs/ResetSummary';
      recordsUsed = true;
    },
    unrepresentable: 'any',
  }) as JsonSchema & { $defs?: Record<string, JsonSchema> };
  if (recordsUsed) schema.$defs = { ...schema.$defs, ...RECORD_DEFS };
  return objectAtRoot(schema);
}

function inputSchemaOf(input: unknown): JsonSchema {
  let schema = input;
  if (schema instanceof z.ZodPrefault || schema instanceof z.ZodDefault) schema = schema.unwrap();
  // A procedure without input (`z.void()`) takes no arguments, as its REST operation takes no parameters.
  const object = schema instanceof z.ZodObject ? schema : z.object({});
  return objectAtRoot(z.toJSONSchema(object, { io: 'input' }));
}

/**
 * The MCP tools, one per procedure with a REST operation, in the router's order (as
 * server/api/rest-operations.ts reads them): the procedures' own Zod schemas and OpenAPI summary and
 * description. Every tool only reads published data.
 */
export function mcpTools(router: AppRouter, operations: readonly RestOperation[]): readonly McpTool[] {
  const procedures = Object.entries(router._def.procedures as Record<string, AnyTRPCProcedure>);
  return procedures.flatMap(([name, procedure]) => {
    const openapi = (procedure._def.meta as ProcedureMeta | undefined)?.openapi;
    const operation = operations.find((candidate) => candidate.procedurePath === openapi?.path);
    if (!openapi || !operation) return [];
    const output = (procedure._def as { output?: unknown }).output;
    if (!(output instanceof z.ZodType)) return [];
    const tool: Tool = {
      name: mcpToolName(name),
      title: openapi.summary,
      description: openapi.description,
      inputSchema: inputSchemaOf(procedure._def.inputs[0]) as Tool['inputSchema'],
      outputSchema: outputSchemaOf(output) as Tool['outputSchema'],
      annotations: {
        title: openapi.summary,
        readOnlyHint: true,
        destructiveHint: false,
        idempotentHint: true,
        openWorldHint: false,
      },
    };
    return [{ tool, operation }];
  });
}

/** What the MCP endpoint (./mcp-endpoint.ts) and its tool calls (./mcp-tool-call.ts) are made with. */
export interface McpEndpointOptions {
  readonly tools: readonly McpTool[];
  readonly responder: RestResponder;
  /** The public origin: the server's instructions and problem types name it. */
  readonly origin: string;
  readonly version: string;
  readonly logger: Logger;
}
