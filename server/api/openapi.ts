import { generateOpenApiDocument } from 'trpc-to-openapi';
import type { HeaderObject, OpenAPIObject, ResponseObject } from 'openapi3-ts/oas31';
import {
  BASE_URL_MAX_LENGTH,
  CURSOR_MAX_LENGTH,
  INT32_MAX,
  Problem,
  REQUEST_HEAD_MAX_BYTES,
  ResetSummary,
} from '../../domain/schemas/index.js';
import type { AppRouter } from './procedures.js';
import type { RestOperation } from './rest.js';
import { restOperations } from './rest.js';
import { CONTENT_UNAVAILABLE_RETRY_SECONDS, PUBLIC_CACHE_CONTROL } from '../http/cache-control.js';
import { ETAG_HASH_LENGTH } from '../http/etag.js';
import { RATE_LIMIT_WINDOW_MAX_SECONDS } from '../http/rate-limit.js';
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

/** A header whose value is one of a few fixed strings. */
const fixedHeader = (description: string, values: readonly string[]): HeaderObject => ({
  description,
  schema: {
    type: 'string',
    enum: [...values],
    maxLength: Math.max(...values.map((value) => value.length)),
    examples: [values[0]],
  },
});

/** A header whose value follows `pattern`, at most `maxLength` characters. */
const patternHeader = (
  description: string,
  pattern: string,
  maxLength: number,
  example: string,
): HeaderObject => ({
  description,
  schema: { type: 'string', pattern, maxLength, examples: [example] },
});

const digits = (value: number) => String(value).length;
/** `"default";q=<points>;w=<seconds>`: points are a 32-bit integer, the window at most a day. */
const RATE_LIMIT_HEADER_MAX_LENGTH =
  '"default";q=;w='.length + digits(INT32_MAX) + digits(RATE_LIMIT_WINDOW_MAX_SECONDS);
/** `<{base}{path}?cursor=…&limit=…>; rel="next"`: the base URL, the cursor and under 100 fixed characters. */
const LINK_MAX_LENGTH = BASE_URL_MAX_LENGTH + CURSOR_MAX_LENGTH + 100;
/** The identity tag, or the tag of a brotli or gzip body: the identity one with `-br` or `-gzip` added. */
const ENTITY_TAG = `W/"[A-Za-z0-9_-]{${ETAG_HASH_LENGTH}}(-br|-gzip)?"`;

/** Headers sent on every response of the API, whatever its status. */
const EVERY_RESPONSE = {
  'Access-Control-Allow-Origin': { $ref: '#/components/headers/Access-Control-Allow-Origin' },
  Vary: { $ref: '#/components/headers/Vary' },
};

/** Sent on every counted response (2xx, 304, and every problem) while rate limiting is on. */
const RATE_LIMITED = {
  'RateLimit-Policy': { $ref: '#/components/headers/RateLimitPolicy' },
  RateLimit: { $ref: '#/components/headers/RateLimit' },
};

