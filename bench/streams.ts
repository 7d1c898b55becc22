/**
 * Live status streams on one compiled server (`npm run build` first): RSS with none open and with N
 * open, and the time from a republish (SIGHUP) to the moment the last stream has its new `status`
 * event. Each stream is a plain node:http request read by an independent SSE parser. At the end the
 * bench closes them, waits for `/healthz` to count none, and checks the server exits 0 on SIGTERM.
 *
 *   npx tsx bench/streams.ts [--streams N] [--republishes N]
 */
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { createParser } from 'eventsource-parser';
import { readCommandLine } from '../tools/command-line.js';
import type { Exit } from './processes.js';
import { cpuTimeUs, memoryOf, startServer } from './processes.js';
import { DEMO_FIXTURE } from '../tests/helpers/fixtures.js';
import { nodeFlags } from '../server/node-flags.cjs';

const { values: flags, positiveWhole } = readCommandLine({
  usage: 'npm run bench:streams -- [--streams <n>] [--republishes <n>]',
  description: 'Opens N status streams on one server, then measures RSS and republish-to-last-event time.',
  options: {
    streams: { type: 'string', value: '<n>', description: 'streams to open (default 2000)' },
    republishes: { type: 'string', value: '<n>', description: 'republishes to time (default 3)' },
  },
});
const COUNT = positiveWhole('streams', flags.streams ?? '2000');
const REPUBLISHES = positiveWhole('republishes', flags.republishes ?? '3');
const PORT = 39_400;
const BATCH = 100;

interface Stream {
  /** When each content revision's event arrived (performance.now()). */
  readonly arrivals: Map<string, number>;
  close(): void;
}

const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });
const waiters = new Set<() => void>();
/** How many streams have received each revision's event. */
const received = new Map<string, number>();

function openStream(url: string): Promise<Stream> {
  return new Promise((resolve, reject) => {
    const arrivals = new Map<string, number>();
    const request = http.get(url, { agent, headers: { accept: 'text/event-stream' } }, (response) => {
      const parser = createParser({
        onEvent: (event) => {
          if (event.event !== 'status' || !event.id) return;
          arrivals.set(event.id, performance.now());
          const count = (received.get(event.id) ?? 0) + 1;
          received.set(event.id, count);
          if (count === COUNT) for (const wake of waiters) wake();
          if (arrivals.size === 1) resolve({ arrivals, close: () => request.destroy() });
        },
      });
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => parser.feed(chunk));
    });
    request.on('error', reject);
  });
}

async function until(test: () => boolean, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (!test()) {
    const left = deadline - Date.now();
    if (left <= 0) return false;
    await new Promise<void>((wake) => {
      const done = () => {
        waiters.delete(done);
        clearTimeout(timer);
        wake();
      };
      const timer = setTimeout(done, Math.min(left, 100));
      waiters.add(done);
    });
  }
  return true;
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
};

const temp = await mkdtemp(path.join(os.tmpdir(), 'reset-tracker-streams-'));
const contentDir = path.join(temp, 'content');
await cp(DEMO_FIXTURE, contentDir, { recursive: true });
const server = await startServer({
  port: PORT,
  contentDir,
  logLevel: 'warn',
  logFile: '/dev/null',
  cores: null,
  env: {
    RATE_LIMIT_POINTS: '0',
    STREAMS_PER_CLIENT: String(COUNT + 10),
    STREAMS_PER_PROCESS: String(COUNT + 10),
    CONTENT_CACHE_DIR: 'off',
    PID_FILE: 'off',
  },
  nodeArgs: nodeFlags(),
});
const streams: Stream[] = [];
const openStreams = async () =>
  ((await (await fetch(`${server.origin}/healthz`)).json()) as { open_streams: number }).open_streams;
let exit: Exit;
let stopMs: number;
try {
  for (let i = 0; i < 20; i += 1) await (await fetch(`${server.origin}/api/v1/status`)).arrayBuffer();
  const before = memoryOf(server.pid).rssMb;
  const opening = performance.now();
  for (let i = 0; i < COUNT; i += BATCH) {
    const batch = Math.min(BATCH, COUNT - i);
    streams.push(
      ...(await Promise.all(
        Array.from({ length: batch }, () => openStream(`${server.origin}/api/v1/status/stream`)),
      )),
    );
  }
  const openMs = performance.now() - opening;
  const open = await openStreams();
  if (open !== COUNT) throw new Error(`/healthz counts ${open} streams`);
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const after = memoryOf(server.pid).rssMb;
  console.log(`${COUNT} streams open in ${openMs.toFixed(0)} ms; /healthz open_streams ${open}`);
  console.log(
    `RSS ${before.toFixed(1)} MB with none, ${after.toFixed(1)} MB with ${COUNT}: ` +
      `${(((after - before) * 1024) / COUNT).toFixed(1)} KB per stream`,
  );

  const collection = path.join(contentDir, 'collection.json');
  const cpu: { server: number; bench: number }[] = [];
  console.log(
    '\n| republish | SIGHUP → last stream | median | p99 | streams with it |\n|---|---|---|---|---|',
  );
  for (let round = 1; round <= REPUBLISHES; round += 1) {
    const data = JSON.parse(await readFile(collection, 'utf8')) as { editorial_reviewed_at: string };
    data.editorial_reviewed_at = `2026-11-2${round}T0${round}:00:00Z`;
    await writeFile(collection, `${JSON.stringify(data, null, 2)}\n`);
    const known = new Set(received.keys());
    const serverCpu = cpuTimeUs(server.pid);
    const ownCpu = process.cpuUsage();
    const signalled = performance.now();
    process.kill(server.pid, 'SIGHUP');
    const fresh = (stream: Stream) => [...stream.arrivals.keys()].some((id) => !known.has(id));
    await until(() => [...received].some(([id, count]) => !known.has(id) && count === COUNT), 30_000);
    const own = process.cpuUsage(ownCpu);
    cpu.push({ server: (cpuTimeUs(server.pid) - serverCpu) / 1000, bench: (own.user + own.system) / 1000 });
    const delays = streams.filter(fresh).map((stream) => {
      const id = [...stream.arrivals.keys()].find((key) => !known.has(key))!;
      return stream.arrivals.get(id)! - signalled;
    });
    console.log(
      `| ${round} | ${Math.max(...delays).toFixed(0)} ms | ${percentile(delays, 50).toFixed(0)} ms | ` +
        `${percentile(delays, 99).toFixed(0)} ms | ${delays.length} of ${COUNT} |`,
    );
  }
  console.log(
    `\nCPU from SIGHUP to the last event: server ${cpu.map((c) => c.server.toFixed(0)).join(', ')} ms; ` +
      `this bench (parsing every stream) ${cpu.map((c) => c.bench.toFixed(0)).join(', ')} ms`,
  );

  for (const stream of streams) stream.close();
  let left = COUNT;
  for (let attempt = 0; attempt < 50 && left > 0; attempt += 1) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    left = await openStreams();
  }
  if (left > 0) throw new Error(`/healthz still counts ${left} streams 5 s after the bench closed them`);
  console.log('/healthz open_streams 0 after closing them');
} finally {
  for (const stream of streams) stream.close();
  const stopping = performance.now();
  exit = await server.stop();
  stopMs = performance.now() - stopping;
  await rm(temp, { recursive: true, force: true });
}
// The stop escalates to SIGKILL after 15 s; only a clean exit on SIGTERM counts.
if (exit.code !== 0) throw new Error(`server did not exit 0 on SIGTERM: ${exit.signal ?? exit.code}`);
console.log(`server exited 0 ${stopMs.toFixed(0)} ms after SIGTERM`);
