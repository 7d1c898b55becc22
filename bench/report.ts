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
  readonly floor: Measured;
  readonly peer: Measured;
  /** The server's throughput over each baseline's: medians of the per-round ratios. */
  readonly ratios: { readonly bare: number; readonly floor: number; readonly peer: number };
  readonly rssMb: number;
  readonly bodyBytes: number;
  /**
   * The server's CPU time per request (median over rounds): it moves much less than a rate when the
   * shared machine gives the server's core less time.
   */
  readonly serverCpuUs: number;
  /** Bare node's CPU time per request for the same bytes (median over rounds): the machine's speed. */
  readonly bareCpuUs: number;
}

interface Target {
  readonly name: string;
  /** Least ratio to bare node, to the Koa floor, to the peer. */
  readonly bare?: number;
  readonly floor?: number;
  readonly peer?: number;
}

/** The scenarios and their targets (issues: one pipeline, API clients, performance). */
export const TARGETS = {
  status: { name: '1. hot GET /api/v1/status', floor: 0.9, peer: 3.5 },
  notModified: { name: '2. /api/v1/status If-None-Match (304)', floor: 0.9, peer: 3.5 },
  hotResets: { name: '3. hot /api/v1/resets?limit=100', floor: 0.9 },
  cold: { name: '4. cold /api/v1/resets pages', bare: 0.12, peer: 2 },
  trpcStatus: { name: '5. GET /api/trpc/getResetStatus' },
  trpcBatch: { name: '6. GET /api/trpc/getResetStatus,listSources (batched)' },
} as const satisfies Record<string, Target>;

function targetOf(scenario: string): Target | undefined {
  return Object.values(TARGETS).find((target) => target.name === scenario);
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

function ratioCell(ratio: number, least: number | undefined): string {
  const value = fixed(ratio, 2);
  if (least === undefined) return value;
  return `${value} (≥ ${least} ${ratio >= least ? '✓' : '✗'})`;
}

export function markdownTable(rows: readonly Row[]): string {
  const lines = [
    '| set | scenario | server req/s | server CPU µs/req | p50 / p99 ms | bare req/s | Koa floor req/s | peer req/s | ÷ bare | ÷ floor | ÷ peer | RSS MB | body bytes |',
    '|---|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|',
  ];
  for (const row of rows) {
    const target = targetOf(row.scenario);
    const errors = row.server.errors + row.bare.errors + row.floor.errors > 0 ? ' (errors!)' : '';
    lines.push(
      `| ${row.set} | ${row.scenario}${errors} | ${rps(row.server.requestsPerSecond)} | ${fixed(row.serverCpuUs, 1)} | ${latency(row.server)} | ${rps(
        row.bare.requestsPerSecond,
      )} | ${rps(row.floor.requestsPerSecond)} | ${rps(row.peer.requestsPerSecond)} | ${ratioCell(
        row.ratios.bare,
        target?.bare,
      )} | ${ratioCell(row.ratios.floor, target?.floor)} | ${ratioCell(row.ratios.peer, target?.peer)} | ${fixed(
        row.rssMb,
        0,
      )} | ${rps(row.bodyBytes)} |`,
    );
  }
  return lines.join('\n');
}
