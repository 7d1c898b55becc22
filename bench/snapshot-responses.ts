/**
 * Writes every public response of one content set, at a fixed clock, to a JSON-lines file: status,
 * headers (less the per-request ones) and a SHA-256 of the body. Two builds are byte-identical for
 * users when their files are equal (`diff`). The URLs are found by crawling: the API pages through
 * their cursors, the site through its links, from every route of the table (tests/helpers/route-paths.ts),
 * plus a fixed list of refusals and queries.
 *
 *   tsx bench/snapshot-responses.ts <content-dir> <out.jsonl> [max-urls]
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { readCommandLine } from '../tools/command-line.js';

const BASE = 'https://tracker.test';
const NOW = Date.parse('2026-11-23T12:00:00Z');
const DROPPED = new Set(['date', 'x-request-id', 'connection', 'keep-alive']);

interface Answer {
  readonly status: number;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly body: Buffer;
}

function request(origin: string, method: string, url: string, headers: Record<string, string> = {}) {
  return new Promise<Answer>((resolve, reject) => {
    const req = http.request(new URL(url, origin), { method, agent: false, headers }, (res) => {
      // A live stream (found by the crawl in /docs) never ends: its headers are the answer.
      if (String(res.headers['content-type']).startsWith('text/event-stream')) {
        res.destroy();
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.alloc(0) });
        return;
      }
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', reject);
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

async function main() {
  const { positionals, refuse, positiveWhole } = readCommandLine({
    usage: 'tsx bench/snapshot-responses.ts <content-dir> <out.jsonl> [<max-urls>]',
    description:
      'Every public response of one content set at a fixed clock, as JSON lines: status, headers and a hash of the body.',
    arguments: [
      { name: '<content-dir>', required: true, description: 'the content folder (it holds events/)' },
      { name: '<out.jsonl>', required: true, description: 'the file to write' },
      { name: '<max-urls>', description: 'the most URLs to crawl (default 4000)' },
    ],
    options: {},
  });
  const [contentDir = '', out = '', maxArg = '4000'] = positionals;
  if (!existsSync(path.join(contentDir, 'events')))
    refuse(`<content-dir>: '${contentDir}' has no events/ folder`);
  const max = positiveWhole('<max-urls>', maxArg);
  // The service loads once the command line is good: `--help` and a refusal answer without it.
  const [
    { default: pino },
    { openContent },
    { validateSteps },
    { AUDIENCE_FILTERS, ORDERS, WINDOW_FILTERS },
    { createApp },
    { ContentState },
    { runInSlices },
    { readPaths },
  ] = await Promise.all([
    import('pino'),
    import('../server/content/read-content.js'),
    import('../domain/content/validate.js'),
    import('../domain/schemas/index.js'),
    import('../server/app.js'),
    import('../server/content/content-state.js'),
    import('../server/content/slices.js'),
    import('../tests/helpers/route-paths.js'),
  ]);
  const clock = () => NOW;
  const dir = path.resolve(contentDir);
  const content = new ContentState(
    async () => runInSlices(validateSteps(await openContent(dir))),
    BASE,
    clock,
  );
  await content.reload();
  const { app, routes } = createApp({
    config: {
      publicBaseUrl: BASE,
      rateLimit: { points: 0, windowSeconds: 60, redisUrl: null },
      trustProxyHops: 0,
    },
    content,
    logger: pino({ level: 'silent' }),
    limiter: null,
    clock,
    version: '1.0.0',
  });
  const handle = app.callback();
  const server = http.createServer({ requireHostHeader: false }, (req, res) => void handle(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  // Every route of the table (an event page by a made-up id: the crawl finds the real ones), then
  // refusals and queries.
  const queue: string[] = [
    ...readPaths(routes, { eventId: 'nope' }),
    '/nope',
    '/api/nope',
    '/problems/nope',
    '/api/v1/resets?limit=500',
    '/api/v1/resets?limit=0',
    '/api/v1/resets?cursor=abc',
    '/api/v1/resets?from=2024-06-01',
    '/api/v1/resets?from=2026-13-01',
    '/api/v1/resets?x=1',
    '/api/v1/resets?limit=5&limit=6',
    '/api/v1/status?audience=max&window=weekly',
    '/api/v1/status?audience=nope',
    '/api/v1/sources?x=1',
    '/api/trpc/getResetStatus',
    '/api/trpc/listSources',
    '/api/trpc/nope',
    '/api/trpc/listResets?input=x',
  ];
  for (const audience of AUDIENCE_FILTERS)
    for (const window of WINDOW_FILTERS) {
      queue.push(`/api/v1/status?audience=${audience}&window=${window}`);
      queue.push(`/?audience=${audience}&window=${window}`);
      for (const order of ORDERS)
        queue.push(`/api/v1/resets?limit=7&order=${order}&audience=${audience}&window=${window}`);
    }
  const seen = new Set<string>();
  const lines: string[] = [];
  const record = (method: string, url: string, extra: Record<string, string>, answer: Answer) => {
    const headers = Object.entries(answer.headers)
      .filter(([name]) => !DROPPED.has(name))
      .sort(([a], [b]) => (a < b ? -1 : 1));
    const sha = createHash('sha256').update(answer.body).digest('hex');
    lines.push(
      JSON.stringify({ method, url, extra, status: answer.status, headers, bytes: answer.body.length, sha }),
    );
  };
  while (queue.length > 0 && seen.size < max) {
    const url = queue.shift()!;
    if (seen.has(url)) continue;
    seen.add(url);
    const answer = await request(origin, 'GET', url);
    record('GET', url, {}, answer);
    const type = String(answer.headers['content-type'] ?? '');
    const text = answer.body.toString('utf8');
    if (type.startsWith('text/html')) {
      for (const match of text.matchAll(/(?:href|src)="(\/[^"#]*)"/g)) {
        const link = match[1]!.replaceAll('&amp;', '&');
        if (!seen.has(link)) queue.push(link);
      }
    }
    if (type.startsWith('application/json') && url.startsWith('/api/v1/resets') && answer.status === 200) {
      const cursor = (JSON.parse(text) as { pagination: { next_cursor: string | null } }).pagination
        .next_cursor;
      if (cursor) queue.push(`/api/v1/resets?limit=7&cursor=${cursor}`);
    }
    const etag = answer.headers.etag;
    if (typeof etag === 'string' && seen.size % 10 === 1) {
      record(
        'GET',
        url,
        { 'if-none-match': etag },
        await request(origin, 'GET', url, { 'if-none-match': etag }),
      );
      record('HEAD', url, {}, await request(origin, 'HEAD', url));
    }
  }
  for (const [method, url] of [
    ['POST', '/api/v1/status'],
    ['DELETE', '/'],
    ['OPTIONS', '/api/v1/status'],
    ['PUT', '/api/trpc/listSources'],
  ] as const)
    record(method, url, {}, await request(origin, method, url, { origin: 'https://example.org' }));
  await writeFile(out, `${lines.join('\n')}\n`);
  server.close();
  server.closeAllConnections();
  console.log(`${lines.length} responses → ${out}`);
}

await main();
