/**
 * `npm run bench`: the real compiled server against a bare node:http baseline serving the same bytes,
 * same load generator and settings, ratios measured in one run. See BENCHMARKS.md.
 *
 * Options: --seconds N (per measured run, default 3), --rounds N (default 3), --connections N (50),
 * --events N (generated set, 10000), --skip-build, --no-silent, --profile DIR (V8 CPU profiles of the server).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { collectResetUrls } from './collect-urls.js';
import { generateContent } from './generate-content.js';
import type { Running } from './processes.js';
import { machine, measureLoad, memoryOf, startBaseline, startServer } from './processes.js';
import type { Row } from './report.js';
import { markdownTable, median, summarize } from './report.js';
import type { WrkResult, WrkRun } from './wrk.js';
import { ensureWrk, runWrk } from './wrk.js';

const { values: flags } = parseArgs({
  options: {
    seconds: { type: 'string', default: '3' },
    rounds: { type: 'string', default: '3' },
    connections: { type: 'string', default: '50' },
    events: { type: 'string', default: '10000' },
    'skip-build': { type: 'boolean', default: false },
    'no-silent': { type: 'boolean', default: false },
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
/** The node flags production runs the workers with (PM2's `node_args`). */
const PRODUCTION_NODE_ARGS = ((): string[] => {
  const ecosystem = createRequire(import.meta.url)('../ecosystem.config.cjs') as {
    apps: { node_args?: string | string[] }[];
  };
  const args = ecosystem.apps[0]?.node_args ?? [];
  return typeof args === 'string' ? args.split(/\s+/).filter(Boolean) : args;
})();
/** The limiter runs (its cost is measured) but never throttles the bench. */
const SERVER_ENV = { RATE_LIMIT_POINTS: '1000000000', RATE_LIMIT_WINDOW_SECONDS: '60' };
/** Page sizes of the cold scenario; the default set has no full page of 50 or 100 events. */
const LIMITS = [1, 2, 3, 5, 10, 20];
/** Cold URLs per page size, at most; comfortably more than the response cache holds (2,000) in all. */
const COLD_PER_LIMIT = 1000;
const STATUS = '/api/v1/status';
const HOT_RESETS = '/api/v1/resets?limit=100';
const TRPC_STATUS = `/api/trpc/getResetStatus?input=${encodeURIComponent('{}')}`;

interface Scenario {
  readonly name: string;
  readonly path: string;
  readonly target: number | null;
  readonly headers?: readonly string[];
  readonly pathsFile?: string;
  /** Mean body size, when the requests differ. */
  readonly bodyBytes?: number;
}

const work = mkdtempSync(path.join(os.tmpdir(), 'reset-bench-'));
const rows: Row[] = [];
const notes: string[] = [];
// Below the ephemeral range (32768+), where the load generator's own sockets could hold a port.
let nextPort = 21_000 + Math.floor(Math.random() * 5000);

async function measure(set: string, scenario: Scenario, server: Running, bare: Running): Promise<Row> {
  const settings = (origin: string): WrkRun => ({
    url: origin + (scenario.pathsFile ? '' : scenario.path),
    seconds: SECONDS,
    connections: CONNECTIONS,
    headers: scenario.headers ?? [],
    script: scenario.pathsFile ? { path: 'bench/wrk/paths.lua', args: [scenario.pathsFile] } : undefined,
    cores: LOAD_CORES,
  });
  await runWrk({ ...settings(server.origin), seconds: 1 });
  await runWrk({ ...settings(bare.origin), seconds: 1 });
  const ours: WrkResult[] = [];
  const theirs: WrkResult[] = [];
  const ratios: number[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    // Alternate who goes first, so drift on a shared machine does not favour one side.
    if (round % 2 === 0) {
      ours.push(await runWrk(settings(server.origin)));
      theirs.push(await runWrk(settings(bare.origin)));
    } else {
      theirs.push(await runWrk(settings(bare.origin)));
      ours.push(await runWrk(settings(server.origin)));
    }
    ratios.push(ours.at(-1)!.requestsPerSecond / theirs.at(-1)!.requestsPerSecond);
  }
  const sample = await fetch(server.origin + scenario.path, {
    headers: Object.fromEntries((scenario.headers ?? []).map((h) => h.split(': ', 2) as [string, string])),
  });
  const row: Row = {
    set,
    scenario: scenario.name,
    server: summarize(ours),
    bare: summarize(theirs),
    ratio: median(ratios),
    target: scenario.target,
    rssMb: memoryOf(server.pid).rssMb,
    bodyBytes: scenario.bodyBytes ?? (await sample.arrayBuffer()).byteLength,
  };
  console.error(markdownTable([row]).split('\n')[2]);
  return row;
}

async function etagOf(origin: string, url: string): Promise<string> {
  const response = await fetch(origin + url);
  await response.arrayBuffer();
  return response.headers.get('etag') ?? '';
}

