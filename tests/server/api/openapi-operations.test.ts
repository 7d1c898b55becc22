import test from 'ava';
import { Validator } from '@seriousme/openapi-schema-validator';
import type { OperationObject, ParameterObject, SchemaObject } from 'openapi3-ts/oas31';
import { withServer } from '../../helpers/with-server.js';
import { BASE_URL } from '../../helpers/fixtures.js';
import { deref, fetchDocument, operations, responseOf, STREAM_PATH } from '../../helpers/openapi-document.js';

const OPERATIONS = {
  '/v1/status': 'getResetStatus',
  '/v1/resets': 'listResets',
  '/v1/sources': 'listSources',
  '/v1/status/stream': 'streamResetStatus',
} as const;

/**
 * Error statuses per operation: docs/api-contract.md §7, plus 405 and 500 everywhere and 503 for a
 * missing directory.
 */
const ERROR_STATUSES: Record<string, readonly string[]> = {
  getResetStatus: ['400', '405', '429', '500', '503'],
  listResets: ['400', '405', '429', '500', '503'],
  listSources: ['405', '429', '500', '503'],
  streamResetStatus: ['400', '405', '429', '500', '503'],
};

test('the served document is valid OpenAPI 3.1', withServer, async (t, server) => {
  const document = await fetchDocument(server.url);
  t.regex(document.openapi, /^3\.1\./);
  const result = await new Validator().validate(document as unknown as Record<string, unknown>);
  t.true(result.valid, JSON.stringify(result.errors, null, 2));
});

test(
  'it describes exactly the three GET operations and the status stream by their operationIds',
  withServer,
  async (t, server) => {
    const document = await fetchDocument(server.url);
    t.deepEqual(document.servers, [{ url: `${BASE_URL}/api`, 'x-internal': false }]);
    t.deepEqual(Object.keys(document.paths ?? {}).sort(), Object.keys(OPERATIONS).sort());
    for (const [path, item] of Object.entries(document.paths ?? {})) {
      t.deepEqual(
        Object.keys(item).filter((key) => key !== 'parameters'),
        ['get'],
        path,
      );
      t.is(item.get?.operationId, OPERATIONS[path as keyof typeof OPERATIONS], path);
    }
  },
);

test('no operation requires credentials and there are no security schemes', withServer, async (t, server) => {
  const document = await fetchDocument(server.url);
  t.is(document.components?.securitySchemes, undefined);
  t.deepEqual(document.security ?? [], []);
  for (const [path, operation] of operations(document)) t.deepEqual(operation.security ?? [], [], path);
});

test('every JSON 200 documents ETag, Cache-Control and rate-limit headers', withServer, async (t, server) => {
  const document = await fetchDocument(server.url);
  for (const [path, operation] of operations(document).filter(([path]) => path !== STREAM_PATH)) {
    const ok = responseOf(document, operation, '200');
    t.truthy(ok.content?.['application/json']?.schema, path);
    t.deepEqual(
      Object.keys(ok.headers ?? {}).sort(),
      [
        'Access-Control-Allow-Origin',
        'Cache-Control',
        'ETag',
        ...(path === '/v1/resets' ? ['Link'] : []),
        'RateLimit',
        'RateLimit-Policy',
        'Vary',
      ],
      path,
    );
    const cacheControl = deref(document, ok.headers?.['Cache-Control']);
    t.deepEqual(deref<SchemaObject>(document, cacheControl?.schema).examples, [
      'public, max-age=60, stale-while-revalidate=300',
    ]);
  }
});

test(
  'every operation takes If-None-Match and documents 304 without a body',
  withServer,
  async (t, server) => {
    const document = await fetchDocument(server.url);
    for (const [path, operation] of operations(document).filter(([path]) => path !== STREAM_PATH)) {
      const headerParams = (operation.parameters ?? [])
        .map((parameter) => deref<ParameterObject>(document, parameter))
        .filter((parameter) => parameter.in === 'header');
      t.deepEqual(
        headerParams.map((parameter) => [parameter.name, parameter.required ?? false]),
        [['If-None-Match', false]],
        path,
      );
      const notModified = responseOf(document, operation, '304');
      t.is(notModified.content, undefined, path);
      t.deepEqual(
        Object.keys(notModified.headers ?? {}).sort(),
        ['Access-Control-Allow-Origin', 'Cache-Control', 'ETag', 'RateLimit', 'RateLimit-Policy', 'Vary'],
        path,
      );
    }
  },
);

