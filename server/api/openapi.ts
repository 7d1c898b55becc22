import { generateOpenApiDocument } from 'trpc-to-openapi';
import type { HeaderObject, OpenAPIObject, ResponseObject } from 'openapi3-ts/oas31';
import { Problem } from '../../domain/schemas/index.js';
import type { AppRouter } from './procedures.js';
import type { RestOperation } from './rest-operations.js';
import { restOperations } from './rest-operations.js';
import { PUBLIC_CACHE_CONTROL } from '../http/cache-control.js';
import { PROBLEM_TYPES } from '../http/problem-types.js';
import type { ProblemCode } from '../http/problem-types.js';

/**
 * The error statuses of an operation follow from its procedure: 400 when it reads parameters (an
 * operation without any ignores a query string, docs/api-contract.md §4.3); 405, 429 and 500 on every
 * path; 503 while the content it serves is unavailable.
 */
function errorStatusesOf(operation: RestOperation): readonly number[] {
  return [...(operation.params ? [400] : []), 405, 429, 500, 503];
}

const RESPONSE_NAMES: Record<number, string> = {
  400: 'BadRequest',
  405: 'MethodNotAllowed',
  429: 'TooManyRequests',
  500: 'InternalError',
  503: 'ContentUnavailable',
};

const header = (description: string, example?: string): HeaderObject => ({
  description,
  schema: { type: 'string', ...(example ? { examples: [example] } : {}) },
});

const HEADERS: Record<string, HeaderObject> = {
  ETag: header(
    'Entity tag of the representation; send it back in `If-None-Match`.',
    'W/"q0bPZ5uKJ8Zb7Jm0oJx2bXo5vJrGfYk3"',
  ),
  CacheControl: header('Short public caching.', PUBLIC_CACHE_CONTROL),
  RetryAfter: { description: 'Seconds to wait before retrying.', schema: { type: 'integer', minimum: 1 } },
  RateLimitPolicy: header(
    'Rate-limit policy (IETF draft syntax): quota `q` per window `w` seconds.',
    '"default";q=300;w=60',
  ),
  RateLimit: header(
    'Remaining requests `r` and seconds `t` until the window resets (IETF draft syntax).',
    '"default";r=299;t=60',
  ),
  Link: header(
    'RFC 8288 link to the next page, with its cursor and the same `limit`; absent on the last page.',
    '<https://tracker.example/api/v1/resets?cursor=eyJ2IjoxfQ&limit=20>; rel="next"',
  ),
};

const ref = (kind: 'headers' | 'responses' | 'schemas' | 'parameters', name: string) => ({
  $ref: `#/components/${kind}/${name}`,
});

function codesFor(status: number): ProblemCode[] {
  return (Object.keys(PROBLEM_TYPES) as ProblemCode[]).filter(
    (code) => PROBLEM_TYPES[code].status === status,
  );
}

function problemResponse(status: number): ResponseObject {
  const codes = codesFor(status);
  const headers: NonNullable<ResponseObject['headers']> =
    status === 429 || status === 503 ? { 'Retry-After': ref('headers', 'RetryAfter') } : {};
  if (status === 405) headers.Allow = header('Methods the resource allows.', 'GET, HEAD, OPTIONS');
  return {
    description: `${PROBLEM_TYPES[codes[0]!].title} (code ${codes.map((code) => `\`${code}\``).join(', ')}).`,
    headers,
    content: { 'application/problem+json': { schema: ref('schemas', 'Problem') } },
  };
}

export interface OpenApiOptions {
  readonly baseUrl: string;
  readonly version: string;
}

/**
 * The OpenAPI 3.1 document: generated from the router's Zod schemas, then completed with what the
 * generator cannot express (problem bodies, 304, caching and rate-limit headers, If-None-Match).
 */
export function buildOpenApiDocument(router: AppRouter, options: OpenApiOptions): OpenAPIObject {
  const document = generateOpenApiDocument(router, {
    title: 'Usage-Limit Reset Tracker API',
    version: options.version,
    description:
      'A free, read-only API publishing a curated record of publicly announced usage-limit resets (and related events) of an AI assistant service. No authentication. Please identify your client with a User-Agent and link back to the site when displaying the data.',
    baseUrl: `${options.baseUrl}/api`,
    securitySchemes: {},
    docsUrl: `${options.baseUrl}/docs`,
    defs: { Problem },
  });
  delete document.components?.securitySchemes;
  document.info.contact = { name: 'Usage-Limit Reset Tracker', url: `${options.baseUrl}/` };
  document.tags = [
    { name: 'resets', description: 'The counted reset history, the latest reset and statistics.' },
    { name: 'sources', description: 'The public accounts the tracker watches.' },
  ];
  // Public API: an explicit empty requirement says no operation needs credentials.
  document.security = [];
  // trpc-to-openapi describes errors with tRPC's envelope (`error.*` schemas); the REST interface
  // answers problem+json instead, so those schemas go with the responses replaced below.
  const schemas = Object.fromEntries(
    Object.entries(document.components?.schemas ?? {}).filter(([name]) => !name.startsWith('error.')),
  );
  document.components = {
    ...document.components,
    schemas,
    headers: HEADERS,
    parameters: {
      IfNoneMatch: {
        name: 'If-None-Match',
        in: 'header',
        required: false,
        description: 'Entity tags from earlier responses; a match answers 304 Not Modified.',
        schema: { type: 'string' },
      },
    },
    responses: Object.fromEntries(
      Object.entries(RESPONSE_NAMES).map(([status, name]) => [name, problemResponse(Number(status))]),
    ),
  };
  const operations = new Map(restOperations(router).map((operation) => [operation.operationId, operation]));
  for (const pathItem of Object.values(document.paths ?? {})) {
    const operation = pathItem.get;
    const rest = operations.get(operation?.operationId ?? '');
    if (!operation || !rest) continue;
    const ok = operation.responses?.['200'] as { headers?: Record<string, unknown> } | undefined;
    if (ok) {
      ok.headers = {
        ETag: ref('headers', 'ETag'),
        'Cache-Control': ref('headers', 'CacheControl'),
        'RateLimit-Policy': ref('headers', 'RateLimitPolicy'),
        RateLimit: ref('headers', 'RateLimit'),
        ...(rest.paginated ? { Link: ref('headers', 'Link') } : {}),
      };
    }
    operation.parameters = [...(operation.parameters ?? []), ref('parameters', 'IfNoneMatch')];
    operation.responses = {
      '200': ok,
      '304': {
        description: 'Not modified: the entity tag in `If-None-Match` is current. No body.',
        headers: { ETag: ref('headers', 'ETag'), 'Cache-Control': ref('headers', 'CacheControl') },
      },
      ...Object.fromEntries(
        errorStatusesOf(rest).map((status) => [String(status), ref('responses', RESPONSE_NAMES[status]!)]),
      ),
    };
    delete operation.security;
  }
  return document;
}
