/**
 * CPU per cache miss through the REST handler, A/B in one process: each build (a compiled `dist`, with
 * the `node_modules` found from it, so a build beside unpatched packages measures without a patch)
 * gets its own app modules and content; distinct `/api/v1/resets` queries (the page sizes of
 * `npm run bench`'s cold scenario, walked through their cursors) go through each build's handler in
 * alternating blocks, so drift on a shared machine reaches every build alike. A cache of one entry
 * makes every call a miss. Reports the median over blocks of CPU µs (process.cpuUsage) per call.
 * `npx tsx bench/miss-ab.ts [--content DIR] [--blocks N] [--calls N] LABEL=DIST ...`
 */
import path from 'node:path';
import type { Middleware } from 'koa';
import { readCommandLine } from '../tools/command-line.js';
import { CONTENT_OPTION, contentFolder, labelledFolders } from './bench-options.js';
import { median } from './report.js';

const {
  values: flags,
  positionals,
  refuse,
  positiveWhole,
} = readCommandLine({
  usage: 'tsx bench/miss-ab.ts [--content <dir>] [--blocks <n>] [--calls <n>] <label>=<dist>...',
  description:
    "CPU per cache miss through the REST handler, A/B in one process: each build's handler in alternating blocks.",
  arguments: [
    {
      name: '<label>=<dist>...',
      required: true,
      repeats: true,
      description: 'a build to measure: its compiled dist/ folder (with node_modules found from it)',
    },
  ],
  options: {
    content: CONTENT_OPTION,
    blocks: { type: 'string', value: '<n>', description: 'blocks per build (default 40)' },
    calls: { type: 'string', value: '<n>', description: 'calls per block (default 1000)' },
  },
});
const content = contentFolder(flags.content, refuse);
const blocks = positiveWhole('blocks', flags.blocks ?? '40');
const calls = positiveWhole('calls', flags.calls ?? '1000');
const dists = labelledFolders(positionals, '<dist>', 'server/app.js', refuse).map(({ label, folder }) => ({
  label,
  dist: folder,
}));
const BASE = 'http://localhost:3000';
/** The cold scenario's mix of page sizes (BENCHMARKS.md): 1,000 pages of 1 event, 808 of 2, … */
const MIX: readonly (readonly [number, number])[] = [
  [1, 1000],
  [2, 808],
  [3, 512],
  [5, 250],
  [10, 66],
  [20, 6],
];
const FILTERS = ['all', 'broad', 'max', 'pro', 'team'].flatMap((audience) =>
  ['any', 'five_hour', 'weekly'].flatMap((window) =>
    ['asc', 'desc'].map((order) => `order=${order}&audience=${audience}&window=${window}`),
  ),
);

interface FakeContext {
  querystring: string;
  status: number;
  body?: Buffer;
  set(): void;
}

async function handlerOf(dist: string, contentDir: string): Promise<(query: string) => Promise<FakeContext>> {
  const load = (file: string) => import(path.join(dist, file)) as Promise<Record<string, unknown>>;
  const { ContentState } = (await load('server/content/content-state.js')) as {
    ContentState: new (load: () => Promise<unknown>, base: string) => { reload(): Promise<unknown> };
  };
  const { loadContent } = (await load('server/content/read-content.js')) as {
    loadContent: (dir: string) => Promise<unknown>;
  };
  const { appRouter } = (await load('server/api/procedures.js')) as { appRouter: unknown };
  const { createRestBridge } = (await load('server/api/rest-bridge.js')) as {
    createRestBridge: (r: unknown) => unknown;
  };
  const { restOperations } = (await load('server/api/rest-operations.js')) as {
    restOperations: (r: unknown) => { path: string }[];
  };
  const { createRestResponder } = (await load('server/api/rest-responder.js')) as {
    createRestResponder: (o: unknown) => unknown;
  };
  const { ResponseCache } = (await load('server/api/response-cache.js')) as {
    ResponseCache: new (o: unknown) => unknown;
  };
  const { restHandler } = (await load('server/api/rest-handler.js')) as {
    restHandler: (op: unknown, responder: unknown, base: string) => Middleware;
  };
  // app.ts coerces the query schemas at load; the handler alone must do the same.
  await load('server/app.js');
  const content = new ContentState(() => loadContent(contentDir), BASE);
  await content.reload();
  const responder = createRestResponder({
    content,
    clock: Date.now,
    problemTypeBase: BASE,
    callProcedure: createRestBridge(appRouter),
    cache: new ResponseCache({ maxEntries: 1 }),
  });
  const operation = restOperations(appRouter).find((op) => op.path === '/api/v1/resets');
  const handle = restHandler(operation, responder, BASE);
  return async (query) => {
    const ctx: FakeContext = { querystring: query, status: 0, set: () => undefined };
    await handle(ctx as never, () => Promise.resolve());
    return ctx;
  };
}

/** Full pages of each size, walked through their cursors, in the cold scenario's proportions. */
async function coldQueries(call: (query: string) => Promise<FakeContext>): Promise<string[]> {
  const queries: string[] = [];
  for (const [limit, wanted] of MIX) {
    const found: string[] = [];
    for (const filters of FILTERS) {
      let query: string | null = `limit=${limit}&${filters}`;
      for (let page = 0; query !== null && page < Math.ceil((2 * wanted) / FILTERS.length); page += 1) {
        const body = JSON.parse((await call(query)).body!.toString('utf8')) as {
          data: unknown[];
          pagination: { next_cursor: string | null };
        };
        if (body.data.length < limit) break;
        found.push(query);
        const cursor = body.pagination.next_cursor;
        query = cursor === null ? null : `limit=${limit}&cursor=${cursor}`;
      }
    }
    queries.push(...found.slice(0, wanted));
  }
  // A fixed shuffle, so consecutive calls differ in filters and page size.
  let seed = 7;
  for (let i = queries.length - 1; i > 0; i -= 1) {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    const j = seed % (i + 1);
    [queries[i], queries[j]] = [queries[j]!, queries[i]!];
  }
  return queries;
}

const builds = [];
for (const { label, dist } of dists) {
  builds.push({
    label,
    call: await handlerOf(dist, path.resolve(content)),
    samples: [] as number[],
  });
}
const queries = await coldQueries(builds[0]!.call);
let next = 0;
async function block(call: (query: string) => Promise<FakeContext>): Promise<number> {
  const started = process.cpuUsage();
  for (let i = 0; i < calls; i += 1) {
    const ctx = await call(queries[next]!);
    if (ctx.status !== 200) throw new Error(`${queries[next]}: ${ctx.status}`);
    next = (next + 1) % queries.length;
  }
  const used = process.cpuUsage(started);
  return (used.user + used.system) / calls;
}
for (const build of builds) for (let i = 0; i < 5; i += 1) await block(build.call);
for (let round = 0; round < blocks; round += 1) {
  const order = round % 2 === 0 ? builds : [...builds].reverse();
  for (const build of order) build.samples.push(await block(build.call));
}
console.log(
  `${queries.length} distinct queries, ${blocks} blocks of ${calls} calls per build, ${content}, Node ${process.version}`,
);
for (const build of builds) {
  const sorted = [...build.samples].sort((a, b) => a - b);
  console.log(
    `${build.label.padEnd(12)} median ${median(build.samples).toFixed(1)} µs per miss (quartiles ${sorted[Math.floor(sorted.length / 4)]!.toFixed(1)}–${sorted[Math.floor((3 * sorted.length) / 4)]!.toFixed(1)})`,
  );
}
