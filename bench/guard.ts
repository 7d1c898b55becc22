import type { Row } from './report.js';

/**
 * The regression guard: each scenario's server CPU per request against the figure BENCHMARKS.md
 * records for it (its "Regression guard" table), so a change that makes a request dearer shows in the
 * next `npm run bench` without anyone comparing tables. Two comparisons, each flagged past 15 %:
 * the CPU µs themselves (as recorded), and the CPU µs ÷ bare node's CPU µs for the same bytes in the
 * same run, which the machine's own speed on the day does not move.
 */

export const GUARD_TOLERANCE = 0.15;
const HEADING = '### Regression guard';

export interface Reference {
  readonly set: string;
  readonly scenario: string;
  readonly serverCpuUs: number;
  readonly bareCpuUs: number;
}

const number = (cell: string) => Number(cell.replace(/,/g, ''));

/**
 * The rows of BENCHMARKS.md's table under `### Regression guard`:
 * `| set | scenario | server CPU µs/req | bare CPU µs/req | ÷ bare |`.
 */
export function readReferences(markdown: string): Reference[] {
  const start = markdown.indexOf(HEADING);
  if (start === -1) throw new Error(`BENCHMARKS.md has no "${HEADING}" section`);
  const references: Reference[] = [];
  for (const line of markdown.slice(start).split('\n').slice(1)) {
    if (line.startsWith('#')) break;
    const cells = line
      .split('|')
      .slice(1, -1)
      .map((cell) => cell.trim());
    if (cells.length < 4 || !Number.isFinite(number(cells[2]!)) || !Number.isFinite(number(cells[3]!)))
      continue;
    references.push({
      set: cells[0]!,
      scenario: cells[1]!,
      serverCpuUs: number(cells[2]!),
      bareCpuUs: number(cells[3]!),
    });
  }
  if (references.length === 0) throw new Error(`BENCHMARKS.md's "${HEADING}" table has no rows`);
  return references;
}

function percent(value: number): string {
  return `${value >= 0 ? '+' : ''}${(value * 100).toFixed(0)} %`;
}

/** One line per guarded scenario of this run; `regressions` counts the lines flagged. */
export function guardReport(
  rows: readonly Row[],
  references: readonly Reference[],
): { lines: string[]; regressions: number } {
  const lines: string[] = [];
  let regressions = 0;
  for (const reference of references) {
    const row = rows.find(
      (candidate) => candidate.set === reference.set && candidate.scenario === reference.scenario,
    );
    if (!row) {
      lines.push(`guard: ${reference.set}, ${reference.scenario}: not measured in this run`);
      continue;
    }
    const absolute = row.serverCpuUs / reference.serverCpuUs - 1;
    const relative = row.serverCpuUs / row.bareCpuUs / (reference.serverCpuUs / reference.bareCpuUs) - 1;
    const flags = [
      absolute > GUARD_TOLERANCE ? 'CPU µs' : null,
      relative > GUARD_TOLERANCE ? 'CPU ÷ bare' : null,
    ].filter(Boolean);
    regressions += flags.length;
    lines.push(
      `guard: ${reference.set}, ${reference.scenario}: server CPU ${row.serverCpuUs.toFixed(1)} µs/req (recorded ${reference.serverCpuUs.toFixed(1)}, ${percent(absolute)}); ÷ bare CPU ${(row.serverCpuUs / row.bareCpuUs).toFixed(2)} (recorded ${(reference.serverCpuUs / reference.bareCpuUs).toFixed(2)}, ${percent(relative)})` +
        (flags.length > 0
          ? ` — ⚠ more than ${GUARD_TOLERANCE * 100} % above the record by ${flags.join(' and ')}`
          : ' ✓'),
    );
  }
  return { lines, regressions };
}

/** This run's figures as the guard table BENCHMARKS.md keeps (paste it there to make them the record). */
export function guardTable(rows: readonly Row[]): string {
  return [
    '| set | scenario | server CPU µs/req | bare CPU µs/req | ÷ bare |',
    '| --- | --- | --: | --: | --: |',
    ...rows.map(
      (row) =>
        `| ${row.set} | ${row.scenario} | ${row.serverCpuUs.toFixed(1)} | ${row.bareCpuUs.toFixed(1)} | ${(row.serverCpuUs / row.bareCpuUs).toFixed(2)} |`,
    ),
  ].join('\n');
}
