import { readlink, realpath } from 'node:fs/promises';
import test from 'ava';
import { buildServer } from './helpers/build.js';
import { usingCluster } from '../helpers/with-server.js';
import { copyContent, VALID_FIXTURE } from '../helpers/fixtures.js';

test('PM2 runs its workers on the same Node as the test run (Node 20 or 24 in CI)', async (t) => {
  t.timeout(90_000);
  await buildServer();
  const content = await copyContent(VALID_FIXTURE);
  try {
    await usingCluster({ instances: 2, env: { CONTENT_DIR: content.dir } }, async (cluster) => {
      const workers = await cluster.workers();
      t.is(workers.length, 2);
      const expected = await realpath(process.execPath);
      for (const { pid } of workers) t.is(await readlink(`/proc/${pid}/exe`), expected, `worker ${pid}`);
      t.log(`workers run ${process.version} (${expected})`);
    });
  } finally {
    await content.dispose();
  }
});