test(
  'the status stream takes the status filters and Last-Event-ID and answers events',
  withServer,
  async (t, server) => {
    const document = await fetchDocument(server.url);
    const stream = document.paths?.[STREAM_PATH]?.get;
    const status = document.paths?.['/v1/status']?.get;
    if (!stream || !status) throw new Error('missing operations');
    const queryOf = (operation: OperationObject) =>
      (operation.parameters ?? [])
        .map((parameter) => deref<ParameterObject>(document, parameter))
        .filter((parameter) => parameter.in === 'query');
    t.deepEqual(queryOf(stream), queryOf(status));
    const headers = (stream.parameters ?? [])
      .map((parameter) => deref<ParameterObject>(document, parameter))
      .filter((parameter) => parameter.in === 'header');
    t.deepEqual(
      headers.map((parameter) => parameter.name),
      ['Last-Event-ID'],
    );
    const ok = responseOf(document, stream, '200');
    t.deepEqual(Object.keys(ok.content ?? {}), ['text/event-stream']);
    t.is(stream.responses?.['304'], undefined, 'a stream is never revalidated');
  },
);

test(
  'errors are problem+json with the statuses of docs/api-contract.md §7, 405 and 500',
  withServer,
  async (t, server) => {
    const document = await fetchDocument(server.url);
    for (const [path, operation] of operations(document)) {
      const errors = Object.keys(operation.responses ?? {}).filter((status) => Number(status) >= 400);
      t.deepEqual(errors, ERROR_STATUSES[operation.operationId!], path);
      for (const status of errors) {
        const response = responseOf(document, operation, status);
        t.deepEqual(Object.keys(response.content ?? {}), ['application/problem+json'], `${path} ${status}`);
        t.deepEqual(response.content?.['application/problem+json']?.schema, {
          $ref: '#/components/schemas/Problem',
        });
        const headers = Object.keys(response.headers ?? {});
        if (status === '429' || status === '503')
          t.true(headers.includes('Retry-After'), `${path} ${status}`);
        if (status === '405') t.true(headers.includes('Allow'), `${path} ${status}`);
      }
    }
  },
);

test(
  'the Problem schema has exactly the fields of docs/api-contract.md §7',
  withServer,
  async (t, server) => {
    const document = await fetchDocument(server.url);
    const problem = document.components?.schemas?.Problem as SchemaObject;
    t.deepEqual(Object.keys(problem.properties ?? {}).sort(), [
      'code',
      'detail',
      'parameter',
      'status',
      'title',
      'type',
    ]);
    t.deepEqual([...(problem.required ?? [])].sort(), ['code', 'detail', 'status', 'title', 'type']);
    t.false(problem.additionalProperties);
  },
);

test(
  'query parameters carry the names, values, defaults and limits of docs/api-contract.md §4',
  withServer,
  async (t, server) => {
    const document = await fetchDocument(server.url);
    const query = (path: string) =>
      Object.fromEntries(
        (document.paths?.[path]?.get?.parameters ?? [])
          .map((parameter) => deref<ParameterObject>(document, parameter))
          .filter((parameter) => parameter.in === 'query')
          .map((parameter) => [parameter.name, deref<SchemaObject>(document, parameter.schema)]),
      );
    const status = query('/v1/status');
    t.deepEqual(Object.keys(status), ['audience', 'window']);
    t.like(status.audience, { enum: ['all', 'broad', 'max', 'pro', 'team'], default: 'all' });
    t.like(status.window, { enum: ['any', 'five_hour', 'weekly'], default: 'any' });

    const resets = query('/v1/resets');
    t.deepEqual(Object.keys(resets), ['limit', 'cursor', 'from', 'to', 'order', 'audience', 'window']);
    t.like(resets.limit, { type: 'integer', minimum: 1, maximum: 100, default: 20 });
    t.like(resets.cursor, { type: 'string', maxLength: 1024, pattern: '^[A-Za-z0-9_-]+$' });
    t.like(resets.order, { enum: ['asc', 'desc'], default: 'desc' });
    t.like(resets.audience, { enum: ['all', 'broad', 'max', 'pro', 'team'], default: 'all' });
    t.like(resets.window, { enum: ['any', 'five_hour', 'weekly'], default: 'any' });
    for (const [name, schema] of Object.entries(resets)) t.truthy(schema.description, `${name} is described`);

    t.deepEqual(query('/v1/sources'), {});
  },
);

test(
  'the document names a contact, declares its tags and the next-page Link',
  withServer,
  async (t, server) => {
    const document = await fetchDocument(server.url);
    t.is(document.info.contact?.url, `${BASE_URL}/`);
    const declared = new Set((document.tags ?? []).map((tag) => tag.name));
    for (const [, operation] of operations(document)) {
      for (const tag of operation.tags ?? []) t.true(declared.has(tag), `tag ${tag} is declared`);
    }
    t.true((document.tags ?? []).every((tag) => Boolean(tag.description)));
    const resets = document.paths?.['/v1/resets']?.get;
    t.truthy(responseOf(document, resets!, '200').headers?.['Link']);
  },
);
