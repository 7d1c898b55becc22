/**
 * `npm run bench`: the real compiled server against three baselines in the same run, same load
 * generator and settings: bare node:http serving the same bytes, the Koa floor (the same middleware
 * and routes serving the same bytes) and the peer (trpc-to-openapi's own Koa adapter, no response
 * cache). Every scenario is reported as ratios to each. See BENCHMARKS.md.
 *
 * Options: --seconds N (per measured run, default 3), --rounds N (default 3), --connections N (50),
 * --events N (generated set, 10000), --skip-build, --profile DIR (V8 CPU profiles of the server).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { collectResetUrls } from './collect-urls.js';
import { generateContent } from './generate-content.js';
import type { Running } from './processes.js';
import { cpuTimeUs, machine, measureLoad, memoryOf, startHelper, startServer } from './processes.js';
import type { Row } from './report.js';
import { GUARD_TOLERANCE, guardReport, guardTable, readReferences } from './guard.js';
import { markdownTable, median, summarize, TARGETS } from './report.js';
import type { WrkResult, WrkRun } from './wrk.js';
import { ensureWrk, runWrk } from './wrk.js';
import { DEMO_FIXTURE } from '../tests/helpers/fixtures.js';

const { values: flags } = parseArgs({
  options: {
    seconds: { type: 'string', default: '3' },
    rounds: { type: 'string', default: '3' },
    connections: { type: 'string', default: '50' },
    events: { type: 'string', default: '10000' },
    'skip-build': { type: 'boolean', default: false },
    /** Writes a V8 CPU profile of each real server into this folder. */
    profile: { type: 'string' },
  },
});
const SECONDS = Number(flags.seconds);
const ROUNDS = Number(flags.rounds);
const CONNECTIONS = Number(flags.connections);
// Server on core 0, load generator on core 1, when there are two cores to give.
const pinning = os.availableParallelism() >= 2;
const SERVER_CORES = pinning ? '0' : null;
const LOAD_CORES = pinning ? `1-${os.availableParallelism() - 1}` : null;
/** The node flags every way of running the server uses (`npm start`, PM2's `node_args`). */
const PRODUCTION_NODE_ARGS = createRequire(import.meta.url)('../server/node-flags.json') as string[];
/** The limiter runs (its cost is measured) but never throttles the bench. */
const SERVER_ENV = { RATE_LIMIT_POINTS: '1000000000', RATE_LIMIT_WINDOW_SECONDS: '60' };
/** Page sizes of the cold scenario; the default set has no full page of 50 or 100 events. */
const LIMITS = [1, 2, 3, 5, 10, 20];
/** Cold URLs per page size, at most; comfortably more than the response cache holds (2,000) in all. */
const COLD_PER_LIMIT = 1000;
const STATUS = '/api/v1/status';
const HOT_RESETS = '/api/v1/resets?limit=100';
const TRPC_STATUS = `/api/trpc/getResetStatus?input=${encodeURIComponent('{}')}`;
const TRPC_BATCH = `/api/trpc/getResetStatus,listSources?batch=1&input=${encodeURIComponent('{"0":{}}')}`;

interface Scenario {
  readonly name: string;
  readonly path: string;
  readonly headers?: readonly string[];
  readonly pathsFile?: string;
  /** Mean body size, when the requests differ. */
  readonly bodyBytes?: number;
}

type Side = 'server' | 'bare' | 'floor' | 'peer';
const SIDES: readonly Side[] = ['server', 'bare', 'floor', 'peer'];

const work = mkdtempSync(path.join(os.tmpdir(), 'reset-bench-'));
const rows: Row[] = [];
const notes: string[] = [];
// Below the ephemeral range (32768+), where the load generator's own sockets could hold a port.
let nextPort = 21_000 + Math.floor(Math.random() * 5000);

/** A target's mark in the report. */
const check = (ok: boolean) => (ok ? '✓' : '✗');

/** One wrk run against the server, with the server's CPU time per request over it. */
async function runOnServer(settings: WrkRun, pid: number): Promise<{ result: WrkResult; cpuUs: number }> {
  const before = cpuTimeUs(pid);
  const result = await runWrk(settings);
  // wrk's rate is its request count over the run's length; the server is idle around the run.
  return { result, cpuUs: (cpuTimeUs(pid) - before) / (result.requestsPerSecond * settings.seconds) };
}

