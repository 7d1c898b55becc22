// First: the modules below must load in development mode.
import '../../helpers/development-mode.js';
import { Writable } from 'node:stream';
import test from 'ava';
import pino from 'pino';
import type { Catalog } from '../../../domain/catalog.js';
import { loadContent } from '../../../server/content/read-content.js';
import { createApp } from '../../../server/app.js';
import type { DirectoryContent } from '../../../domain/content/validate.js';
import type { ContentSnapshot } from '../../../server/content/content-state.js';
import { ContentState } from '../../../server/content/content-state.js';
import { assertProblem } from '../../helpers/api.js';
import type { ListeningApp } from '../../helpers/with-server.js';
import { DEMO_CONTENT, listen, TEST_BASE_URL } from '../../helpers/with-server.js';

/** Content whose catalog is not what it claims: every procedure reading it throws a TypeError. */
class BrokenContent extends ContentState {
  constructor() {
    super(() => loadContent(DEMO_CONTENT), TEST_BASE_URL);
  }

  override get snapshot(): ContentSnapshot {
    const catalog = { revision: 'broken', views: null, sources: null } as unknown as Catalog;
    const directory = { revision: 'broken', collection: null, sources: null } as unknown as DirectoryContent;
    return { state: 'loaded', catalog, directory };
  }
}

const SECRET = /TypeError|Cannot read|views|null|at .*\.ts|node_modules|\/work\//;

/** A server whose procedures fail unexpectedly, and the lines its logger wrote. */
async function brokenServer(): Promise<{ app: ListeningApp; logLines: string[] }> {
  const logLines: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logLines.push(chunk.toString());
      done();
    },
  });
  const app = createApp({
    config: {
      publicBaseUrl: TEST_BASE_URL,
      rateLimit: { points: 0, windowSeconds: 60, redisUrl: null },
      trustProxyHops: 0,
    },
    content: new BrokenContent(),
    logger: pino({ level: 'error' }, sink),
    limiter: null,
  });
  return { app: await listen(app), logLines };
}

test('the server runs in development mode here, where stacks would be shown if anything let them', (t) => {
  t.is(process.env.NODE_ENV, 'development');
});

test('an unexpected failure is a bare 500 internal_error problem with nothing internal in it', async (t) => {
  const { app, logLines } = await brokenServer();
  try {
    for (const path of ['/api/v1/status', '/api/v1/resets?limit=5', '/api/v1/sources']) {
      const response = await fetch(`${app.url}${path}`);
      t.is(response.headers.get('cache-control'), 'no-store', path);
      t.is(response.headers.get('etag'), null, path);
      const problem = await assertProblem(t, response.clone(), { status: 500, code: 'internal_error' });
      t.notRegex(problem.detail, SECRET, path);
      t.notRegex(problem.title, SECRET, path);
      t.notRegex(await response.text(), /stack|TypeError/, path);
    }
    const logged = logLines.join('\n');
    t.regex(logged, /Cannot read properties of null/, 'the failure itself goes to the log');
    t.regex(logged, /"reqId":"[^"]+"/, 'with the request id that ties it to the response');
  } finally {
    await app.close();
  }
});

test('over tRPC an unexpected failure carries no stack or message, only the internal_error problem', async (t) => {
  const { app } = await brokenServer();
  try {
    const input = encodeURIComponent('{}');
    for (const path of [`getResetStatus?input=${input}`, `listResets?input=${input}`, 'listSources']) {
      const response = await fetch(`${app.url}/api/trpc/${path}`);
      t.is(response.status, 500, path);
      const text = await response.text();
      t.notRegex(text, SECRET, path);
      t.notRegex(text, /"stack"/, path);
      const body = JSON.parse(text) as { error: { data: { problem: { code: string; type: string } } } };
      t.is(body.error.data.problem.code, 'internal_error', path);
      t.is(body.error.data.problem.type, `${TEST_BASE_URL}/problems/internal_error`, path);
    }
  } finally {
    await app.close();
  }
});
