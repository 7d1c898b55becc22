// First: the modules below must load in development mode.
import '../../helpers/development-mode.js';
import test from 'ava';
import type { Catalog } from '../../../domain/catalog.js';
import type { DirectoryContent } from '../../../domain/content/validate.js';
import type { ContentSnapshot } from '../../../server/content/content-state.js';
import { ContentState } from '../../../server/content/content-state.js';
import { assertProblem } from '../../helpers/api.js';
import { BASE_URL } from '../../helpers/fixtures.js';
import type { RunningServer } from '../../helpers/with-server.js';
import { usingServer } from '../../helpers/with-server.js';

/** Content whose catalog is not what it claims: every procedure reading it throws a TypeError. */
class BrokenContent extends ContentState {
  override get snapshot(): ContentSnapshot {
    const catalog = { revision: 'broken', views: null, sources: null } as unknown as Catalog;
    const directory = { revision: 'broken', collection: null, sources: null } as unknown as DirectoryContent;
    return { state: 'loaded', catalog, directory };
  }
}

const SECRET = /TypeError|Cannot read|views|null|at .*\.ts|node_modules|\/work\//;

/** Runs `fn` against a server whose procedures fail unexpectedly, with the lines its logger wrote. */
function usingBrokenServer(fn: (app: RunningServer, logLines: string[]) => Promise<void>): Promise<void> {
  const logLines: string[] = [];
  return usingServer(
    { contentState: (load, origin) => new BrokenContent(load, origin), log: logLines },
    (app) => fn(app, logLines),
  );
}

test('in development mode a refused tRPC input still carries only its problem, no stack', async (t) => {
  await usingServer({}, async (app) => {
    const input = encodeURIComponent(JSON.stringify({ limit: 0 }));
    const response = await fetch(`${app.url}/api/trpc/listResets?input=${input}`);
    t.is(response.status, 400);
    const text = await response.text();
    t.notRegex(text, /"stack"|at .*\.ts|node_modules/);
    const body = JSON.parse(text) as { error: { data: { problem: { code: string; parameter: string } } } };
    t.like(body.error.data.problem, { code: 'invalid_parameter', parameter: 'limit' });
  });
});

test('an unexpected failure is a bare 500 internal_error problem with nothing internal in it', async (t) => {
  await usingBrokenServer(async (app, logLines) => {
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
  });
});

test('over tRPC an unexpected failure carries no stack or message, only the internal_error problem', async (t) => {
  await usingBrokenServer(async (app) => {
    const input = encodeURIComponent('{}');
    for (const path of [`getResetStatus?input=${input}`, `listResets?input=${input}`, 'listSources']) {
      const response = await fetch(`${app.url}/api/trpc/${path}`);
      t.is(response.status, 500, path);
      const text = await response.text();
      t.notRegex(text, SECRET, path);
      t.notRegex(text, /"stack"/, path);
      const body = JSON.parse(text) as { error: { data: { problem: { code: string; type: string } } } };
      t.is(body.error.data.problem.code, 'internal_error', path);
      t.is(body.error.data.problem.type, `${BASE_URL}/problems/internal_error`, path);
    }
  });
});
