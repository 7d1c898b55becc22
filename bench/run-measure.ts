/**
 * The measurements of `npm run bench` (bench/run.ts): one scenario on the four sides in rotating
 * rounds, tRPC against REST in back-to-back pairs, and a URL's ETag.
 */
import type { Running } from './processes.js';
import { cpuTimeUs, memoryOf } from './processes.js';
import type { Row } from './report.js';
import { markdownTable, median, summarize } from './report.js';
import type { WrkResult, WrkRun } from './wrk.js';
import { runWrk } from './wrk.js';
import type { Scenario, Side } from './run-settings.js';
import { CONNECTIONS, LOAD_CORES, ROUNDS, SECONDS, SIDES, STATUS, TRPC_STATUS } from './run-settings.js';

/** A target's mark in the report. */
export const check = (ok: boolean) => (ok ? '✓' : '✗');

/** One wrk run against the server, with the server's CPU time per request over it. */
async function runOnServer(settings: WrkRun, pid: number): Promise<{ result: WrkResult; cpuUs: number }> {
  const before = cpuTimeUs(pid);
  const result = await runWrk(settings);
  // wrk's rate is its request count over the run's length; the server is idle around the run.
  return { result, cpuUs: (cpuTimeUs(pid) - before) / (result.requestsPerSecond * settings.seconds) };
}

export async function measure(
  set: string,
  scenario: Scenario,
  running: Readonly<Record<Side, Running>>,
): Promise<Row> {
  const settings = (origin: string): WrkRun => ({
    url: origin + (scenario.pathsFile ? '' : scenario.path),
    seconds: SECONDS,
    connections: CONNECTIONS,
    headers: scenario.headers ?? [],
    script: scenario.pathsFile ? { path: 'bench/wrk/paths.lua', args: [scenario.pathsFile] } : undefined,
    cores: LOAD_CORES,
  });
  for (const side of SIDES) await runWrk({ ...settings(running[side].origin), seconds: 1 });
  const results: Record<Side, WrkResult[]> = { server: [], bare: [], floor: [], peer: [] };
  const ratios: Record<Exclude<Side, 'server'>, number[]> = { bare: [], floor: [], peer: [] };
  const serverCpu: number[] = [];
  const bareCpu: number[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    // Rotate who goes first, so drift on a shared machine does not favour one side.
    const order = SIDES.map((_, i) => SIDES[(i + round) % SIDES.length]!);
    for (const side of order) {
      if (side === 'server' || side === 'bare') {
        const { result, cpuUs } = await runOnServer(settings(running[side].origin), running[side].pid);
        (side === 'server' ? serverCpu : bareCpu).push(cpuUs);
        results[side].push(result);
      } else {
        results[side].push(await runWrk(settings(running[side].origin)));
      }
    }
    const ours = results.server.at(-1)!.requestsPerSecond;
    for (const side of ['bare', 'floor', 'peer'] as const) {
      ratios[side].push(ours / results[side].at(-1)!.requestsPerSecond);
    }
  }
  const sample = await fetch(running.server.origin + scenario.path, {
    headers: Object.fromEntries((scenario.headers ?? []).map((h) => h.split(': ', 2) as [string, string])),
  });
  const row: Row = {
    set,
    scenario: scenario.name,
    server: summarize(results.server),
    bare: summarize(results.bare),
    floor: summarize(results.floor),
    peer: summarize(results.peer),
    ratios: { bare: median(ratios.bare), floor: median(ratios.floor), peer: median(ratios.peer) },
    rssMb: memoryOf(running.server.pid).rssMb,
    serverCpuUs: median(serverCpu),
    bareCpuUs: median(bareCpu),
    bodyBytes: scenario.bodyBytes ?? (await sample.arrayBuffer()).byteLength,
  };
  console.error(markdownTable([row]).split('\n')[2]);
  return row;
}

/**
 * tRPC hot status against REST hot status on the same server, back to back, alternating which goes
 * first: scenarios 1 and 5 are minutes apart, and on a shared machine a disturbance in between moves
 * their ratio more than either path does. Medians of the per-pair ratios, by rate and by CPU per request.
 */
export async function pairTrpcWithRest(server: Running): Promise<string> {
  const byRate: number[] = [];
  const byCpu: number[] = [];
  const p99: Record<'rest' | 'trpc', number[]> = { rest: [], trpc: [] };
  const run = (path: string) =>
    runOnServer(
      { url: server.origin + path, seconds: SECONDS, connections: CONNECTIONS, cores: LOAD_CORES },
      server.pid,
    );
  for (let pair = 0; pair < 2 * ROUNDS; pair += 1) {
    const first = pair % 2 === 0 ? STATUS : TRPC_STATUS;
    const a = await run(first);
    const b = await run(first === STATUS ? TRPC_STATUS : STATUS);
    const [rest, trpc] = first === STATUS ? [a, b] : [b, a];
    byRate.push(trpc.result.requestsPerSecond / rest.result.requestsPerSecond);
    byCpu.push(rest.cpuUs / trpc.cpuUs);
    p99.rest.push(rest.result.p99Ms);
    p99.trpc.push(trpc.result.p99Ms);
  }
  const rate = median(byRate);
  const cpu = median(byCpu);
  const [restP99, trpcP99] = [median(p99.rest), median(p99.trpc)];
  return `tRPC hot status ÷ REST hot status, ${2 * ROUNDS} back-to-back pairs on the server: ${rate.toFixed(2)} by rate (target ≥ 0.8 ${check(rate >= 0.8)}), ${cpu.toFixed(2)} by CPU per request; median p99 ${trpcP99.toFixed(2)} ms vs ${restP99.toFixed(2)} ms (target ≤ 2× ${check(trpcP99 <= 2 * restP99)})`;
}

export async function etagOf(origin: string, url: string): Promise<string> {
  const response = await fetch(origin + url);
  await response.arrayBuffer();
  return response.headers.get('etag') ?? '';
}
