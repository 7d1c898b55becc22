/**
 * What an MCP tool call costs next to the REST request it stands for, A/B over builds: each build (a
 * folder holding its compiled `dist/` and `node_modules`) runs as its own server on the same content,
 * pinned to one core, and wrk loads it from the others. Per build, three faces: hot
 * `GET /api/v1/status`; hot `get_reset_status` tool calls (POST /mcp, the same cached response); and
 * the same call with a progress token (`_meta`), which the SDK server answers every time (no kept
 * answer serves it), so it carries the transport and the server's dispatch. The builds and the faces
 * alternate round by round, so drift on a shared machine reaches each alike; CPU per request is the
 * server's, from /proc. Ratios are read within one run.
 *
 *   npx tsx bench/mcp.ts [--seconds N] [--rounds N] [--content DIR] <label>=<dir>...
 */
import os from 'node:os';
import path from 'node:path';
import { readCommandLine } from '../tools/command-line.js';
import { CONTENT_OPTION, contentFolder, labelledFolders } from './bench-options.js';
import type { Running } from './processes.js';
import { buildNodeFlags, cpuTimeUs, startServer } from './processes.js';
import { median } from './report.js';
import type { WrkRun } from './wrk.js';
import { ensureWrk, runWrk } from './wrk.js';

const {
  values: flags,
  positionals,
  refuse,
  positiveWhole,
} = readCommandLine({
  usage: 'tsx bench/mcp.ts [--seconds <n>] [--rounds <n>] [--content <dir>] <label>=<dir>...',
  description:
    'Hot MCP tool calls against the REST request they stand for, A/B over builds, by rate and CPU.',
  arguments: [
    {
      name: '<label>=<dir>...',
      required: true,
      repeats: true,
      description: 'a build to measure: a folder holding its compiled dist/ and node_modules',
    },
  ],
  options: {
    seconds: { type: 'string', value: '<n>', description: 'seconds per wrk run (default 3)' },
    rounds: { type: 'string', value: '<n>', description: 'alternating rounds (default 4)' },
    content: CONTENT_OPTION,
  },
});
const SECONDS = positiveWhole('seconds', flags.seconds ?? '3');
const ROUNDS = positiveWhole('rounds', flags.rounds ?? '4');
const contentDir = path.resolve(contentFolder(flags.content, refuse));
const builds = labelledFolders(positionals, '<dir>', 'dist/server/main.js', refuse);
const pinning = os.availableParallelism() >= 2;

const call = (params: Record<string, unknown> = {}) =>
  JSON.stringify({
    jsonrpc: '2.0',
    id: 1,
    method: 'tools/call',
    params: { name: 'get_reset_status', arguments: {}, ...params },
  });
const MCP_HEADERS = [
  'Content-Type: application/json',
  'Accept: application/json, text/event-stream',
  'MCP-Protocol-Version: 2025-06-18',
];
const POST = path.resolve('bench/wrk/post.lua');
type Face = 'rest' | 'mcp' | 'mcp served';
const FACES: Record<Face, (origin: string) => Omit<WrkRun, 'seconds' | 'connections' | 'cores'>> = {
  rest: (origin) => ({ url: `${origin}/api/v1/status` }),
  mcp: (origin) => ({ url: `${origin}/mcp`, headers: MCP_HEADERS, script: { path: POST, args: [call()] } }),
  'mcp served': (origin) => ({
    url: `${origin}/mcp`,
    headers: MCP_HEADERS,
    script: { path: POST, args: [call({ _meta: { progressToken: 1 } })] },
  }),
};
const ORDER: readonly Face[] = ['rest', 'mcp', 'mcp served'];

interface Build {
  readonly label: string;
  readonly origin: string;
  readonly running: Running;
  readonly rates: Record<Face, number[]>;
  readonly cpu: Record<Face, number[]>;
  /** Non-2xx answers and socket errors (time-outs) over the run. */
  readonly errors: Record<Face, number>;
}

async function start(label: string, dir: string, port: number): Promise<Build> {
  const running = await startServer({
    dir,
    port,
    contentDir,
    logLevel: 'silent',
    logFile: '/dev/null',
    cores: pinning ? '0' : null,
    nodeArgs: buildNodeFlags(dir),
    env: {
      CONTENT_CACHE_DIR: 'off',
      PID_FILE: 'off',
      RATE_LIMIT_POINTS: '1000000000',
      RATE_LIMIT_WINDOW_SECONDS: '60',
    },
  });
  const empty = () =>
    Object.fromEntries(ORDER.map((face) => [face, [] as number[]])) as Record<Face, number[]>;
  const errors = { rest: 0, mcp: 0, 'mcp served': 0 };
  return { label, origin: running.origin, running, rates: empty(), cpu: empty(), errors };
}

async function measure(build: Build, face: Face, seconds: number): Promise<{ rate: number; cpu: number }> {
  const pid = build.running.pid;
  const before = cpuTimeUs(pid);
  const result = await runWrk({
    ...FACES[face](build.origin),
    seconds,
    connections: 50,
    cores: pinning ? `1-${os.availableParallelism() - 1}` : null,
  });
  const requests = result.requestsPerSecond * seconds;
  // A few time-outs (wrk's 2 s) on a busy shared machine are counted, not fatal; more is no valid run.
  if (result.errors > requests / 200) throw new Error(`${build.label} ${face}: ${result.errors} errors`);
  build.errors[face] += result.errors;
  return { rate: result.requestsPerSecond, cpu: (cpuTimeUs(pid) - before) / requests };
}

ensureWrk();
const servers: Build[] = [];
try {
  for (const [index, { label, folder }] of builds.entries())
    servers.push(await start(label, folder, 39_320 + index));
  // Warm-up: the SDK loads on the first call to /mcp (alone: 50 calls waiting on it would time out),
  // then each face's path compiles.
  for (const server of servers) {
    const response = await fetch(`${server.origin}/mcp`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: call(),
    });
    if (response.status !== 200) throw new Error(`${server.label}: /mcp answered ${response.status}`);
    for (const face of ORDER) await measure(server, face, 1);
    for (const face of ORDER) server.errors[face] = 0;
  }
  for (let round = 0; round < ROUNDS; round += 1) {
    const order = round % 2 === 0 ? servers : [...servers].reverse();
    const faces = round % 2 === 0 ? ORDER : [...ORDER].reverse();
    for (const server of order) {
      for (const face of faces) {
        const { rate, cpu } = await measure(server, face, SECONDS);
        server.rates[face].push(rate);
        server.cpu[face].push(cpu);
      }
    }
  }
  console.log(`${ROUNDS} rounds of ${SECONDS} s per face and build, Node ${process.version}, medians`);
  console.log(
    '| build | REST µs | MCP µs | MCP served µs | MCP ÷ REST, rate | MCP ÷ REST, CPU | served ÷ REST, CPU | errors |',
  );
  console.log('| --- | --: | --: | --: | --: | --: | --: | --: |');
  for (const server of servers) {
    const rate = (face: Face) => median(server.rates[face]);
    const cpu = (face: Face) => median(server.cpu[face]);
    console.log(
      `| ${server.label} | ${cpu('rest').toFixed(0)} | ${cpu('mcp').toFixed(0)} | ${cpu('mcp served').toFixed(0)} | ${(rate('mcp') / rate('rest')).toFixed(2)} | ${(cpu('mcp') / cpu('rest')).toFixed(2)} | ${(cpu('mcp served') / cpu('rest')).toFixed(2)} | ${Object.values(server.errors).join(' / ')} |`,
    );
  }
} finally {
  await Promise.all(servers.map((server) => server.running.stop()));
}
