import type { WrkResult } from './wrk.js';

export interface Measured {
  /** Median over rounds. */
  readonly requestsPerSecond: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  readonly errors: number;
}

export interface Row {
  readonly set: string;
  readonly scenario: string;
  readonly server: Measured;
  readonly bare: Measured;
  /** Median of the per-round ratios (each round runs both back to back). */
  readonly ratio: number;
  readonly target: number | null;
  readonly rssMb: number;
  readonly bodyBytes: number;
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** The run whose throughput is the median one, so its latencies go with it. */
export function summarize(runs: readonly WrkResult[]): Measured {
  const rps = median(runs.map((run) => run.requestsPerSecond));
  const closest = [...runs].sort(
    (a, b) => Math.abs(a.requestsPerSecond - rps) - Math.abs(b.requestsPerSecond - rps),
  )[0]!;
  return {
    requestsPerSecond: rps,
    p50Ms: closest.p50Ms,
    p99Ms: closest.p99Ms,
    errors: runs.reduce((sum, run) => sum + run.errors, 0),
  };
}

const fixed = (value: number, digits: number) => (Number.isFinite(value) ? value.toFixed(digits) : '–');
const rps = (value: number) => Math.round(value).toLocaleString('en-US');
const latency = (m: Measured) => `${fixed(m.p50Ms, 2)} / ${fixed(m.p99Ms, 2)}`;

export function markdownTable(rows: readonly Row[]): string {
  const lines = [
    '| set | scenario | server req/s | server p50 / p99 ms | bare req/s | bare p50 / p99 ms | ratio | target | server RSS MB | body bytes |',
    '|---|---|--:|--:|--:|--:|--:|--:|--:|--:|',
  ];
  for (const row of rows) {
    const verdict = row.target === null ? '' : row.ratio >= row.target ? ' ✓' : ' ✗';
    const errors = row.server.errors + row.bare.errors > 0 ? ' (errors!)' : '';
    lines.push(
      `| ${row.set} | ${row.scenario}${errors} | ${rps(row.server.requestsPerSecond)} | ${latency(row.server)} | ${rps(
        row.bare.requestsPerSecond,
      )} | ${latency(row.bare)} | ${fixed(row.ratio, 2)} | ${row.target === null ? '' : `≥ ${row.target}`}${verdict} | ${fixed(
        row.rssMb,
        0,
      )} | ${rps(row.bodyBytes)} |`,
    );
  }
  return lines.join('\n');
}
