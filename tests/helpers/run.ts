import type { ExecFileOptions } from 'node:child_process';
import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { ROOT } from './fixtures.js';

/** Whether the tests run compiled, from `build/tests/` (ava.config.mjs), or as sources through tsx. */
const COMPILED = path.relative(ROOT, fileURLToPath(import.meta.url)).startsWith(`build${path.sep}`);

export interface CommandLineOptions {
  /**
   * The run ends in the command's own command line (`--help`, a refused option or argument), before
   * the command reads any file: `bench/` and `client/scripts/` may then run compiled too.
   */
  readonly argumentsOnly?: boolean;
}

/**
 * What `node` is given to run one of the project's commands, `file` relative to the checkout
 * (`tools/content-check.ts`, a script under `tests/`), before the command's own arguments. When the
 * tests run compiled, it is the command's copy in `build/`, written by the same tsc run as the tests:
 * the same code, started in about a third of the CPU time (`--help` of `content:check`: 0.27 s,
 * against 0.85 s through tsx on Node 20). Otherwise it is the source through tsx, as `npm run` runs
 * it; `command-line.test.ts` runs every command's npm script that way too. `bench/` and
 * `client/scripts/` run through tsx unless `argumentsOnly`: some find files next to their own
 * (`import.meta.url`), which in `build/` would be the wrong folder.
 */
export function commandLine(file: string, options: CommandLineOptions = {}): string[] {
  const compiles = options.argumentsOnly ? /^(tools|tests|bench|client\/scripts)\// : /^(tools|tests)\//;
  if (COMPILED && compiles.test(file)) return [path.join(ROOT, 'build', file.replace(/\.ts$/, '.js'))];
  return ['--import', 'tsx', file];
}

export interface Completed {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/**
 * Runs a command to its end. A non-zero exit is a result for the test to assert on; a command that
 * could not run at all (no such file) still throws.
 */
export async function runToEnd(
  file: string,
  args: readonly string[],
  options: ExecFileOptions = {},
): Promise<Completed> {
  try {
    const { stdout, stderr } = await promisify(execFile)(file, args, {
      maxBuffer: 16 * 1024 * 1024,
      ...options,
      encoding: 'utf8',
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code?: unknown; stdout?: string; stderr?: string };
    if (typeof failed.code !== 'number') throw error;
    return { code: failed.code, stdout: failed.stdout ?? '', stderr: failed.stderr ?? '' };
  }
}

/** All a command printed, for an assertion's message. */
export function outputOf(run: Completed): string {
  return run.stdout + run.stderr;
}
