import test from 'ava';
import { buildServer } from './helpers/build.js';
import { waitFor } from './helpers/http.js';
import { startLoad } from './helpers/load.js';
import { APP } from './helpers/pm2.js';
import { usingCluster } from '../helpers/with-server.js';

const PATHS = [
  '/api/v1/status',
  '/api/v1/resets?limit=5',
  '/api/v1/sources',
  '/api/openapi.json',
  '/healthz',
];

test('pm2 reload under steady keep-alive load drops no request', async (t) => {
  t.timeout(120_000);
  await buildServer();
  await usingCluster({ instances: 2 }, async (cluster) => {
    const before = (await cluster.workers()).map((worker) => worker.pid);
    // The load lasts until the reload is over, however long a loaded machine makes it.
    const load = startLoad({ url: cluster.url, paths: PATHS, connections: 8, durationMs: 90_000 });
    // The load is steady once every connection has brought a few requests.
    await waitFor('the load to be under way', () =>
      Promise.resolve(load.completed() >= 8 * 20 ? true : undefined),
    );
    const reloadStarted = Date.now();
    const completedBefore = load.completed();
    await cluster.pm2('reload', APP);
    const duringReload = load.completed() - completedBefore;
    const reloadMs = Date.now() - reloadStarted;
    // A few more requests on the new workers, then the load ends.
    const completedAfter = load.completed();
    await waitFor('requests on the new workers', () =>
      Promise.resolve(load.completed() >= completedAfter + 8 * 10 ? true : undefined),
    );
    load.stop();
    const result = await load.done;
    const after = (await cluster.workers()).map((worker) => worker.pid);

    t.log(
      `${result.requests} requests over ${result.connectionsOpened} connections (${result.reusedRequests} on a kept-alive one); ` +
        `${duringReload} during the ${reloadMs} ms reload; ${result.closedByServer} answered with Connection: close, ` +
        `${result.closedWhileIdle} closed while idle`,
    );
    t.deepEqual(result.errors, {}, 'no request failed (no reset, no hang-up, no timeout)');
    t.deepEqual(Object.keys(result.statuses), ['200'], 'every response is a 200');
    t.true(duringReload > 0, 'requests were served while the workers were replaced');
    t.true(result.reusedRequests > result.requests / 2, 'the load kept its connections alive');
    // A draining worker closes each kept-alive connection after its next response or, when none
    // comes before the drain, while it sits idle: which one depends on timing, not on the server.
    t.true(
      result.closedByServer + result.closedWhileIdle > 0,
      'draining workers closed the kept-alive connections they held',
    );
    t.is(after.length, 2);
    t.false(
      after.some((pid) => before.includes(pid)),
      'every worker was replaced',
    );
    const stopped = (await cluster.log()).filter((line) => line.msg?.startsWith('stopped'));
    t.deepEqual(
      stopped.map((line) => [line.pid, line.forced]).sort(),
      before.map((pid) => [pid, false]).sort(),
      'each old worker closed all its connections before the drain deadline',
    );
  });
});
