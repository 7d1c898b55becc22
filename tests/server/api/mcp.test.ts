import test from 'ava';
import type { ExecutionContext } from 'ava';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { withServer } from '../../helpers/with-server.js';
import { assertProblem, getJson, mediaType, urlOf } from '../../helpers/api.js';
import { BASE_URL } from '../../helpers/fixtures.js';
import { Problem } from '../../../domain/schemas/index.js';

/** A fixed instant, so that a status body is the same whichever face computes it. */
const NOW = Date.parse('2025-09-01T12:00:30Z');
const FIXED = { clock: () => NOW };

async function connect(url: string): Promise<Client> {
  const client = new Client({ name: 'mcp-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${url}/mcp`)));
  return client;
}

async function withClient<T>(url: string, run: (client: Client) => Promise<T>): Promise<T> {
  const client = await connect(url);
  try {
    return await run(client);
  } finally {
    await client.close();
  }
}

async function call(client: Client, name: string, args: Record<string, unknown>): Promise<CallToolResult> {
  return (await client.callTool({ name, arguments: args })) as CallToolResult;
}

/** The problem a tool error carries, as JSON text. */
function problemOf(t: ExecutionContext, result: CallToolResult): Problem {
  t.true(result.isError, JSON.stringify(result));
  const [first] = result.content;
  t.is(first?.type, 'text');
  return Problem.parse(JSON.parse(first?.type === 'text' ? first.text : 'null'));
}

/** A raw MCP request, as a client that is not the SDK's might send it. */
function post(url: string, body: string, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${url}/mcp`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      Accept: 'application/json, text/event-stream',
      ...headers,
    },
    body,
  });
}

const TOOLS_LIST = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' });

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

/** The JSON-RPC error a raw request is answered with. */
async function jsonRpcErrorOf(response: Response): Promise<{ code: number; message: string }> {
  const body = (await response.json()) as { error?: { code: number; message: string } };
  return body.error ?? { code: 0, message: JSON.stringify(body) };
}

test(
  'tools/call params of the wrong shape are -32602 invalid params, in one line',
  withServer,
  async (t, server) => {
    const cases: [unknown, RegExp][] = [
      [{ name: 'list_sources', arguments: [1] }, /^Invalid params: params\.arguments must be an object\b/],
      [
        { name: 'list_sources', arguments: 'limit=1' },
        /^Invalid params: params\.arguments must be an object\b/,
      ],
      [{ arguments: {} }, /^Invalid params: params\.name is required\b/],
      [{ name: 7 }, /^Invalid params: params\.name must be a string, not a number\b/],
      [[1], /^Invalid params: params must be an object, not an array\b/],
    ];
    for (const [params, message] of cases) {
      const response = await post(
        server.url,
        JSON.stringify({ jsonrpc: '2.0', id: 3, method: 'tools/call', params }),
      );
      t.is(response.status, 200);
      const error = await jsonRpcErrorOf(response);
      t.is(error.code, ErrorCode.InvalidParams, JSON.stringify(params));
      t.regex(error.message, message);
      t.notRegex(error.message, /\n|MCP error/);
    }
  },
);

test(
  'an unknown tool is invalid params, and the client reads its message once',
  withServer,
  async (t, server) => {
    const raw = await jsonRpcErrorOf(
      await post(
        server.url,
        JSON.stringify({ jsonrpc: '2.0', id: 4, method: 'tools/call', params: { name: 'list_nothing' } }),
      ),
    );
    t.is(raw.code, ErrorCode.InvalidParams);
    t.regex(raw.message, /^Unknown tool: list_nothing\b/);
    await withClient(server.url, async (client) => {
      const error = await t.throwsAsync(call(client, 'list_nothing', {}), { instanceOf: McpError });
      t.regex(error.message, /^MCP error -32602: Unknown tool: list_nothing\b/);
      t.is(error.message.match(/MCP error/g)?.length, 1, error.message);
    });
  },
);

test(
  'a POST that accepts JSON but no event stream is answered with JSON, as curl sends it',
  withServer,
  async (t, server) => {
    for (const accept of ['application/json', '*/*']) {
      const response = await post(server.url, TOOLS_LIST, { Accept: accept });
      t.is(response.status, 200, accept);
      t.is(mediaType(response), 'application/json', accept);
      const body = (await response.json()) as { result: { tools: unknown[] } };
      t.is(body.result.tools.length, 3, accept);
    }
    // A stream alone is what this server never sends.
    t.is((await post(server.url, TOOLS_LIST, { Accept: 'text/event-stream' })).status, 406);
  },
);

test(
  'a request from another site is refused; the own origin and none are not',
  withServer,
  async (t, server) => {
    await assertProblem(t, await post(server.url, TOOLS_LIST, { Origin: 'https://evil.example' }), {
      status: 403,
      code: 'forbidden',
    });
    t.is((await post(server.url, TOOLS_LIST, { Origin: BASE_URL })).status, 200);
    t.is((await post(server.url, TOOLS_LIST)).status, 200);
  },
);

test('GET and DELETE on /mcp are 405 with Allow: POST', withServer, async (t, server) => {
  for (const method of ['GET', 'DELETE']) {
    const response = await fetch(`${server.url}/mcp`, { method, headers: { Accept: 'text/event-stream' } });
    t.regex(response.headers.get('allow') ?? '', /^POST\b/);
    t.notRegex(response.headers.get('allow') ?? '', /GET|DELETE/);
    await assertProblem(t, response, { status: 405, code: 'method_not_allowed' });
  }
});

test(
  'an oversized body is 413, a body that is not JSON in UTF-8 415; the type in any case',
  withServer,
  async (t, server) => {
    const big = JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/list',
      params: { pad: 'x'.repeat(70_000) },
    });
    await assertProblem(t, await post(server.url, big), { status: 413, code: 'payload_too_large' });
    await assertProblem(t, await post(server.url, TOOLS_LIST, { 'Content-Type': 'text/plain' }), {
      status: 415,
      code: 'unsupported_media_type',
    });
    const utf16 = { 'Content-Type': 'application/json; charset=utf-16' };
    await assertProblem(t, await post(server.url, TOOLS_LIST, utf16), {
      status: 415,
      code: 'unsupported_media_type',
    });
    t.is(
      (await post(server.url, TOOLS_LIST, { 'Content-Type': 'Application/JSON; charset=UTF-8' })).status,
      200,
    );
  },
);

test('a batch is refused: each call is one request', withServer, async (t, server) => {
  const response = await post(server.url, `[${TOOLS_LIST}]`);
  t.is(response.status, 400);
});

test('/mcp sends no CORS headers, not even to a preflight', withServer, async (t, server) => {
  const response = await post(server.url, TOOLS_LIST);
  t.is(response.status, 200);
  t.is(response.headers.get('access-control-allow-origin'), null);
  const preflight = await fetch(`${server.url}/mcp`, {
    method: 'OPTIONS',
    headers: {
      Origin: 'https://app.example',
      'Access-Control-Request-Method': 'POST',
      'Access-Control-Request-Headers': 'content-type',
    },
  });
  t.is(preflight.headers.get('access-control-allow-origin'), null);
  t.is(preflight.headers.get('access-control-allow-methods'), null);
  // The API keeps its public CORS.
  t.is((await fetch(`${server.url}/api/v1/sources`)).headers.get('access-control-allow-origin'), '*');
});

test(
  'each tool call counts against the rate limit',
  withServer,
  { env: { RATE_LIMIT_POINTS: '3', RATE_LIMIT_WINDOW_SECONDS: '60' } },
  async (t, server) => {
    const callStatus = JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: { name: 'list_sources', arguments: {} },
    });
    const headers = { 'MCP-Protocol-Version': '2025-06-18' };
    for (let index = 0; index < 3; index += 1) {
      const response = await post(server.url, callStatus, headers);
      t.is(response.status, 200);
      t.regex(response.headers.get('ratelimit') ?? '', new RegExp(`r=${2 - index};`));
    }
    await assertProblem(t, await post(server.url, callStatus, headers), {
      status: 429,
      code: 'rate_limited',
    });
  },
);

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
