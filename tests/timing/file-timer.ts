/**
 * Loaded into every ava worker (`ava.config.mjs`'s `nodeArguments`): records how long the worker
 * took, from the process's start to its exit, and which test file it ran, as one JSON line in
 * `test-results/timings/`; `tools/test-times.ts` prints the slowest files after `npm test`.
 *
 * The test file is the first module a worker resolves under `tests/` ending in `.test.ts`, seen by a
 * module resolution hook (Node's `module.register`), which runs in the loader's own thread and posts
 * the address back here.
 */
import { appendFileSync, mkdirSync } from 'node:fs';
import { register } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { MessageChannel } from 'node:worker_threads';

/** Where the lines go; tools/test-times.ts reads (and clears) the same folder. */
const TIMINGS_DIR = path.resolve('test-results', 'timings');

let testFile: string | undefined;
const { port1, port2 } = new MessageChannel();
port1.on('message', (url: string) => {
  testFile ??= path.relative(process.cwd(), fileURLToPath(url));
});
port1.unref();
register('./resolve-hook.ts', import.meta.url, { data: { port: port2 }, transferList: [port2] });

process.on('exit', () => {
  if (testFile === undefined) return;
  mkdirSync(TIMINGS_DIR, { recursive: true });
  const line = JSON.stringify({ file: testFile, ms: Math.round(performance.now()) });
  appendFileSync(path.join(TIMINGS_DIR, `${process.pid}.jsonl`), `${line}\n`);
});
