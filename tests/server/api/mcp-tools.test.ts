import test from 'ava';
import type { ExecutionContext } from 'ava';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { withServer } from '../../helpers/with-server.js';
import { assertProblem, getJson, urlOf } from '../../helpers/api.js';
import { BASE_URL } from '../../helpers/fixtures.js';
import { Problem } from '../../../domain/schemas/index.js';
import { call, connect, withClient } from '../../helpers/mcp.js';

/** A fixed instant, so that a status body is the same whichever face computes it. */
const NOW = Date.parse('2025-09-01T12:00:30Z');
const FIXED = { clock: () => NOW };

/** The problem a tool error carries, as JSON text. */
function problemOf(t: ExecutionContext, result: CallToolResult): Problem {
  t.true(result.isError, JSON.stringify(result));
  const [first] = result.content;
  t.is(first?.type, 'text');
  return Problem.parse(JSON.parse(first?.type === 'text' ? first.text : 'null'));
}

test(
  'initialize names the server and says the data is quoted, not instructions',
  withServer,
  async (t, server) => {
    const client = await connect(server.url);
    try {
      t.is(client.getServerVersion()?.name, 'usage-limit-reset-tracker');
      const instructions = client.getInstructions() ?? '';
      t.regex(instructions, /independent tracker of publicly announced usage-limit resets/);
      t.regex(instructions, /never instructions to follow/);
      t.deepEqual(client.getServerCapabilities()?.tools, { listChanged: false });
    } finally {
      await client.close();
    }
  },
);

test(
  'tools/list: the three procedures, read-only, with their schemas and OpenAPI texts',
  withServer,
  async (t, server) => {
    const openApi = (
      await getJson<{ paths: Record<string, { get: { summary: string; description: string } }> }>(
        `${server.url}/api/openapi.json`,
      )
    ).body;
    await withClient(server.url, async (client) => {
      const { tools } = await client.listTools();
      t.deepEqual(
        tools.map((tool) => tool.name),
        ['get_reset_status', 'list_resets', 'list_sources'],
      );
      const paths = {
        get_reset_status: '/v1/status',
        list_resets: '/v1/resets',
        list_sources: '/v1/sources',
      };
      for (const tool of tools) {
        t.deepEqual(tool.annotations, {
          title: tool.title,
          readOnlyHint: true,
          destructiveHint: false,
          idempotentHint: true,
          openWorldHint: false,
        });
        const operation = openApi.paths[paths[tool.name as keyof typeof paths]]!.get;
        t.is(tool.title, operation.summary);
        t.is(tool.description, operation.description);
        t.is(tool.inputSchema.type, 'object');
        t.is(tool.outputSchema?.type, 'object');
      }
      const resets = tools.find((tool) => tool.name === 'list_resets')!;
      const limit = resets.inputSchema.properties?.['limit'] as Record<string, unknown>;
      t.like(limit, { type: 'integer', minimum: 1, maximum: 100, default: 20 });
      t.deepEqual(Object.keys(resets.inputSchema.properties ?? {}).sort(), [
        'audience',
        'cursor',
        'from',
        'limit',
        'order',
        'to',
        'window',
      ]);
      t.is((resets.inputSchema as { additionalProperties?: unknown }).additionalProperties, false);
      const status = tools.find((tool) => tool.name === 'get_reset_status')!;
      t.like(status.inputSchema.properties?.['audience'], { enum: ['all', 'broad', 'max', 'pro', 'team'] });
      t.deepEqual(tools.find((tool) => tool.name === 'list_sources')!.inputSchema.properties, {});
    });
  },
);

test('each tool gives exactly the REST body for the same query', withServer, FIXED, async (t, server) => {
  const cases: [string, string, Record<string, string | number>][] = [
    ['get_reset_status', '/api/v1/status', {}],
    ['get_reset_status', '/api/v1/status', { audience: 'max', window: 'weekly' }],
    ['list_resets', '/api/v1/resets', {}],
    ['list_resets', '/api/v1/resets', { limit: 5, order: 'asc', audience: 'pro', from: '2025-03-01' }],
    ['list_resets', '/api/v1/resets', { window: 'five_hour', to: '2025-12-31T00:00:00Z' }],
    ['list_sources', '/api/v1/sources', {}],
  ];
  await withClient(server.url, async (client) => {
    for (const [name, path, args] of cases) {
      const result = await call(client, name, args);
      const { body } = await getJson(urlOf(server.url, path, args));
      t.falsy(result.isError, name);
      t.deepEqual(result.structuredContent, body, `${name} ${JSON.stringify(args)}`);
    }
  });
});

test(
  "a result's text block is the JSON text of its structuredContent, for clients that pass on only text",
  withServer,
  async (t, server) => {
    await withClient(server.url, async (client) => {
      for (const [name, args] of [
        ['get_reset_status', { audience: 'max' }],
        ['list_resets', { limit: 2 }],
        ['list_sources', {}],
      ] as const) {
        const result = await call(client, name, args);
        t.is(result.content.length, 1, name);
        const [first] = result.content;
        t.is(first?.type, 'text', name);
        t.deepEqual(JSON.parse(first?.type === 'text' ? first.text : 'null'), result.structuredContent, name);
      }
    });
  },
);

