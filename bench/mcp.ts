/**
 * What an MCP tool call costs next to the REST request it stands for, on the compiled server
 * (`npm run build` first): hot `get_reset_status` calls on POST /mcp ÷ hot GET /api/v1/status, by
 * rate and by server CPU per request (from /proc), in alternating rounds of wrk in one run. Both are
 * response-cache hits; the difference is MCP's per-request server, transport and JSON-RPC framing.
 *
 *   npx tsx bench/mcp.ts [--seconds N] [--rounds N] [--content DIR] [--profile DIR]
 *
 * `--profile DIR` also writes a V8 CPU profile of the server there (`bench/profile-summary.ts` reads it).
 */
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { cpuTimeUs, startServer } from './processes.js';
import { median } from './report.js';
import type { WrkRun } from './wrk.js';
import { ensureWrk, runWrk } from './wrk.js';
import { DEMO_FIXTURE } from '../tests/helpers/fixtures.js';

const { values: flags } = parseArgs({
  options: {
    seconds: { type: 'string', default: '3' },
    rounds: { type: 'string', default: '4' },
    content: { type: 'string', default: DEMO_FIXTURE },
    profile: { type: 'string' },
  },
});
const PORT = 39_310;
const origin = `http://127.0.0.1:${PORT}`;
const pinning = os.availableParallelism() >= 2;
const CALL = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'tools/call',
  params: { name: 'get_reset_status', arguments: {} },
});

const FACES: Record<'rest' | 'mcp', Omit<WrkRun, 'seconds' | 'connections' | 'cores'>> = {
  rest: { url: `${origin}/api/v1/status` },
  mcp: {
    url: `${origin}/mcp`,
    headers: [
      'Content-Type: application/json',
      'Accept: application/json, text/event-stream',
      'MCP-Protocol-Version: 2025-06-18',
    ],
    script: { path: path.resolve('bench/wrk/post.lua'), args: [CALL] },
  },
};

ensureWrk();
const server = await startServer({
  port: PORT,
  contentDir: path.resolve(flags.content),
  logLevel: 'silent',
  logFile: '/dev/null',
  cores: pinning ? '0' : null,
  env: { RATE_LIMIT_POINTS: '1000000000', RATE_LIMIT_WINDOW_SECONDS: '60' },
  nodeArgs: [
    ...(createRequire(import.meta.url)('../server/node-flags.json') as string[]),
    ...(flags.profile ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(flags.profile)}`] : []),
  ],
});
try {
  const rates = { rest: [] as number[], mcp: [] as number[] };
  const cpu = { rest: [] as number[], mcp: [] as number[] };
  for (let round = 0; round < Number(flags.rounds); round += 1) {
    const order = round % 2 === 0 ? (['rest', 'mcp'] as const) : (['mcp', 'rest'] as const);
    for (const face of order) {
      const before = cpuTimeUs(server.pid);
      const result = await runWrk({
        ...FACES[face],
        seconds: Number(flags.seconds),
        connections: 50,
        cores: pinning ? `1-${os.availableParallelism() - 1}` : null,
      });
      if (result.errors > 0) throw new Error(`${face}: ${result.errors} errors`);
      const requests = result.requestsPerSecond * Number(flags.seconds);
      rates[face].push(result.requestsPerSecond);
      cpu[face].push((cpuTimeUs(server.pid) - before) / requests);
    }
  }
  console.log('| face | requests/s (median) | server CPU µs per request (median) |\n|---|---|---|');
  for (const face of ['rest', 'mcp'] as const) {
    console.log(`| ${face} | ${median(rates[face]).toFixed(0)} | ${median(cpu[face]).toFixed(0)} |`);
  }
  const rate = median(rates.mcp) / median(rates.rest);
  const perRequest = median(cpu.mcp) / median(cpu.rest);
  console.log(`\nMCP ÷ REST: rate ${rate.toFixed(2)}, CPU per request ${perRequest.toFixed(2)}`);
} finally {
  await server.stop();
}
