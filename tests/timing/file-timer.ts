/**
 * Loaded into every ava worker (`ava.config.mjs`'s `nodeArguments`): records how long the worker
 * took, from the process's start to its exit, the CPU time it and the child processes it waited for
 * used (a browser, `tsx` commands, PostgreSQL; not a PM2 daemon, which is no child), and which test
 * file it ran, as one JSON line in `test-results/timings/`; `tools/test-times.ts` prints the slowest
 * files after `npm test`. On a machine whose cores the suite keeps busy, CPU time is what a file
 * costs the run; the time it lived also counts its waits.
 *
 * The test file is ava's own `test.meta.file`, read as the worker exits: no module hook watches the
 * worker's imports (a `module.register` hook moves every resolution of the worker to a loader thread,
 * about 0.5 s of CPU a file on Node 24).
 */
import { appendFileSync, mkdirSync, readFileSync } from 'node:fs';
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

/** Linux's clock ticks per second in /proc (USER_HZ, 100 on every architecture Node runs on). */
const TICKS_PER_SECOND = 100;

/** CPU milliseconds of the children this process waited for (/proc/self/stat's cutime and cstime). */
function childrenCpuMs(): number {
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8');
    // The fields after the command's closing parenthesis; cutime and cstime are the 16th and 17th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[13]) + Number(fields[14])) * 1000) / TICKS_PER_SECOND;
  } catch {
    return 0; // not Linux: the worker's own time only
  }
}

process.on('exit', () => {
  const file = testFile();
  if (file === undefined) return;
  mkdirSync(TIMINGS_DIR, { recursive: true });
  const { user, system } = process.cpuUsage();
  const cpuMs = Math.round((user + system) / 1000 + childrenCpuMs());
  const line = JSON.stringify({ file, ms: Math.round(performance.now()), cpuMs });
  appendFileSync(path.join(TIMINGS_DIR, `${process.pid}.jsonl`), `${line}\n`);
});
