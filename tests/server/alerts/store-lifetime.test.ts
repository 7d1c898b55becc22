import test from 'ava';
import { ROOT } from '../../helpers/fixtures.js';
import { outputOf, runToEnd } from '../../helpers/run.js';

// On Node 24.19 and later, better-sqlite3 12 aborts the process when a garbage collection without a
// context (idle, or at exit) collects one of its objects (server/alerts/store/sqlite/connection.ts,
// `retained`). Before the stores were retained, this child aborted in about two runs of three under
// Node 24.21.
test('a process that opened and closed many stores exits cleanly, three times', async (t) => {
  for (let run = 0; run < 3; run += 1) {
    const done = await runToEnd(
      process.execPath,
      ['--import', 'tsx', 'tests/helpers/open-many-stores.ts', '300'],
      {
        cwd: ROOT,
      },
    );
    t.is(done.code, 0, outputOf(done));
  }
});