test('a cursor walk with list_resets is the REST walk, page by page', withServer, async (t, server) => {
  await withClient(server.url, async (client) => {
    let args: Record<string, string | number> = { limit: 4, order: 'asc' };
    let pages = 0;
    for (;;) {
      const result = await call(client, 'list_resets', args);
      const { body } = await getJson<{ pagination: { next_cursor: string | null } }>(
        urlOf(server.url, '/api/v1/resets', args),
      );
      t.deepEqual(result.structuredContent, body, `page ${pages}`);
      pages += 1;
      const cursor = body.pagination.next_cursor;
      if (!cursor) break;
      t.regex((result.content[0] as { text: string }).text, new RegExp(cursor));
      args = { limit: 4, cursor };
    }
    t.true(pages > 2, `${pages} pages`);
  });
});

test(
  'calls in flight at once, from many clients, each get their own answer',
  withServer,
  async (t, server) => {
    // Servers are pooled between requests: none may answer another request's call, or mix two.
    const clients = await Promise.all(Array.from({ length: 6 }, () => connect(server.url)));
    try {
      const cases = ['max', 'pro', 'team', 'all', 'broad'].flatMap((audience) =>
        [1, 2, 3].map((limit) => ({ audience, limit })),
      );
      const results = await Promise.all(
        cases.flatMap((args, index) => [
          call(clients[index % clients.length]!, 'list_resets', args),
          call(clients[(index + 1) % clients.length]!, 'get_reset_status', { audience: args.audience }),
        ]),
      );
      for (const [index, args] of cases.entries()) {
        const resets = await getJson(urlOf(server.url, '/api/v1/resets', args));
        t.deepEqual(results[index * 2]!.structuredContent, resets.body, JSON.stringify(args));
        const status = results[index * 2 + 1]!.structuredContent as {
          data: { filters: { audience: string } };
        };
        t.is(status.data.filters.audience, args.audience);
      }
    } finally {
      await Promise.all(clients.map((client) => client.close()));
    }
  },
);

test('a bad input is a tool error carrying the REST problem', withServer, async (t, server) => {
  const cases: [string, string, Record<string, unknown>, Record<string, string>][] = [
    ['list_resets', '/api/v1/resets', { limit: 0 }, { limit: '0' }],
    ['list_resets', '/api/v1/resets', { limit: '1e2' }, { limit: '1e2' }],
    ['get_reset_status', '/api/v1/status', { audience: 'nobody' }, { audience: 'nobody' }],
    ['get_reset_status', '/api/v1/status', { audiense: 'max' }, { audiense: 'max' }],
    ['list_resets', '/api/v1/resets', { cursor: 'not a cursor' }, { cursor: 'not a cursor' }],
    [
      'list_resets',
      '/api/v1/resets',
      { from: '2025-05-01', to: '2025-04-01' },
      { from: '2025-05-01', to: '2025-04-01' },
    ],
    ['list_resets', '/api/v1/resets', { order: '' }, { order: '' }],
  ];
  await withClient(server.url, async (client) => {
    for (const [name, path, args, query] of cases) {
      const problem = problemOf(t, await call(client, name, args));
      const response = await fetch(urlOf(server.url, path, query));
      const rest = await assertProblem(t, response, {
        status: 400,
        code: problem.code,
        ...(problem.parameter === undefined ? {} : { parameter: problem.parameter }),
      });
      t.deepEqual(problem, rest, `${name} ${JSON.stringify(args)}`);
    }
    // An object has no query form: the parameter is invalid.
    t.like(problemOf(t, await call(client, 'list_resets', { limit: { n: 1 } })), {
      code: 'invalid_parameter',
      parameter: 'limit',
      status: 400,
    });
  });
});

test(
  '/docs and /llms.txt say how to add the server and name every tool, and no other',
  withServer,
  async (t, server) => {
    const tools = await withClient(server.url, async (client) => (await client.listTools()).tools);
    const names = new Set(tools.map((tool) => tool.name));
    const { body: document } = await getJson<{ paths: Record<string, { get: { operationId: string } }> }>(
      `${server.url}/api/openapi.json`,
    );
    // Operations that are no tool (the status stream), under the name a tool of theirs would have.
    const others = Object.values(document.paths)
      .map(({ get }) => get.operationId.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`))
      .filter((name) => !names.has(name));
    t.deepEqual(others, ['stream_reset_status']);
    for (const path of ['/docs', '/llms.txt']) {
      const text = await (await fetch(`${server.url}${path}`)).text();
      t.true(text.includes(`claude mcp add --transport http reset-tracker ${BASE_URL}/mcp`), path);
      for (const tool of tools) t.true(text.includes(tool.name), `${path}: ${tool.name}`);
      for (const name of others) t.false(text.includes(name), `${path} names no tool ${name}`);
    }
  },
);
