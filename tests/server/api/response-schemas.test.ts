import test from 'ava';
import type { ExecutionContext } from 'ava';
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { ValidateFunction } from 'ajv/dist/2020.js';
import ajvFormats from 'ajv-formats';
import type { OpenAPIObject } from 'openapi3-ts/oas31';
import type { z } from 'zod';
import { ResetsResponse, SourcesResponse, StatusResponse } from '../../../domain/schemas/index.js';
import { FILTER_COMBINATIONS, getJson, urlOf } from '../../helpers/api.js';
import { withServer } from '../../helpers/with-server.js';

type Validators = Record<'StatusResponse' | 'ResetsResponse' | 'SourcesResponse', ValidateFunction>;

/** Compiles the served document's response schemas; their `#/components/schemas/…` refs resolve in it. */
async function servedValidators(url: string): Promise<Validators> {
  const documentUrl = `${url}/api/openapi.json`;
  const { body: document } = await getJson<OpenAPIObject>(documentUrl);
  const ajv = new Ajv2020({ allErrors: true, strict: true });
  // A CommonJS module: under NodeNext its default import is `module.exports`, which carries `default`.
  ajvFormats.default(ajv);
  // The document's root is not a JSON Schema: register only its schemas, at the document's address.
  ajv.addKeyword('components');
  ajv.addSchema({ $id: documentUrl, components: { schemas: document.components?.schemas } });
  const compile = (name: keyof Validators) => {
    const validate = ajv.getSchema(`${documentUrl}#/components/schemas/${name}`);
    if (!validate) throw new Error(`the document has no schema ${name}`);
    return validate;
  };
  return {
    StatusResponse: compile('StatusResponse'),
    ResetsResponse: compile('ResetsResponse'),
    SourcesResponse: compile('SourcesResponse'),
  };
}

/** A 200 body must pass both the published description and the closed Zod schema the handler uses. */
async function assertValid(
  t: ExecutionContext,
  url: string,
  validate: ValidateFunction,
  schema: z.ZodType,
): Promise<unknown> {
  const { response, body } = await getJson(url);
  t.is(response.status, 200, url);
  t.true(validate(body), `${url}: ${JSON.stringify(validate.errors, null, 2)}`);
  const parsed = schema.safeParse(body);
  t.true(parsed.success, `${url}: ${parsed.error?.message}`);
  return body;
}

test(
  'status bodies match the document and the Zod schema for every filter combination',
  withServer,
  async (t, server) => {
    const validators = await servedValidators(server.url);
    for (const filters of FILTER_COMBINATIONS) {
      const body = (await assertValid(
        t,
        urlOf(server.url, '/api/v1/status', filters),
        validators.StatusResponse,
        StatusResponse,
      )) as StatusResponse;
      t.deepEqual(body.data.filters, filters);
    }
    await assertValid(t, `${server.url}/api/v1/status`, validators.StatusResponse, StatusResponse);
  },
);

test(
  'resets pages match the document and the Zod schema for every filter combination and order',
  withServer,
  async (t, server) => {
    const validators = await servedValidators(server.url);
    for (const filters of FILTER_COMBINATIONS) {
      for (const order of ['desc', 'asc']) {
        const first = (await assertValid(
          t,
          urlOf(server.url, '/api/v1/resets', { ...filters, order, limit: 3 }),
          validators.ResetsResponse,
          ResetsResponse,
        )) as ResetsResponse;
        const cursor = first.pagination.next_cursor;
        if (cursor === null) continue;
        await assertValid(
          t,
          urlOf(server.url, '/api/v1/resets', { cursor, limit: 3 }),
          validators.ResetsResponse,
          ResetsResponse,
        );
      }
    }
  },
);

test(
  'resets pages bounded by from and to match the document and the Zod schema',
  withServer,
  async (t, server) => {
    const validators = await servedValidators(server.url);
    const ranges: Record<string, string | number>[] = [
      { from: '2025-03-01', to: '2025-12-31' },
      { from: '2026-01-01T00:00:00Z', to: '2026-11-17T12:00:00+01:00' },
      { from: '2030-01-01' },
      { limit: 100 },
    ];
    for (const range of ranges) {
      await assertValid(
        t,
        urlOf(server.url, '/api/v1/resets', range),
        validators.ResetsResponse,
        ResetsResponse,
      );
    }
  },
);

test('the sources body matches the document and the Zod schema', withServer, async (t, server) => {
  const validators = await servedValidators(server.url);
  const body = (await assertValid(
    t,
    `${server.url}/api/v1/sources`,
    validators.SourcesResponse,
    SourcesResponse,
  )) as SourcesResponse;
  t.true(body.data.length > 0);
});

test(
  'the document validator refuses a body with a field the schema does not list',
  withServer,
  async (t, server) => {
    const validators = await servedValidators(server.url);
    const { body } = await getJson<StatusResponse>(`${server.url}/api/v1/status`);
    t.true(validators.StatusResponse(body));
    t.false(validators.StatusResponse({ ...body, data: { ...body.data, extra: 1 } }));
    t.false(validators.StatusResponse({ ...body, meta: { ...body.meta, api_version: 'v2' } }));
  },
);
