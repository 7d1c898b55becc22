import test from 'ava';
import { ROOT } from '../../helpers/fixtures.js';
import { commandLine, outputOf, runToEnd } from '../../helpers/run.js';
import { useStoreEngines } from '../../helpers/store-engines.js';

const engines = useStoreEngines();

// On Node 24.19 and later, better-sqlite3 12 aborts the process when a garbage collection without a
// context (idle, or at exit) collects one of its objects (server/store/sqlite/connection.ts,
// `retained`). Before the stores were retained, this child aborted in about two runs of three under
// Node 24.21. With PostgreSQL, each store's pool must end as it closes, or the child would not exit
// (fewer stores: each open is a new connection, about 50 ms, and no garbage collection is at stake).
for (const engine of engines)
  test(`${engine.name}: a process that opened and closed many stores exits cleanly, three times`, async (t) => {
    const [count, database] = engine.name === 'postgres' ? ['50', [await engine.place()]] : ['300', []];
    for (let run = 0; run < 3; run += 1) {
      const done = await runToEnd(
        process.execPath,
        [...commandLine('tests/helpers/open-many-stores.ts'), count, ...database],
        {
          cwd: ROOT,
        },
      );
      t.is(done.code, 0, outputOf(done));
    }
  });