async function measure(
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
async function pairTrpcWithRest(server: Running): Promise<string> {
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

async function etagOf(origin: string, url: string): Promise<string> {
  const response = await fetch(origin + url);
  await response.arrayBuffer();
  return response.headers.get('etag') ?? '';
}

/** Each set's content load in a fresh process, ms. */
const loadMsBySet = new Map<string, number>();

async function benchSet(
  set: string,
  contentDir: string,
  coldCounts: ReadonlyMap<number, number> | null,
): Promise<ReadonlyMap<number, number>> {
  const logFile = path.join(work, `${set}-server.log`);
  const server = await startServer({
    contentDir,
    logFile,
    cores: SERVER_CORES,
    env: SERVER_ENV,
    port: nextPort++,
    logLevel: 'info',
    nodeArgs: [
      ...PRODUCTION_NODE_ARGS,
      ...(flags.profile ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(flags.profile)}`] : []),
    ],
  });
  const load = await measureLoad(contentDir);
  loadMsBySet.set(set, load.loadMs);
  // The generated set gets the default set's count of each page size: the same mix of pages.
  const { byLimit, meanBytes } = await collectResetUrls(
    server.origin,
    LIMITS,
    (limit) => coldCounts?.get(limit) ?? COLD_PER_LIMIT,
  );
  const cold = [...byLimit.values()].flat();
  // A fixed shuffle, so consecutive requests differ in filters and page size.
  let seed = 7;
  for (let i = cold.length - 1; i > 0; i -= 1) {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    const j = seed % (i + 1);
    [cold[i], cold[j]] = [cold[j]!, cold[i]!];
  }
  const coldFile = path.join(work, `${set}-cold.txt`);
  writeFileSync(coldFile, cold.join('\n'));
  const etag = await etagOf(server.origin, STATUS);
  const urlsFile = path.join(work, `${set}-urls.txt`);
  writeFileSync(
    urlsFile,
    [STATUS, `304 ${STATUS} ${etag}`, HOT_RESETS, TRPC_STATUS, TRPC_BATCH, ...cold].join('\n'),
  );
  const helperEnv = { ...SERVER_ENV, NODE_ENV: 'production', LOG_LEVEL: 'info' };
  const running: Record<Side, Running> = {
    server,
    bare: await startHelper('bare', ['bench/baseline.ts', String(nextPort), server.origin, urlsFile], {
      port: nextPort++,
      cores: SERVER_CORES,
    }),
    floor: await startHelper('floor', ['bench/koa-floor.ts', String(nextPort), server.origin, urlsFile], {
      port: nextPort++,
      cores: SERVER_CORES,
      env: helperEnv,
      logFile: path.join(work, `${set}-floor.log`),
      nodeArgs: PRODUCTION_NODE_ARGS,
    }),
    peer: await startHelper('peer', ['bench/peer.ts', String(nextPort), contentDir], {
      port: nextPort++,
      cores: SERVER_CORES,
      env: helperEnv,
      logFile: path.join(work, `${set}-peer.log`),
      nodeArgs: PRODUCTION_NODE_ARGS,
    }),
  };
  notes.push(
    `${set}: ${cold.length} distinct cold URLs (full pages; by limit ${[...byLimit].map(([l, u]) => `${l}: ${u.length}`).join(', ')}); content load ${load.loadMs.toFixed(0)} ms (fresh process, RSS ${load.rssMb.toFixed(0)} MB); server ready in ${server.readyMs.toFixed(0)} ms`,
  );

  const hot = { name: TARGETS.hotResets.name, path: HOT_RESETS };
  const coldScenario = { name: TARGETS.cold.name, path: cold[0]!, pathsFile: coldFile, bodyBytes: meanBytes };
  const scenarios: Scenario[] =
    set === 'default'
      ? [
          { name: TARGETS.status.name, path: STATUS },
          { name: TARGETS.notModified.name, path: STATUS, headers: [`If-None-Match: ${etag}`] },
          hot,
          coldScenario,
          { name: TARGETS.trpcStatus.name, path: TRPC_STATUS },
          { name: TARGETS.trpcBatch.name, path: TRPC_BATCH },
        ]
      : [hot, coldScenario];
  for (const scenario of scenarios) rows.push(await measure(set, scenario, running));
  if (set === 'default') notes.push(await pairTrpcWithRest(server));
  const memory = memoryOf(server.pid);
  notes.push(
    `${set}: server RSS after its scenarios ${memory.rssMb.toFixed(0)} MB (peak ${memory.peakMb.toFixed(0)} MB); peer ${memoryOf(running.peer.pid).rssMb.toFixed(0)} MB, Koa floor ${memoryOf(running.floor.pid).rssMb.toFixed(0)} MB`,
  );
  for (const side of SIDES) await running[side].stop();
  return new Map([...byLimit].map(([limit, urls]) => [limit, urls.length]));
}

try {
  ensureWrk();
  if (!flags['skip-build']) execFileSync('npm', ['run', 'build'], { stdio: ['ignore', 'ignore', 'inherit'] });
  const facts = machine();
  console.error(
    `bench: ${facts.nproc} cores (${facts.cpu}), Node ${facts.node}; server cores ${SERVER_CORES}, wrk cores ${LOAD_CORES}`,
  );
  const coldCounts = await benchSet('default', DEMO_FIXTURE, null);
  const generated = path.join(work, 'content-10k');
  await generateContent(generated, Number(flags.events));
  await benchSet(`${flags.events} events`, generated, coldCounts);
  const find = (set: string, name: string) => rows.find((row) => row.set === set && row.scenario === name)!;
  const defaultCold = find('default', TARGETS.cold.name);
  const largeCold = find(`${flags.events} events`, TARGETS.cold.name);
  const restStatus = find('default', TARGETS.status.name);
  const trpcStatus = find('default', TARGETS.trpcStatus.name);
  const scale = largeCold.server.requestsPerSecond / defaultCold.server.requestsPerSecond;
  const trpcRatio = trpcStatus.server.requestsPerSecond / restStatus.server.requestsPerSecond;
  const trpcCpuRatio = restStatus.serverCpuUs / trpcStatus.serverCpuUs;
  const maxRss = Math.max(...rows.map((row) => row.rssMb));
  const largeLoadMs = loadMsBySet.get(`${flags.events} events`)!;
  notes.push(
    `cold pages, ${flags.events} events ÷ default content (server req/s): ${scale.toFixed(2)} (target ≥ 0.8 ${check(scale >= 0.8)})`,
    `tRPC hot status ÷ REST hot status (server req/s): ${trpcRatio.toFixed(2)} (target ≥ 0.8 ${check(trpcRatio >= 0.8)}); p99 ${trpcStatus.server.p99Ms.toFixed(2)} ms vs ${restStatus.server.p99Ms.toFixed(2)} ms (target ≤ 2× ${check(trpcStatus.server.p99Ms <= 2 * restStatus.server.p99Ms)}); by server CPU per request (REST µs ÷ tRPC µs): ${trpcCpuRatio.toFixed(2)}`,
    `server RSS after each scenario: at most ${maxRss.toFixed(0)} MB (target ≤ 256 ${check(maxRss <= 256)})`,
    `hot status p99 ${restStatus.server.p99Ms.toFixed(2)} ms ÷ bare node's ${restStatus.bare.p99Ms.toFixed(2)} ms: ${(restStatus.server.p99Ms / restStatus.bare.p99Ms).toFixed(1)}× (target ≤ 3× ${check(restStatus.server.p99Ms <= 3 * restStatus.bare.p99Ms)})`,
    `content load of ${flags.events} events in a fresh process: ${largeLoadMs.toFixed(0)} ms (target < 1,000 ${check(largeLoadMs < 1000)})`,
  );
  try {
    const guard = guardReport(rows, readReferences(readFileSync('BENCHMARKS.md', 'utf8')));
    notes.push(
      ...guard.lines,
      `guard: ${guard.regressions === 0 ? 'no scenario is' : `${guard.regressions} comparison(s) are`} more than ${GUARD_TOLERANCE * 100} % above BENCHMARKS.md's record`,
    );
  } catch (error) {
    notes.push(`guard: not run (${(error as Error).message})`);
  }

  const report = [
    `Date: ${new Date().toISOString()}; machine: ${facts.nproc} × ${facts.cpu}; Node ${facts.node}.`,
    `Command: npm run bench -- --seconds ${SECONDS} --rounds ${ROUNDS} --connections ${CONNECTIONS}.`,
    `wrk -t1 -c${CONNECTIONS} --latency, ${SECONDS} s × ${ROUNDS} rounds per side after 1 s warm-up, the order of the four sides rotating each round; server and baselines pinned to cores ${SERVER_CORES}, wrk to ${LOAD_CORES}.`,
    `Server: node ${[...PRODUCTION_NODE_ARGS, ''].join(' ')}dist/server/main.js (the ecosystem's node_args), NODE_ENV=production, LOG_LEVEL=info (stdout to a file), RATE_LIMIT_POINTS=${SERVER_ENV.RATE_LIMIT_POINTS} (counted, never throttled). The Koa floor and the peer run the same middleware from dist/, with the same settings.`,
    '',
    markdownTable(rows),
    '',
    ...notes.map((note) => `- ${note}`),
    '',
    "Server and bare CPU per request (the regression guard's table):",
    '',
    guardTable(rows),
  ].join('\n');
  console.log(report);
  mkdirSync('bench/results', { recursive: true });
  writeFileSync(`bench/results/${new Date().toISOString().replace(/[:.]/g, '-')}.md`, `${report}\n`);
} finally {
  rmSync(work, { recursive: true, force: true });
}