async function benchSet(
  set: string,
  contentDir: string,
  withSilent: boolean,
  coldTarget: number | null,
  coldCounts: ReadonlyMap<number, number> | null,
): Promise<ReadonlyMap<number, number>> {
  const logFile = path.join(work, `${set}-server.log`);
  const serverOptions = {
    contentDir,
    logFile,
    cores: SERVER_CORES,
    env: SERVER_ENV,
    nodeArgs: [
      ...PRODUCTION_NODE_ARGS,
      ...(flags.profile ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(flags.profile)}`] : []),
    ],
  };
  let server = await startServer({ ...serverOptions, port: nextPort++, logLevel: 'info' });
  const load = await measureLoad(contentDir);
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
  writeFileSync(urlsFile, [STATUS, `304 ${STATUS} ${etag}`, HOT_RESETS, TRPC_STATUS, ...cold].join('\n'));
  const bare = await startBaseline(nextPort++, server.origin, urlsFile, SERVER_CORES);
  notes.push(
    `${set}: ${cold.length} distinct cold URLs (full pages; by limit ${[...byLimit].map(([l, u]) => `${l}: ${u.length}`).join(', ')}); content load ${load.loadMs.toFixed(0)} ms (fresh process, RSS ${load.rssMb.toFixed(0)} MB); server ready in ${server.readyMs.toFixed(0)} ms`,
  );

  const scenarios: Scenario[] =
    set === 'default'
      ? [
          { name: '1. hot GET /api/v1/status', path: STATUS, target: 0.5 },
          {
            name: '2. /api/v1/status If-None-Match (304)',
            path: STATUS,
            target: 0.6,
            headers: [`If-None-Match: ${etag}`],
          },
          { name: '3. hot /api/v1/resets?limit=100', path: HOT_RESETS, target: 0.4 },
          {
            name: '4. cold /api/v1/resets pages',
            path: cold[0]!,
            target: 0.15,
            pathsFile: coldFile,
            bodyBytes: meanBytes,
          },
          { name: '5. GET /api/trpc/getResetStatus', path: TRPC_STATUS, target: null },
        ]
      : [
          { name: '3. hot /api/v1/resets?limit=100', path: HOT_RESETS, target: 0.4 },
          {
            name: '4. cold /api/v1/resets pages',
            path: cold[0]!,
            target: coldTarget,
            pathsFile: coldFile,
            bodyBytes: meanBytes,
          },
        ];
  for (const scenario of scenarios) rows.push(await measure(set, scenario, server, bare));
  const memory = memoryOf(server.pid);
  notes.push(
    `${set}: server RSS after its scenarios ${memory.rssMb.toFixed(0)} MB (peak ${memory.peakMb.toFixed(0)} MB)`,
  );
  await server.stop();

  if (withSilent) {
    server = await startServer({ ...serverOptions, port: nextPort++, logLevel: 'silent' });
    for (const scenario of scenarios.slice(0, 3)) {
      rows.push(await measure(`${set}, LOG_LEVEL=silent`, { ...scenario, target: null }, server, bare));
    }
    await server.stop();
  }
  await bare.stop();
  return new Map([...byLimit].map(([limit, urls]) => [limit, urls.length]));
}

try {
  ensureWrk();
  if (!flags['skip-build']) execFileSync('npm', ['run', 'build'], { stdio: ['ignore', 'ignore', 'inherit'] });
  const facts = machine();
  console.error(
    `bench: ${facts.nproc} cores (${facts.cpu}), Node ${facts.node}; server cores ${SERVER_CORES}, wrk cores ${LOAD_CORES}`,
  );
  const coldCounts = await benchSet('default', path.resolve('content'), !flags['no-silent'], 0.15, null);
  const defaultCold = rows.find((row) => row.set === 'default' && row.scenario.startsWith('4.'))!;
  const generated = path.join(work, 'content-10k');
  await generateContent(generated, Number(flags.events));
  await benchSet(`${flags.events} events`, generated, false, null, coldCounts);
  const largeCold = rows.find(
    (row) => row.set === `${flags.events} events` && row.scenario.startsWith('4.'),
  )!;
  const scale = largeCold.server.requestsPerSecond / defaultCold.server.requestsPerSecond;
  notes.push(
    `cold pages, ${flags.events} events ÷ default content (server req/s): ${scale.toFixed(2)} (target ≥ 0.8)`,
  );

  const report = [
    `Date: ${new Date().toISOString()}; machine: ${facts.nproc} × ${facts.cpu}; Node ${facts.node}.`,
    `Command: npm run bench -- --seconds ${SECONDS} --rounds ${ROUNDS} --connections ${CONNECTIONS}.`,
    `wrk -t1 -c${CONNECTIONS} --latency, ${SECONDS} s × ${ROUNDS} rounds per side after 1 s warm-up; server and baseline pinned to cores ${SERVER_CORES}, wrk to ${LOAD_CORES}.`,
    `Server: node ${[...PRODUCTION_NODE_ARGS, ''].join(' ')}dist/server/main.js (the ecosystem's node_args), NODE_ENV=production, LOG_LEVEL=info (stdout to a file), RATE_LIMIT_POINTS=${SERVER_ENV.RATE_LIMIT_POINTS} (counted, never throttled).`,
    '',
    markdownTable(rows),
    '',
    ...notes.map((note) => `- ${note}`),
  ].join('\n');
  console.log(report);
  mkdirSync('bench/results', { recursive: true });
  writeFileSync(`bench/results/${new Date().toISOString().replace(/[:.]/g, '-')}.md`, `${report}\n`);
} finally {
  rmSync(work, { recursive: true, force: true });
}
