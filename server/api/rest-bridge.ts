import type { OpenApiRouter } from 'trpc-to-openapi';
import { createOpenApiNodeHttpHandler } from 'trpc-to-openapi';
import type { Context } from './context.js';
import { serializeResponse } from './published-records.js';

export interface ProcedureResult {
  readonly status: number;
  readonly body: string;
  /** What the procedure threw, when it failed. */
  readonly error: unknown;
}

type NodeHandler = (req: unknown, res: unknown) => Promise<void>;

/**
 * Runs a REST path through trpc-to-openapi and hands back its status and body instead of letting it
 * write the socket, so the middleware in front (ETag, conditional GET, CORS, problems, the response
 * cache) sees the real response. The handler is created once: its procedure table is not rebuilt per
 * request, and in development it does not regenerate the whole OpenAPI document per request either.
 */
export function createRestBridge(router: OpenApiRouter) {
  const contexts = new WeakMap<object, Context>();
  const errors = new WeakMap<object, unknown>();
  const handler = createOpenApiNodeHttpHandler({
    router,
    createContext: ({ req }: { req: object }) => contexts.get(req),
    onError: ({ error, req }: { error: unknown; req: object }) => {
      errors.set(req, error);
    },
    // Event records are validated and serialized once per revision, then put into pages as text.
    responseSerializer: serializeResponse,
  }) as unknown as NodeHandler;

  /** Calls the procedure mounted at `path` (relative to `/api`) with already-read query parameters. */
  return function call(
    path: string,
    query: Record<string, string>,
    context: Context,
  ): Promise<ProcedureResult> {
    // What trpc-to-openapi reads of a Node request, and no more: it reads `req.query` when present
    // instead of parsing the URL again, and (patched, patches/) makes an abort signal only if asked for one.
    const req = { method: 'GET', url: path, headers: {}, query };
    contexts.set(req, context);
    return new Promise((resolve, reject) => {
      const res = {
        statusCode: 200,
        setHeader: () => undefined,
        end: (body: string) => resolve({ status: res.statusCode, body, error: errors.get(req) }),
      };
      handler(req, res).catch(reject);
    });
  };
}

export type RestBridge = ReturnType<typeof createRestBridge>;
