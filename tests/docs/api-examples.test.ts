import { readFileSync } from 'node:fs';
import path from 'node:path';
import test from 'ava';
import { getJson } from '../helpers/api.js';
import { ROOT } from '../helpers/fixtures.js';
import { withServer } from '../helpers/with-server.js';

const DOC = readFileSync(path.join(ROOT, 'docs/api.md'), 'utf8');

/** The paths of docs/api.md's `curl -s 'localhost:3000/api/v1/resets?…'` lines. */
const resetsExamples = [...DOC.matchAll(/^curl -s 'localhost:3000(\/api\/v1\/resets\?[^']+)'/gm)].map(
  (match) => match[1]!,
);

test(
  "docs/api.md's next-page example, filled in, gives a page as long as the first",
  withServer,
  async (t, server) => {
    const first = resetsExamples.find((example) => !example.includes('cursor='));
    const next = resetsExamples.find((example) => example.includes('cursor=<'));
    if (!first || !next) return t.fail(`no first page and next page among ${JSON.stringify(resetsExamples)}`);
    const page = await getJson<{ data: unknown[]; pagination: { next_cursor: string } }>(
      `${server.url}${first}`,
    );
    const cursor = encodeURIComponent(page.body.pagination.next_cursor);
    const following = await getJson<{ data: unknown[] }>(`${server.url}${next.replace(/<[^>]*>/, cursor)}`);
    t.is(following.response.status, 200);
    t.is(following.body.data.length, page.body.data.length, next);
  },
);
