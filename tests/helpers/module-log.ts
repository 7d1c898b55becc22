import { appendFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { register } from 'node:module';

/**
 * A probe's record of the modules its process loads, for the tests that check when a module loads
 * (tests/server/lazy-imports.test.ts, tests/patches/ava-typescript.test.ts). A module hook appends the
 * URL of every module loaded from then on to the file the environment's MODULE_LOG names; the probe
 * appends a `-- name` line between them to mark what it did next.
 */
const HOOK = `import { appendFileSync } from 'node:fs';
export async function load(url, context, nextLoad) {
  const result = await nextLoad(url, context);
  appendFileSync(process.env.MODULE_LOG, url + '\\n');
  return result;
}`;
const HOOK_URL = `data:text/javascript,${encodeURIComponent(HOOK)}`;

/** Starts the log in this process; returns what marks it. */
export function logModules(): (name: string) => void {
  register(HOOK_URL);
  return (name) => appendFileSync(process.env.MODULE_LOG!, `-- ${name}\n`);
}

/**
 * The same start, as a line of a probe that cannot import this file (run with `node -e`, before
 * anything compiles); it defines `mark` as `logModules()` returns it.
 */
export const LOG_MODULES_SOURCE = `import { register } from 'node:module';
import { appendFileSync } from 'node:fs';
register(${JSON.stringify(HOOK_URL)});
const mark = (name) => appendFileSync(process.env.MODULE_LOG, '-- ' + name + '\\n');`;

/** The log's lines: module URLs and marks, in order. */
export async function readModuleLog(file: string): Promise<string[]> {
  return (await readFile(file, 'utf8')).trimEnd().split('\n');
}

/** The marks of a log, for a message when they are not as expected. */
export function marksOf(lines: readonly string[]): string {
  return lines.filter((line) => line.startsWith('--')).join(', ');
}
