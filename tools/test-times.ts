/**
 * `npm test`'s account of where its time went: prints the slowest test files of the run, each
 * with the seconds its ava worker lived (start-up, hooks and tests) and the CPU seconds it and the
 * children it waited for used, from the lines
 * `tests/timing/file-timer.ts` leaves in `test-results/timings/`. `--clear` forgets an earlier
 * run's lines (npm's `pretest` does that).
 */
import { readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { readCommandLine } from './command-line.js';

const TIMINGS_DIR = path.resolve('test-results', 'timings');

interface Timing {
  readonly file: string;
  readonly ms: number;
  /** Absent from a line written before the timer counted CPU. */
  readonly cpuMs?: number;
}

async function readTimings(): Promise<Timing[]> {
  const names = await readdir(TIMINGS_DIR).catch(() => [] as string[]);
  const lines = await Promise.all(
    names
      .filter((name) => name.endsWith('.jsonl'))
      .map((name) => readFile(path.join(TIMINGS_DIR, name), 'utf8')),
  );
  return lines
    .flatMap((text) => text.split('\n'))
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as Timing);
}

/** The `count` slowest files, slowest first, as aligned lines, with the total worker time. */
export function slowestReport(timings: readonly Timing[], count: number): string {
  const slowest = [...timings].sort((a, b) => b.ms - a.ms || a.file.localeCompare(b.file)).slice(0, count);
  const total = timings.reduce((sum, { ms }) => sum + ms, 0);
  const cpu = timings.reduce((sum, { cpuMs = 0 }) => sum + cpuMs, 0);
  const seconds = (ms: number) => (ms / 1000).toFixed(1).padStart(7);
  return [
    `the ${slowest.length} slowest of ${timings.length} test files (seconds each worker lived, ${(total / 1000).toFixed(0)} in all; CPU seconds, ${(cpu / 1000).toFixed(0)} in all):`,
    '  lived      CPU  file',
    ...slowest.map(({ file, ms, cpuMs = 0 }) => `${seconds(ms)}  ${seconds(cpuMs)}  ${file}`),
  ].join('\n');
}

const { values, refuse } = readCommandLine({
  usage: 'tsx tools/test-times.ts [--count <n>] [--clear]',
  description: "Prints the slowest test files of the last run, from the ava workers' timings.",
  options: {
    count: { type: 'string', default: '10', value: '<n>', description: 'how many files to list (10)' },
    clear: { type: 'boolean', description: "forget the last run's timings instead" },
  },
});

if (values.clear) {
  await rm(TIMINGS_DIR, { recursive: true, force: true });
} else {
  const count = Number(values.count);
  if (!Number.isInteger(count) || count < 1)
    refuse(`--count takes a whole number of at least 1, not '${values.count}'`);
  const timings = await readTimings();
  if (timings.length > 0) console.log(slowestReport(timings, count));
}
