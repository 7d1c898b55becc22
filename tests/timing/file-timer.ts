/**
 * Loaded into every ava worker (`ava.config.mjs`'s `nodeArguments`): records how long the worker
 * took, from the process's start to its exit, and which test file it ran, as one JSON line in
 * `test-results/timings/`; `tools/test-times.ts` prints the slowest files after `npm test`.
 *
 * The test file is ava's own `test.meta.file`, read as the worker exits: no module hook watches the
 * worker's imports (a `module.register` hook moves every resolution of the worker to a loader thread,
 * about 0.5 s of CPU a file on Node 24).
 */
import { appendFileSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Where the lines go; tools/test-times.ts reads (and clears) the same folder. */
const TIMINGS_DIR = path.resolve('test-results', 'timings');

const require = createRequire(import.meta.url);

/** The file the worker ran, relative to the project; undefined when ava never ran one. */
function testFile(): string | undefined {
  try {
    // The test file imported ava by now, so this is its module, already loaded.
    const test = require('ava') as { meta: { file: string } };
    return path.relative(process.cwd(), fileURLToPath(test.meta.file));
  } catch {
    return undefined;
  }
}

process.on('exit', () => {
  const file = testFile();
  if (file === undefined) return;
  mkdirSync(TIMINGS_DIR, { recursive: true });
  const line = JSON.stringify({ file, ms: Math.round(performance.now()) });
  appendFileSync(path.join(TIMINGS_DIR, `${process.pid}.jsonl`), `${line}\n`);
});
