import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import test from 'ava';
import { usingServer } from '../../helpers/with-server.js';
import { VALID_FIXTURE, copyContent } from '../../helpers/fixtures.js';
import { call, withClient } from '../../helpers/mcp.js';

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
