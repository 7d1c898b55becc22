import { callTRPCProcedure, TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import type { OpenApiMeta } from 'trpc-to-openapi';
import { coerceSchema } from 'trpc-to-openapi';
import { z } from 'zod';
import type { Context } from '../context.js';
import type { AppRouter } from '../router.js';

export interface ProcedureResult {
  readonly status: number;
  readonly body: string;
  /** What the procedure threw, when it failed. */
  readonly error: unknown;
}

interface Mounted {
  readonly name: string;
  /** `.input(z.void())`: the procedure is called without input. */
  readonly takesInput: boolean;
}

/**
 * Calls the tRPC procedure mounted at a REST path (its `meta.openapi.path`, the one the OpenAPI
 * document names) and hands back its status and JSON body, so Koa middleware (ETag, conditional GET,
 * CORS, problems) sees the real response. The procedure runs whole: middleware, input parsing and
 * output validation against its Zod schemas. trpc-to-openapi's HTTP handler is not run per request:
 * it rebuilt the URL, a fetch `Request` and the query coercion on every call, about half the cost of a
 * miss (BENCHMARKS.md); the path table and the coercion are set up once here instead.
 */
export function createRestBridge(router: AppRouter) {
  const mounted = new Map<string, Mounted>();
  for (const [name, procedure] of Object.entries(router._def.procedures)) {
    const path = (procedure._def.meta as OpenApiMeta | undefined)?.openapi?.path;
    if (!path) continue;
    const { inputs } = procedure._def;
    // Query strings carry text: numbers in the input are coerced, as trpc-to-openapi does.
    for (const input of inputs) if (input instanceof z.ZodObject) coerceSchema(input);
    mounted.set(path, { name, takesInput: !inputs.every((input) => input instanceof z.ZodVoid) });
  }

  /** Calls the procedure mounted at `path` (relative to `/api`) with already-read query parameters. */
  return async function call(
    path: string,
    query: Record<string, string>,
    context: Context,
  ): Promise<ProcedureResult> {
    const procedure = mounted.get(path);
    try {
      if (!procedure) throw new TRPCError({ code: 'NOT_FOUND', message: `No procedure at ${path}.` });
      const input = procedure.takesInput ? query : undefined;
      const data: unknown = await callTRPCProcedure({
        router,
        path: procedure.name,
        getRawInput: () => Promise.resolve(input),
        ctx: context,
        type: 'query',
        signal: undefined,
        batchIndex: 0,
      });
      return { status: 200, body: JSON.stringify(data), error: undefined };
    } catch (error) {
      const status = error instanceof TRPCError ? getHTTPStatusCodeFromError(error) : 500;
      return { status, body: '', error };
    }
  };
}

export type RestBridge = ReturnType<typeof createRestBridge>;
