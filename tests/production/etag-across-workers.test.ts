import test from 'ava';
import { buildServer } from './helpers/build.js';
import { getFresh, sleep } from './helpers/http.js';
import { servedBy } from './helpers/pm2.js';
import { usingCluster } from '../helpers/with-server.js';

const PATHS = ['/api/v1/status', '/api/v1/resets?limit=2&order=asc', '/api/v1/sources', '/api/openapi.json'];
const ROUNDS = 8;

test('conditional requests through the cluster get 304 whichever worker answers', async (t) => {
  t.timeout(90_000);
  await buildServer();
  await usingCluster({ instances: 2 }, async (cluster) => {
    // The status body (and so its ETag) moves with the minute: keep the whole run inside one.
    const leftInMinute = 60_000 - (Date.now() % 60_000);
    if (leftInMinute < 15_000) await sleep(leftInMinute + 200);

    const conditionalIds = new Map<string, string[]>();
    const requestIds: string[] = [];
    for (const path of PATHS) {
      conditionalIds.set(path, []);
      const etags = new Set<string>();
      for (let round = 0; round < ROUNDS; round += 1) {
        const id = `etag-200-${round}-${path}`.replace(/[^A-Za-z0-9._:-]/g, '_');
        const reply = await getFresh(`${cluster.url}${path}`, { 'X-Request-Id': id });
        t.is(reply.status, 200, path);
        etags.add(String(reply.headers.etag));
        requestIds.push(id);
      }
      t.is(etags.size, 1, `${path}: every worker sends the same ETag`);
      const [etag] = etags;
      for (let round = 0; round < ROUNDS; round += 1) {
        const id = `etag-304-${round}-${path}`.replace(/[^A-Za-z0-9._:-]/g, '_');
        const reply = await getFresh(`${cluster.url}${path}`, { 'If-None-Match': etag!, 'X-Request-Id': id });
        t.is(reply.status, 304, `${path} with If-None-Match`);
        t.is(reply.body, '');
        requestIds.push(id);
        conditionalIds.get(path)!.push(id);
      }
    }

    // Which worker answered is read from the request log: each line has the pid and the request id.
    const lines = await servedBy(cluster, requestIds);
    for (const [path, ids] of conditionalIds) {
      const workers = new Set(ids.map((id) => lines.get(id)!.pid));
      t.is(workers.size, 2, `${path}: both workers answered If-None-Match with 304`);
      t.true(ids.every((id) => lines.get(id)!.status === 304));
    }
  });
});
