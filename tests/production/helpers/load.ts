import http from 'node:http';
import type { Socket } from 'node:net';

export interface LoadOptions {
  /** Origin on 127.0.0.1. */
  readonly url: string;
  /** Paths requested in turn by each connection. */
  readonly paths: readonly string[];
  readonly connections: number;
  /** The longest the load runs; `stop()` ends it sooner. */
  readonly durationMs: number;
}

interface LoadResult {
  readonly requests: number;
  readonly statuses: Readonly<Record<number, number>>;
  /** Failed requests by error code (ECONNRESET, EPIPE, ...) or message. */
  readonly errors: Readonly<Record<string, number>>;
  /** Responses that carried `Connection: close`: a worker was draining. */
  readonly closedByServer: number;
  /** TCP connections opened over the run, and requests sent on a reused (kept-alive) one. */
  readonly connectionsOpened: number;
  readonly reusedRequests: number;
  /** Kept-alive connections the server closed while they sat idle in the client's pool. */
  readonly closedWhileIdle: number;
}

export interface RunningLoad {
  /** Requests completed so far, successful or not. */
  completed(): number;
  /** Ends the load after each connection's request in flight (before `durationMs` if it has not passed). */
  stop(): void;
  readonly done: Promise<LoadResult>;
}

/**
 * Steady keep-alive load for a bounded time: `connections` loops, each sending its next request as
 * soon as the previous one is answered, through one keep-alive agent (the same client behaviour as
 * autocannon, with every failure counted by its error code).
 */
export function startLoad(options: LoadOptions): RunningLoad {
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.connections });
  const statuses: Record<number, number> = {};
  const errors: Record<string, number> = {};
  let requests = 0;
  let closedByServer = 0;
  let connectionsOpened = 0;
  let reusedRequests = 0;
  let closedWhileIdle = 0;
  let finished = false;
  const opened = new WeakSet<Socket>();
  const lastResponseClosed = new WeakMap<Socket, boolean>();
  const deadline = Date.now() + options.durationMs;

  const once = (path: string) =>
    new Promise<void>((resolve) => {
      let connection: Socket | undefined;
      const req = http.get(
        `${options.url}${path}`,
        { agent, headers: { 'User-Agent': 'production-test' } },
        (res) => {
          res.resume();
          res.on('end', () => {
            statuses[res.statusCode ?? 0] = (statuses[res.statusCode ?? 0] ?? 0) + 1;
            const closing = res.headers.connection === 'close';
            if (closing) closedByServer += 1;
            if (connection) lastResponseClosed.set(connection, closing);
            resolve();
          });
        },
      );
      req.on('socket', (socket) => {
        connection = socket;
        if (opened.has(socket)) {
          reusedRequests += 1;
          return;
        }
        opened.add(socket);
        connectionsOpened += 1;
        socket.once('close', () => {
          if (!finished && lastResponseClosed.get(socket) === false) closedWhileIdle += 1;
        });
      });
      req.setTimeout(15_000, () =>
        req.destroy(Object.assign(new Error('request timed out'), { code: 'TIMEOUT' })),
      );
      req.on('error', (error: NodeJS.ErrnoException) => {
        const key = error.code ?? error.message;
        errors[key] = (errors[key] ?? 0) + 1;
        resolve();
      });
    }).finally(() => {
      requests += 1;
    });

  let stopped = false;
  const loop = async (offset: number) => {
    for (let i = offset; !stopped && Date.now() < deadline; i += 1)
      await once(options.paths[i % options.paths.length]!);
  };

  const done = Promise.all(Array.from({ length: options.connections }, (_, index) => loop(index))).then(
    () => {
      finished = true;
      agent.destroy();
      return {
        requests,
        statuses,
        errors,
        closedByServer,
        connectionsOpened,
        reusedRequests,
        closedWhileIdle,
      };
    },
  );
  return {
    completed: () => requests,
    stop: () => {
      stopped = true;
    },
    done,
  };
}
