import test from 'ava';
import type { OpenAPIObject, ParameterObject, SchemaObject } from 'openapi3-ts/oas31';
import { withServer } from '../../helpers/with-server.js';
import {
  CONTENT_LIMITS,
  CURSOR_MAX_LENGTH,
  DATE_LENGTH,
  DATE_TIME_MAX_LENGTH,
  PAGE_LIMIT,
  PLANS,
  PROBLEM_CODES,
  UTC_DATE_TIME_MAX_LENGTH,
  WINDOWS,
} from '../../../domain/schemas/index.js';
import { RATE_LIMIT_WINDOW_MAX_SECONDS } from '../../../server/http/rate-limit.js';
import { deref, fetchDocument, operations, responseOf } from '../../helpers/openapi-document.js';

/** The schema of a nullable (`anyOf: [schema, null]`) or plain property. */
function property(document: OpenAPIObject, schema: string, name: string): SchemaObject {
  const component = document.components?.schemas?.[schema] as SchemaObject;
  const value = deref<SchemaObject>(document, component.properties?.[name]);
  return (value.anyOf?.find((option) => (option as SchemaObject).type !== 'null') as SchemaObject) ?? value;
}

test('the content, page and date bounds are the limits they come from', withServer, async (t, server) => {
  const document = await fetchDocument(server.url);
  const maxLength = (schema: string, name: string) => property(document, schema, name).maxLength;
  const maxItems = (schema: string, name: string) => property(document, schema, name).maxItems;
  const L = CONTENT_LIMITS;
  const strings: [string, string, number][] = [
    ['ResetSummary', 'id', L.slug],
    ['ResetSummary', 'title', L.title],
    ['ResetSummary', 'summary', L.summary],
    ['ResetSummary', 'effective_note', L.note],
    ['ResetSummary', 'url', L.url],
    ['ResetSummary', 'announced_at', UTC_DATE_TIME_MAX_LENGTH],
    ['ResetSummary', 'announced_on', DATE_LENGTH],
    ['ResetSummary', 'utc_day', DATE_LENGTH],
    ['ResetSummary', 'first_published_at', UTC_DATE_TIME_MAX_LENGTH],
    ['Audience', 'statement', L.statement],
    ['Audience', 'exclusions', L.statement],
    ['SourceEntry', 'url', L.url],
    ['SourceEntry', 'handle', L.name],
    ['SourceEntry', 'display_name', L.name],
    ['SourceEntry', 'excerpt', L.excerpt],
    ['Correction', 'reason', L.reason],
    ['SourceAccount', 'id', L.slug],
    ['SourceAccount', 'handle', L.name],
    ['SourceAccount', 'relevance', L.accountText],
    ['SourceAccount', 'limitations', L.accountText],
    ['SourceAccount', 'profile_url', L.url],
    ['Meta', 'coverage_start', DATE_LENGTH],
    ['Meta', 'generated_at', UTC_DATE_TIME_MAX_LENGTH],
    ['Pagination', 'next_cursor', CURSOR_MAX_LENGTH],
  ];
  for (const [schema, name, bound] of strings) t.is(maxLength(schema, name), bound, `${schema}.${name}`);
  t.is(maxItems('ResetSummary', 'sources'), L.sourcesPerEvent);
  t.is(maxItems('ResetSummary', 'related_event_ids'), L.relatedEvents);
  t.is(maxItems('ResetSummary', 'windows'), WINDOWS.length);
  t.is(maxItems('SourceAccount', 'reset_evidence_urls'), L.evidenceUrls);
  t.is(maxItems('ResetsResponse', 'data'), PAGE_LIMIT.max);
  t.is(maxItems('SourcesResponse', 'data'), L.accounts);
  const audience = document.components?.schemas?.['Audience'] as SchemaObject;
  const plans = deref<SchemaObject>(document, audience.properties?.['plans']).anyOf?.find(
    (option) => (option as SchemaObject).type === 'array',
  ) as SchemaObject;
  t.is(plans.maxItems, PLANS.length);
  const status = property(document, 'StatusResponse', 'data');
  const ambiguous = deref<SchemaObject>(document, status.properties?.latest_ambiguous);
  t.is(
    (ambiguous.anyOf?.find((option) => (option as SchemaObject).type === 'array') as SchemaObject).maxItems,
    L.dateOnlyEventsPerDay + 1,
  );
  t.like(property(document, 'ResetSummary', 'revision'), { format: 'int32', minimum: 1 });
  t.deepEqual(property(document, 'Problem', 'code').enum, PROBLEM_CODES);
  const resets = document.paths?.['/v1/resets']?.get?.parameters ?? [];
  const from = deref<ParameterObject>(
    document,
    resets.find((p) => deref<ParameterObject>(document, p).name === 'from'),
  );
  const bounds = deref<SchemaObject>(document, from.schema).anyOf as SchemaObject[];
  t.deepEqual(
    bounds.map((option) => option.maxLength),
    [DATE_LENGTH, DATE_TIME_MAX_LENGTH],
  );
});

test(
  'every response declares CORS, Vary and rate-limit headers; header schemas are bounded',
  withServer,
  async (t, server) => {
    const document = await fetchDocument(server.url);
    for (const [path, operation] of operations(document)) {
      for (const status of Object.keys(operation.responses ?? {})) {
        const headers = Object.keys(responseOf(document, operation, status).headers ?? {});
        for (const name of ['Access-Control-Allow-Origin', 'Vary', 'RateLimit', 'RateLimit-Policy']) {
          t.true(headers.includes(name), `${path} ${status} ${name}`);
        }
      }
    }
    const headers = document.components?.headers ?? {};
    for (const [name, header] of Object.entries(headers)) {
      const schema = deref<SchemaObject>(document, deref(document, header).schema);
      if (schema.type === 'string') t.truthy(schema.maxLength, `${name} has a maxLength`);
    }
    t.like(deref<SchemaObject>(document, deref(document, headers['Access-Control-Allow-Origin']).schema), {
      enum: ['*'],
    });
    t.like(deref<SchemaObject>(document, deref(document, headers['RetryAfter']).schema), {
      type: 'integer',
      format: 'int32',
      minimum: 1,
      maximum: RATE_LIMIT_WINDOW_MAX_SECONDS,
    });
  },
);
