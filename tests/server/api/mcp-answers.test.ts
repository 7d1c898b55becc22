import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import test from 'ava';
import type { JSONRPCRequest } from '@modelcontextprotocol/sdk/types.js';
import { plainToolCall, ToolAnswers } from '../../../server/api/mcp-answers.js';
import type { CachedResponse } from '../../../server/api/rest.js';
import { usingServer } from '../../helpers/with-server.js';
import { VALID_FIXTURE, copyContent } from '../../helpers/fixtures.js';
import { call, withClient } from '../../helpers/mcp.js';

/** A stand-in for a cached response: `ToolAnswers` keys by identity and reads nothing of it. */
const responseStub = (): CachedResponse => ({}) as CachedResponse;

const request = (params: Record<string, unknown>, extra: Record<string, unknown> = {}): JSONRPCRequest => ({
  jsonrpc: '2.0',
  id: 7,
  method: 'tools/call',
  params,
  ...extra,
});

test('an answer from a kept result is the server answer, byte for byte, under the new id', (t) => {
  const answers = new ToolAnswers();
  const response = responseStub();
  const result = {
    content: [{ type: 'text', text: '{"data":{"quote":"\\"x\\" é \\u2028"}}' }],
    structuredContent: { data: { quote: '"x" é \u2028' } },
  };
  t.is(answers.answer(response, 1), undefined, 'nothing before the server has answered');
  answers.remember(response, { jsonrpc: '2.0', id: 1, result });
  for (const id of [2, 'call-3', 0, '"quoted"']) {
    const expected = JSON.stringify({ result, jsonrpc: '2.0', id });
    t.is(answers.answer(response, id)?.toString('utf8'), expected);
  }
  t.is(answers.answer(responseStub(), 2), undefined, 'another response has no kept result');
});

test('a tool error or a JSON-RPC error is never kept', (t) => {
  const answers = new ToolAnswers();
  const response = responseStub();
  answers.remember(response, {
    jsonrpc: '2.0',
    id: 1,
    result: { isError: true, content: [{ type: 'text', text: '{}' }] },
  });
  answers.remember(response, { jsonrpc: '2.0', id: 1, error: { code: -32602, message: 'no' } });
  t.is(answers.answer(response, 2), undefined);
});

test('only a call asking for a result alone is plain: no _meta, no task, nothing else', (t) => {
  t.deepEqual(plainToolCall(request({ name: 'list_resets', arguments: { limit: 2 } })), {
    name: 'list_resets',
    args: { limit: 2 },
  });
  t.deepEqual(plainToolCall(request({ name: 'get_reset_status' })), { name: 'get_reset_status', args: {} });
  t.is(plainToolCall(request({ name: 'get_reset_status', _meta: { progressToken: 1 } })), null);
  t.is(plainToolCall(request({ name: 'get_reset_status', task: { ttl: 1000 } })), null);
  t.is(plainToolCall(request({ name: 'get_reset_status' }, { extension: true })), null);
  t.is(plainToolCall({ jsonrpc: '2.0', id: 1, method: 'tools/list' }), null);
});

/** A raw call as a client other than the SDK's sends it; the answer's text. */
async function post(url: string, body: unknown): Promise<string> {
  const response = await fetch(`${url}/mcp`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' },
    body: JSON.stringify(body),
  });
  if (response.status !== 200) throw new Error(`status ${response.status}`);
  return response.text();
}

test('calls again answer as the first did, under their own ids, and follow a republish', async (t) => {
  const copy = await copyContent(VALID_FIXTURE);
  try {
    await usingServer({ content: copy.dir }, async (server) => {
      const resets = (id: number | string, args: Record<string, unknown>, params = {}) =>
        post(server.url, {
          jsonrpc: '2.0',
          id,
          method: 'tools/call',
          params: { name: 'list_resets', arguments: args, ...params },
        });
      const first = await resets(1, { limit: 2 });
      const parsed = JSON.parse(first) as { result: { isError?: boolean }; id: number };
      t.is(parsed.result.isError, undefined, first);
      for (const id of ['two', 3]) {
        t.is(await resets(id, { limit: 2 }), JSON.stringify({ ...parsed, id }));
      }
      // A progress token goes through the server; the same result comes back.
      t.is(
        await resets(4, { limit: 2 }, { _meta: { progressToken: 'p' } }),
        JSON.stringify({ ...parsed, id: 4 }),
      );
      // Other arguments, another response: another answer; a refused argument, the refusal.
      const other = JSON.parse(await resets(5, { limit: 1 })) as { result: unknown };
      t.notDeepEqual(other.result, parsed.result);
      const refused = JSON.parse(await resets(6, { limit: 0 })) as { result: { isError?: boolean } };
      t.true(refused.result.isError);
      t.true((JSON.parse(await resets(7, { limit: 0 })) as { result: { isError?: boolean } }).result.isError);

      const file = path.join(copy.dir, 'events', '2025-03-10-five-hour-reset.json');
      const event = JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>;
      await writeFile(file, JSON.stringify({ ...event, summary: `${String(event.summary)} Edited.` }));
      t.true(await server.reload());
      const after = await resets(8, { limit: 2 });
      t.not(after, JSON.stringify({ ...parsed, id: 8 }), 'a republish is answered with the new content');
      await withClient(server.url, async (client) => {
        t.deepEqual(
          await call(client, 'list_resets', { limit: 2 }),
          (JSON.parse(after) as { result: unknown }).result,
          "the SDK's client reads the same result",
        );
      });
    });
  } finally {
    await copy.dispose();
  }
});
