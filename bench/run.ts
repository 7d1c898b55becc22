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
import os from 'node:os';
import path from 'node:path';
import { collectResetUrls } from './collect-urls.js';
import { generateContent } from './generate-content.js';
import type { Running } from './processes.js';
import { machine, measureLoad, memoryOf, startHelper, startServer } from './processes.js';
import type { Row } from './report.js';
import { GUARD_TOLERANCE, guardReport, guardTable, readReferences } from './guard.js';
import { markdownTable, TARGETS } from './report.js';
import { ensureWrk } from './wrk.js';
import { DEMO_FIXTURE } from '../tests/helpers/fixtures.js';
import type { Scenario, Side } from './run-settings.js';
import {
  COLD_PER_LIMIT,
  CONNECTIONS,
  EVENTS,
  flags,
  HOT_RESETS,
  LIMITS,
  LOAD_CORES,
  PRODUCTION_NODE_ARGS,
  ROUNDS,
  SECONDS,
  SERVER_CORES,
  SERVER_ENV,
  SIDES,
  STATUS,
  TRPC_BATCH,
  TRPC_STATUS,
} from './run-settings.js';
import { check, etagOf, measure, pairTrpcWithRest } from './run-measure.js';

const work = mkdtempSync(path.join(os.tmpdir(), 'reset-bench-'));
const rows: Row[] = [];
const notes: string[] = [];
// Below the ephemeral range (32768+), where the load generator's own sockets could hold a port.
let nextPort = 21_000 + Math.floor(Math.random() * 5000);

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
  await generateContent(generated, EVENTS);
  await benchSet(`${EVENTS} events`, generated, coldCounts);
  const find = (set: string, name: string) => rows.find((row) => row.set === set && row.scenario === name)!;
  const defaultCold = find('default', TARGETS.cold.name);
  const largeCold = find(`${EVENTS} events`, TARGETS.cold.name);
  const restStatus = find('default', TARGETS.status.name);
  const trpcStatus = find('default', TARGETS.trpcStatus.name);
  const scale = largeCold.server.requestsPerSecond / defaultCold.server.requestsPerSecond;
  const trpcRatio = trpcStatus.server.requestsPerSecond / restStatus.server.requestsPerSecond;
  const trpcCpuRatio = restStatus.serverCpuUs / trpcStatus.serverCpuUs;
  const maxRss = Math.max(...rows.map((row) => row.rssMb));
  const largeLoadMs = loadMsBySet.get(`${EVENTS} events`)!;
  notes.push(
    `cold pages, ${EVENTS} events ÷ default content (server req/s): ${scale.toFixed(2)} (target ≥ 0.8 ${check(scale >= 0.8)})`,
    `tRPC hot status ÷ REST hot status (server req/s): ${trpcRatio.toFixed(2)} (target ≥ 0.8 ${check(trpcRatio >= 0.8)}); p99 ${trpcStatus.server.p99Ms.toFixed(2)} ms vs ${restStatus.server.p99Ms.toFixed(2)} ms (target ≤ 2× ${check(trpcStatus.server.p99Ms <= 2 * restStatus.server.p99Ms)}); by server CPU per request (REST µs ÷ tRPC µs): ${trpcCpuRatio.toFixed(2)}`,
    `server RSS after each scenario: at most ${maxRss.toFixed(0)} MB (target ≤ 256 ${check(maxRss <= 256)})`,
    `hot status p99 ${restStatus.server.p99Ms.toFixed(2)} ms ÷ bare node's ${restStatus.bare.p99Ms.toFixed(2)} ms: ${(restStatus.server.p99Ms / restStatus.bare.p99Ms).toFixed(1)}× (target ≤ 3× ${check(restStatus.server.p99Ms <= 3 * restStatus.bare.p99Ms)})`,
    `content load of ${EVENTS} events in a fresh process: ${largeLoadMs.toFixed(0)} ms (target < 1,000 ${check(largeLoadMs < 1000)})`,
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
