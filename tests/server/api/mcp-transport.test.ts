import test from 'ava';
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import { withServer } from '../../helpers/with-server.js';
import { assertProblem, mediaType } from '../../helpers/api.js';
import { BASE_URL } from '../../helpers/fixtures.js';
import { call, withClient } from '../../helpers/mcp.js';
import { sendRaw } from '../../helpers/raw-http.js';

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

test(
  'an answer on /mcp has no ETag: it names no representation; the same data by GET has one',
  withServer,
  async (t, server) => {
    const call = JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: { name: 'get_reset_status', arguments: {} },
    });
    const response = await post(server.url, call);
    t.is(response.status, 200);
    t.true(((await response.json()) as { result?: unknown }).result !== undefined);
    t.is(response.headers.get('etag'), null);
    const read = await fetch(`${server.url}/api/v1/status`);
    t.is(read.status, 200);
    t.truthy(read.headers.get('etag'));
  },
);

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
  'requests of many clients at once, all with the same id, each get their own answer under that id',
  withServer,
  async (t, server) => {
    const limits = Array.from({ length: 24 }, (_, index) => (index % 6) + 1);
    const answers = await Promise.all(
      limits.map((limit) =>
        post(
          server.url,
          JSON.stringify({
            jsonrpc: '2.0',
            id: 1,
            method: 'tools/call',
            params: { name: 'list_resets', arguments: { limit } },
          }),
        ).then(
          (response) =>
            response.json() as Promise<{ id: unknown; result: { structuredContent: { data: unknown[] } } }>,
        ),
      ),
    );
    for (const [index, answer] of answers.entries()) {
      t.is(answer.id, 1);
      t.is(answer.result.structuredContent.data.length, limits[index]!, `limit ${limits[index]}`);
    }
  },
);

test(
  'a notification is accepted with 202 and no body; so is a cancellation, which cancels nothing',
  withServer,
  async (t, server) => {
    for (const method of ['notifications/initialized', 'notifications/cancelled']) {
      const response = await post(
        server.url,
        JSON.stringify({ jsonrpc: '2.0', method, params: { requestId: 1, reason: 'test' } }),
      );
      t.is(response.status, 202, method);
      t.is(await response.text(), '', method);
    }
    t.is((await post(server.url, TOOLS_LIST)).status, 200);
  },
);

test(
  'what is no JSON-RPC message, and a protocol version the server does not speak, are 400',
  withServer,
  async (t, server) => {
    const notJson = await post(server.url, '{"jsonrpc":');
    t.is(notJson.status, 400);
    t.like(await jsonRpcErrorOf(notJson), {
      code: ErrorCode.ParseError,
      message: 'Parse error: Invalid JSON',
    });
    const notRpc = await post(server.url, JSON.stringify({ jsonrpc: '2.0', hello: 'there' }));
    t.is(notRpc.status, 400);
    t.is((await jsonRpcErrorOf(notRpc)).code, ErrorCode.ParseError);
    const unknownVersion = await post(server.url, TOOLS_LIST, { 'MCP-Protocol-Version': '1999-01-01' });
    t.is(unknownVersion.status, 400);
    t.regex(
      (await jsonRpcErrorOf(unknownVersion)).message,
      /^Bad Request: Unsupported protocol version: 1999-01-01/,
    );
    // An initialize names its version in its params; the server answers with one it speaks.
    const initialize = await post(
      server.url,
      JSON.stringify({
        jsonrpc: '2.0',
        id: 9,
        method: 'initialize',
        params: {
          protocolVersion: '1999-01-01',
          capabilities: {},
          clientInfo: { name: 'raw', version: '1' },
        },
      }),
      { 'MCP-Protocol-Version': '1999-01-01' },
    );
    t.is(initialize.status, 200);
    const result = ((await initialize.json()) as { result: { protocolVersion: string } }).result;
    t.not(result.protocolVersion, '1999-01-01');
  },
);

test('every answer of /mcp is JSON, whatever the request accepts or sends', withServer, async (t, server) => {
  const host = new URL(server.url).host;
  const post = (headers: string, body: string) =>
    `POST /mcp HTTP/1.1\r\nHost: ${host}\r\n${headers}Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;
  const cases: [string, string, number][] = [
    ['no Accept, a wrong type', post('Content-Type: text/plain\r\n', TOOLS_LIST), 415],
    ['no Accept, no type', post('', TOOLS_LIST), 415],
    ['no Accept, a 70 KB body', post('Content-Type: application/json\r\n', ' '.repeat(70 * 1024)), 413],
    ['Accept: text/html', post('Accept: text/html\r\nContent-Type: text/plain\r\n', TOOLS_LIST), 415],
    ['GET, no Accept', `GET /mcp HTTP/1.1\r\nHost: ${host}\r\n\r\n`, 405],
    ['GET, Accept: */*', `GET /mcp HTTP/1.1\r\nHost: ${host}\r\nAccept: */*\r\n\r\n`, 405],
  ];
  for (const [name, request, status] of cases) {
    const response = await sendRaw(server.url, request);
    t.is(response.status, status, name);
    t.regex(response.headers['content-type'] ?? '', /^application\/(problem\+)?json\b/, name);
    t.notThrows(() => JSON.parse(response.body) as unknown, name);
  }
});
