import type { ExecFileOptions } from 'node:child_process';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

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
