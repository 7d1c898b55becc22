/**
 * What an MCP tool call costs next to the REST request it stands for, on the compiled server
 * (`npm run build` first): hot `get_reset_status` calls on POST /mcp ÷ hot GET /api/v1/status, by
 * rate and by server CPU per request (from /proc), in alternating rounds of wrk in one run. Both are
 * response-cache hits; the difference is MCP's per-request server, transport and JSON-RPC framing.
 *
 * The same two requests also go to the Koa floor (bench/koa-floor.ts: the server's pipeline and
 * routes, answering the real server's bytes): there POST /mcp reads the body as the endpoint does
 * and sends the real answer, with no MCP work at all. Its ratio is the most a tool call can reach
 * against REST in this pipeline, for a request with a body and an answer of that size.
 *
 *   npx tsx bench/mcp.ts [--seconds N] [--rounds N] [--content DIR] [--profile DIR]
 *
 * `--profile DIR` also writes a V8 CPU profile of the server there (`bench/profile-summary.ts` reads it).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { readCommandLine } from '../tools/command-line.js';
import { CONTENT_OPTION, contentFolder } from './bench-options.js';
import { cpuTimeUs, startHelper, startServer } from './processes.js';
import { median } from './report.js';
import type { WrkRun } from './wrk.js';
import { ensureWrk, runWrk } from './wrk.js';
import { nodeFlags } from '../server/node-flags.cjs';

const {
  values: flags,
  refuse,
  positiveWhole,
} = readCommandLine({
  usage: 'tsx bench/mcp.ts [--seconds <n>] [--rounds <n>] [--content <dir>] [--profile <dir>]',
  description:
    'Hot MCP tool calls against the REST request they stand for, on the server and on the Koa floor, by rate and CPU.',
  options: {
    seconds: { type: 'string', value: '<n>', description: 'seconds per wrk run (default 3)' },
    rounds: { type: 'string', value: '<n>', description: 'alternating rounds (default 4)' },
    content: CONTENT_OPTION,
    profile: { type: 'string', value: '<dir>', description: 'write a V8 CPU profile of the server there' },
  },
});
const SECONDS = positiveWhole('seconds', flags.seconds ?? '3');
const ROUNDS = positiveWhole('rounds', flags.rounds ?? '4');
const CONTENT = contentFolder(flags.content, refuse);
const PORT = 39_310;
const FLOOR_PORT = PORT + 1;
const origin = `http://127.0.0.1:${PORT}`;
const floorOrigin = `http://127.0.0.1:${FLOOR_PORT}`;
const pinning = os.availableParallelism() >= 2;
/** The V8 flags `npm start` passes, for the server and the floor alike. */
const NODE_ARGS = nodeFlags();
const CALL = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'tools/call',
  params: { name: 'get_reset_status', arguments: {} },
});

type Face = 'rest' | 'mcp' | 'floor rest' | 'floor mcp';
const MCP_REQUEST = {
  headers: [
    'Content-Type: application/json',
    'Accept: application/json, text/event-stream',
    'MCP-Protocol-Version: 2025-06-18',
  ],
  script: { path: path.resolve('bench/wrk/post.lua'), args: [CALL] },
};
const FACES: Record<Face, Omit<WrkRun, 'seconds' | 'connections' | 'cores'>> = {
  rest: { url: `${origin}/api/v1/status` },
  mcp: { url: `${origin}/mcp`, ...MCP_REQUEST },
  'floor rest': { url: `${floorOrigin}/api/v1/status` },
  'floor mcp': { url: `${floorOrigin}/mcp`, ...MCP_REQUEST },
};
const ORDER: readonly Face[] = ['rest', 'mcp', 'floor rest', 'floor mcp'];

ensureWrk();
const server = await startServer({
  port: PORT,
  contentDir: path.resolve(CONTENT),
  logLevel: 'silent',
  logFile: '/dev/null',
  cores: pinning ? '0' : null,
  env: { RATE_LIMIT_POINTS: '1000000000', RATE_LIMIT_WINDOW_SECONDS: '60' },
  nodeArgs: [
    ...NODE_ARGS,
    ...(flags.profile ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(flags.profile)}`] : []),
  ],
});
const work = mkdtempSync(path.join(os.tmpdir(), 'bench-mcp-'));
const urlsFile = path.join(work, 'urls');
writeFileSync(urlsFile, '/api/v1/status\n');
const floor = await startHelper('floor', ['bench/koa-floor.ts', String(FLOOR_PORT), origin, urlsFile, CALL], {
  port: FLOOR_PORT,
  cores: pinning ? '0' : null,
  env: { RATE_LIMIT_POINTS: '1000000000', RATE_LIMIT_WINDOW_SECONDS: '60' },
  nodeArgs: NODE_ARGS,
});
const pids: Record<Face, number> = {
  rest: server.pid,
  mcp: server.pid,
  'floor rest': floor.pid,
  'floor mcp': floor.pid,
};
try {
  const rates = Object.fromEntries(ORDER.map((face) => [face, [] as number[]])) as Record<Face, number[]>;
  const cpu = Object.fromEntries(ORDER.map((face) => [face, [] as number[]])) as Record<Face, number[]>;
  for (let round = 0; round < ROUNDS; round += 1) {
    const order = round % 2 === 0 ? ORDER : [...ORDER].reverse();
    for (const face of order) {
      const before = cpuTimeUs(pids[face]);
      const result = await runWrk({
        ...FACES[face],
        seconds: SECONDS,
        connections: 50,
        cores: pinning ? `1-${os.availableParallelism() - 1}` : null,
      });
      if (result.errors > 0) throw new Error(`${face}: ${result.errors} errors`);
      const requests = result.requestsPerSecond * SECONDS;
      rates[face].push(result.requestsPerSecond);
      cpu[face].push((cpuTimeUs(pids[face]) - before) / requests);
    }
  }
  console.log('| face | requests/s (median) | server CPU µs per request (median) |\n|---|---|---|');
  for (const face of ORDER) {
    console.log(`| ${face} | ${median(rates[face]).toFixed(0)} | ${median(cpu[face]).toFixed(0)} |`);
  }
  const ratios = (face: Face, against: Face) =>
    `rate ${(median(rates[face]) / median(rates[against])).toFixed(2)}, CPU per request ${(median(cpu[face]) / median(cpu[against])).toFixed(2)}`;
  console.log(`\nMCP ÷ REST: ${ratios('mcp', 'rest')}`);
  console.log(
    `Koa floor, POST /mcp ÷ GET /api/v1/status (no MCP work): ${ratios('floor mcp', 'floor rest')}`,
  );
  console.log(`MCP ÷ the floor's POST: ${ratios('mcp', 'floor mcp')}`);
} finally {
  await floor.stop();
  await server.stop();
  rmSync(work, { recursive: true, force: true });
}
