import net from 'node:net';
import type { Socket } from 'node:net';
import test from 'ava';
import type { Middleware } from 'koa';
import { LINGER_BYTES, LINGER_MS } from '../../../server/http/lingering-close.js';
import type { RunningServer } from '../../helpers/with-server.js';
import { eventually } from '../../helpers/wait.js';
import { startServer } from '../../helpers/with-server.js';

interface ServerSide {
  readonly socket: Socket;
  /** When the server freed the socket. */
  readonly freed: Promise<number>;
}

/** The server's side of each request, by its method and URL, to see when the server frees it. */
const serverSides = new Map<string, ServerSide>();
const recordSocket: Middleware = async (ctx, next) => {
  const { socket } = ctx.req;
  const freed = new Promise<number>((resolve) => socket.once('close', () => resolve(performance.now())));
  serverSides.set(`${ctx.method} ${ctx.url}`, { socket, freed });
  await next();
};

let server: RunningServer;
test.before(async () => {
  server = await startServer({ before: recordSocket });
});
test.after.always(() => server.stop());

/** The server's side of the request `key` names, once it has arrived. */
async function serverSide(key: string): Promise<ServerSide> {
  await eventually(() => serverSides.has(key), { interval: 10 });
  return serverSides.get(key)!;
}

interface Exchange {
  /** Every byte the server sent. */
  readonly answer: Buffer;
  /** The error the client's socket met (a reset, or a write after the server closed), if any. */
  readonly error: string | undefined;
}

/**
 * Sends `head`, then a body of `bodyBytes` (for ever when Infinity) in chunks of `chunkBytes`, each
 * once the one before has left and `pauseMs` more have passed, whatever the server says meanwhile, as
 * a client uploading a body does; then ends its side. Resolves once the connection is closed, with
 * what came back and when the answer was whole.
 */
function sendWhileAnswered(
  head: string,
  bodyBytes: number,
  chunkBytes = 4096,
  pauseMs = 0,
): Promise<Exchange & { answeredAt: number }> {
  const { hostname, port } = new URL(server.url);
  return new Promise((resolve) => {
    const socket = net.connect({ port: Number(port), host: hostname, allowHalfOpen: true });
    const chunks: Buffer[] = [];
    let error: string | undefined;
    let answeredAt = Number.NaN;
    socket.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      if (Number.isNaN(answeredAt) && wholeAnswer(Buffer.concat(chunks))) answeredAt = performance.now();
    });
    socket.on('error', (failure: NodeJS.ErrnoException) => (error ??= failure.code ?? failure.message));
    // The server ended its side: the client ends its own once its body has been sent.
    socket.on('end', () => {
      if (left === 0) socket.end();
    });
    socket.on('close', () => resolve({ answer: Buffer.concat(chunks), error, answeredAt }));
    let left = bodyBytes;
    const sendChunk = () => {
      if (socket.destroyed || !socket.writable) return;
      if (left === 0) {
        socket.end();
        return;
      }
      const size = Math.min(chunkBytes, left);
      left -= size;
      socket.write(Buffer.alloc(size, 'a'), () => setTimeout(sendChunk, pauseMs));
    };
    socket.write(head, () => setImmediate(sendChunk));
  });
}

/** The status and the body of the one answer in `bytes`, when it arrived whole. */
function wholeAnswer(bytes: Buffer): { status: number; head: string; body: string } | null {
  const end = bytes.indexOf('\r\n\r\n');
  if (end === -1) return null;
  const head = bytes.toString('latin1', 0, end);
  const length = Number(/\r\ncontent-length: *(\d+)/i.exec(head)?.[1] ?? 0);
  if (bytes.length < end + 4 + length) return null;
  const body = bytes.toString('utf8', end + 4, end + 4 + length);
  return { status: Number(head.split(' ')[1]), head, body };
}

/** A body the server reads whole while lingering. */
const BODY_BYTES = 48 * 1024;

function request(method: string, path: string, length: number): string {
  return `${method} ${path} HTTP/1.1\r\nHost: tracker.test\r\nContent-Type: text/plain\r\nContent-Length: ${length}\r\n\r\n`;
}

/** Methods no route takes, each with a body the server answers before reading. */
const EARLY: readonly [string, string, number][] = [
  ['OPTIONS', '/api/v1/status', 204],
  ['MKCOL', '/api/v1/status', 405],
  ['SUBSCRIBE', '/api/v1/status', 405],
];

test('a client still sending its body reads the whole early answer, then a clean close', async (t) => {
  for (const [method, path, status] of EARLY) {
    const head = request(method, path, BODY_BYTES);
    // The old close lost such answers now and then, and left the client a reset nearly every time.
    for (let round = 0; round < 50; round += 1) {
      const { answer, error } = await sendWhileAnswered(head, BODY_BYTES);
      const whole = wholeAnswer(answer);
      if (!whole || whole.status !== status || error !== undefined) {
        t.fail(`${method}, round ${round}: ${error ?? 'no error'}; got ${answer.toString('latin1', 0, 200)}`);
        return;
      }
      t.regex(whole.head, /\r\nConnection: close(\r\n|$)/i);
      if (status !== 204) t.like(JSON.parse(whole.body), { status, code: 'method_not_allowed' });
    }
  }
});

test('a client that sends without end is cut off after the byte bound, its answer read', async (t) => {
  const exchange = sendWhileAnswered(request('MKCOL', '/api/v1/status?fast', 1 << 30), Infinity, 16 * 1024);
  const side = await serverSide('MKCOL /api/v1/status?fast');
  await side.freed;
  t.is(wholeAnswer((await exchange).answer)?.status, 405);
  // Read up to the bound, and what had arrived with the chunk that passed it.
  t.true(side.socket.bytesRead < LINGER_BYTES + 256 * 1024, `${side.socket.bytesRead} bytes read`);
});

test('a client that trickles its body for ever is cut off after the time bound, its answer read', async (t) => {
  const exchange = sendWhileAnswered(request('SUBSCRIBE', '/api/v1/status?slow', 1 << 30), Infinity, 256, 20);
  const freedAt = await (await serverSide('SUBSCRIBE /api/v1/status?slow')).freed;
  const { answer, answeredAt } = await exchange;
  t.is(wholeAnswer(answer)?.status, 405);
  t.true(
    freedAt - answeredAt < LINGER_MS + 500,
    `freed ${Math.round(freedAt - answeredAt)} ms after the answer`,
  );
});
