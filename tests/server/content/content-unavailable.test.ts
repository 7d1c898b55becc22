import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import test from 'ava';
import type { ExecutionContext } from 'ava';
import { SourcesResponse } from '../../../domain/schemas/index.js';
import { assertProblem, getJson } from '../../helpers/api.js';
import type { ServerOptions } from '../../helpers/with-server.js';
import { usingServer } from '../../helpers/with-server.js';
import { VALID_FIXTURE, copyContent } from '../../helpers/fixtures.js';

type Run = (t: ExecutionContext, url: string) => Promise<void>;

/** A server started cold on a copy of the fixture whose events are broken (sources and collection valid). */
const withBrokenEvents = test.macro(async (t, run: Run) => {
  const copy = await copyContent(VALID_FIXTURE);
  try {
    const event = path.join(copy.dir, 'events', '2025-03-10-five-hour-reset.json');
    await writeFile(event, JSON.stringify({ id: '2025-03-10-five-hour-reset', kind: 'usage_reset' }));
    await usingServer({ content: copy.dir }, (server) => run(t, server.url));
  } finally {
    await copy.dispose();
  }
});

/** A server started with a content folder that does not exist. */
const withoutContent = test.macro(async (t, run: Run) => {
  const copy = await copyContent(VALID_FIXTURE);
  try {
    const options: ServerOptions = { content: path.join(copy.dir, 'missing') };
    await usingServer(options, (server) => run(t, server.url));
  } finally {
    await copy.dispose();
  }
});

async function assertUnavailable(t: ExecutionContext, response: Response): Promise<void> {
  const retryAfter = Number(response.headers.get('retry-after'));
  t.true(Number.isInteger(retryAfter) && retryAfter >= 1, `Retry-After ${retryAfter}`);
  t.is(response.headers.get('etag'), null);
  t.is(response.headers.get('cache-control'), 'no-store');
  await assertProblem(t, response, { status: 503, code: 'content_unavailable' });
}

test(
  'with invalid events, status and resets answer 503 content_unavailable with Retry-After',
  withBrokenEvents,
  async (t, url) => {
    for (const p of ['/api/v1/status', '/api/v1/resets', '/api/v1/resets?limit=5&order=asc']) {
      await assertUnavailable(t, await fetch(`${url}${p}`));
    }
  },
);

test(
  'with invalid events, a bad query is still refused as a bad query first',
  withBrokenEvents,
  async (t, url) => {
    await assertProblem(t, await fetch(`${url}/api/v1/resets?nope=1`), {
      status: 400,
      code: 'unknown_parameter',
      parameter: 'nope',
    });
  },
);

test(
  'with invalid events, sources and the OpenAPI document still answer 200',
  withBrokenEvents,
  async (t, url) => {
    const { response, body } = await getJson(`${url}/api/v1/sources`);
    t.is(response.status, 200);
    t.truthy(response.headers.get('etag'));
    t.true(SourcesResponse.parse(body).data.length > 0);
    const document = await fetch(`${url}/api/openapi.json`);
    t.is(document.status, 200);
    t.is(((await document.json()) as { openapi: string }).openapi, '3.1.0');
  },
);

test(
  'with invalid events, /healthz is 503 and says content is not loaded',
  withBrokenEvents,
  async (t, url) => {
    const { response, body } = await getJson<Record<string, unknown>>(`${url}/healthz`);
    t.is(response.status, 503);
    t.like(body, { content_loaded: false, last_reload: { ok: false } });
  },
);

test('without a content folder, sources answer 503 as well', withoutContent, async (t, url) => {
  for (const p of ['/api/v1/status', '/api/v1/resets', '/api/v1/sources']) {
    await assertUnavailable(t, await fetch(`${url}${p}`));
  }
  t.is((await fetch(`${url}/api/openapi.json`)).status, 200);
  const { response, body } = await getJson<Record<string, unknown>>(`${url}/healthz`);
  t.is(response.status, 503);
  t.like(body, { content_loaded: false, content_revision: null });
});

test('the tRPC endpoint reports content_unavailable in the error data', withBrokenEvents, async (t, url) => {
  const response = await fetch(`${url}/api/trpc/getResetStatus?input=${encodeURIComponent('{}')}`);
  t.is(response.status, 503);
  const body = (await response.json()) as { error: { data: { code: string; problem: { code: string } } } };
  t.is(body.error.data.code, 'SERVICE_UNAVAILABLE');
  t.is(body.error.data.problem.code, 'content_unavailable');
});