const HEADERS: Record<string, HeaderObject> = {
  'Access-Control-Allow-Origin': fixedHeader(
    'Public data: every origin may read every response (docs/product-decisions.md §2).',
    ['*'],
  ),
  Vary: fixedHeader(
    'Bodies are sent in brotli or gzip when the request accepts them (`Content-Encoding`), identity otherwise.',
    ['Accept-Encoding'],
  ),
  ETag: patternHeader(
    'Entity tag of the representation; send it back in `If-None-Match`.',
    `^${ENTITY_TAG}$`,
    ETAG_HASH_LENGTH + 4 + '-gzip'.length,
    'W/"q0bPZ5uKJ8Zb7Jm0oJx2bXo5vJr"',
  ),
  CacheControl: fixedHeader('Short public caching.', [PUBLIC_CACHE_CONTROL]),
  RetryAfter: {
    description: `Seconds to wait before retrying: at most the rate-limit window after a 429, ${CONTENT_UNAVAILABLE_RETRY_SECONDS} after a 503.`,
    schema: {
      type: 'integer',
      format: 'int32',
      minimum: 1,
      maximum: Math.max(RATE_LIMIT_WINDOW_MAX_SECONDS, CONTENT_UNAVAILABLE_RETRY_SECONDS),
    },
  },
  RateLimitPolicy: patternHeader(
    'Rate-limit policy (IETF draft syntax): quota `q` per window `w` seconds. Sent while rate limiting is on.',
    '^"default";q=[0-9]+;w=[0-9]+$',
    RATE_LIMIT_HEADER_MAX_LENGTH,
    '"default";q=300;w=60',
  ),
  RateLimit: patternHeader(
    'Remaining requests `r` and seconds `t` until the window resets (IETF draft syntax). Sent while rate limiting is on.',
    '^"default";r=[0-9]+;t=[0-9]+$',
    RATE_LIMIT_HEADER_MAX_LENGTH,
    '"default";r=299;t=60',
  ),
  Link: patternHeader(
    'RFC 8288 link to the next page, with its cursor and the same `limit`; absent on the last page.',
    '^<[^>]+>; rel="next"$',
    LINK_MAX_LENGTH,
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
  const headers: NonNullable<ResponseObject['headers']> = { ...EVERY_RESPONSE, ...RATE_LIMITED };
  if (status === 429 || status === 503) headers['Retry-After'] = ref('headers', 'RetryAfter');
  if (status === 405) headers.Allow = fixedHeader('Methods the resource allows.', ['GET, HEAD, OPTIONS']);
  return {
    description: `${PROBLEM_TYPES[codes[0]!].title} (code ${codes.map((code) => `\`${code}\``).join(', ')}).`,
    headers,
    content: { 'application/problem+json': { schema: ref('schemas', 'Problem') } },
  };
}

export interface OpenApiOptions {
  readonly origin: string;
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
      "A free, read-only API publishing a curated record of publicly announced usage-limit resets (and related events) of Claude, Anthropic's AI assistant. Independent: not affiliated with Anthropic. No authentication. Please identify your client with a User-Agent and link back to the site when displaying the data.",
    baseUrl: `${options.origin}/api`,
    securitySchemes: {},
    docsUrl: `${options.origin}/docs`,
    // Records in the procedures' outputs are `$ref`s to ResetSummary (domain/schemas/event.ts).
    defs: { Problem, ResetSummary },
  });
  delete document.components?.securitySchemes;
  // The one server is the public service itself (OWASP API9: declare every server's audience).
  for (const server of document.servers ?? []) server['x-internal'] = false;
  document.info.contact = { name: 'Usage-Limit Reset Tracker', url: `${options.origin}/` };
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
        // RFC 9110 §13.1.2: `*` or a list of entity tags; no longer than a request's head.
        schema: {
          type: 'string',
          pattern: '^(\\*|(W/)?"[^"]*"(\\s*,\\s*(W/)?"[^"]*")*)$',
          maxLength: REQUEST_HEAD_MAX_BYTES,
        },
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
        ...EVERY_RESPONSE,
        ETag: ref('headers', 'ETag'),
        'Cache-Control': ref('headers', 'CacheControl'),
        ...RATE_LIMITED,
        ...(rest.paginated ? { Link: ref('headers', 'Link') } : {}),
      };
    }
    operation.parameters = [...(operation.parameters ?? []), ref('parameters', 'IfNoneMatch')];
    operation.responses = {
      '200': ok,
      '304': {
        description: 'Not modified: the entity tag in `If-None-Match` is current. No body.',
        headers: {
          ...EVERY_RESPONSE,
          ETag: ref('headers', 'ETag'),
          'Cache-Control': ref('headers', 'CacheControl'),
          ...RATE_LIMITED,
        },
      },
      ...Object.fromEntries(
        errorStatusesOf(rest).map((status) => [String(status), ref('responses', RESPONSE_NAMES[status]!)]),
      ),
    };
    delete operation.security;
  }
  addStatusStream(document, operations.get('getResetStatus'));
  return document;
}

/**
 * The live status stream (server/api/status-stream.ts), which trpc-to-openapi cannot describe: the
 * status operation's parameters, and events that each carry its body.
 */
function addStatusStream(document: OpenAPIObject, status: RestOperation | undefined): void {
  if (!status) return;
  const source = document.paths?.[status.procedurePath]?.get;
  const parameters = (source?.parameters ?? []).filter((parameter) => !('$ref' in parameter));
  document.paths = {
    ...document.paths,
    [`${status.procedurePath}/stream`]: {
      get: {
        operationId: 'streamResetStatus',
        summary: 'The status, live (server-sent events)',
        description:
          'A `text/event-stream` of `status` events, each carrying exactly the body of `GET /v1/status` for the same filters, with the content revision as its `id`: one at connect, then one after each republish. A `retry` field and a comment line about every 25 seconds keep it open. Reconnect with `Last-Event-ID` to skip a status you already have. Capped per client and per server: over a cap, 429 or 503 before the stream starts.',
        tags: ['resets'],
        parameters: [
          ...parameters,
          {
            name: 'Last-Event-ID',
            in: 'header',
            required: false,
            description:
              'The `id` of the last event received; when it is the current revision, no event is sent until the next republish.',
            schema: { type: 'string', maxLength: 256, pattern: '^[\\x20-\\x7E]*$' },
          },
        ],
        responses: {
          '200': {
            description: 'The stream. Never cached, never compressed.',
            headers: { ...EVERY_RESPONSE, ...RATE_LIMITED },
            content: {
              'text/event-stream': {
                schema: {
                  type: 'string',
                  description:
                    'Server-sent events: `retry: <ms>`, then `id: <content_revision>`, `event: status`, `data: <the /v1/status body>` per status, and `: heartbeat` comments.',
                },
              },
            },
          },
          ...Object.fromEntries(
            errorStatusesOf(status).map((code) => [String(code), ref('responses', RESPONSE_NAMES[code]!)]),
          ),
        },
      },
    },
  };
}
