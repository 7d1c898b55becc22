import net from 'node:net';
import test from 'ava';
import { usingServer } from '../../helpers/with-server.js';
import { eventually } from '../../helpers/wait.js';

/**
 * An idle TCP connection to `url` from the loopback address `from`; `closed` says when the server closed
 * it. The socket reads what it is sent: a connection past the headers time-out may be answered 408
 * before it is closed (Node's own check, when it comes before the socket's time-out), and a socket
 * that left those bytes unread would never see the close that follows them.
 */
async function idleFrom(url: string, from: string): Promise<{ socket: net.Socket; closed: () => boolean }> {
  const { port } = new URL(url);
  const socket = net.connect({ host: '127.0.0.1', port: Number(port), localAddress: from });
  socket.resume();
  let closed = false;
  socket.on('close', () => (closed = true));
  socket.on('error', () => (closed = true));
  await new Promise<void>((resolve) => {
    socket.once('connect', resolve);
    socket.once('close', resolve);
  });
  return { socket, closed: () => closed };
}

const ENV = { CONNECTIONS_PER_CLIENT: '3', HEADERS_TIMEOUT_MS: '800', KEEP_ALIVE_TIMEOUT_MS: '300' };

test('idle connections are capped per client address, and /healthz keeps answering', async (t) => {
  await usingServer({ env: ENV }, async (server) => {
    const sockets: { socket: net.Socket; closed: () => boolean }[] = [];
    try {
      for (const from of ['127.0.0.2', '127.0.0.3', '127.0.0.4'])
        for (let n = 0; n < 6; n += 1) sockets.push(await idleFrom(server.url, from));
      // Each address holds three; the three past the cap are closed as they open.
      await eventually(() => sockets.filter((s) => s.closed()).length === 9);
      const held = sockets.filter((s) => !s.closed()).length;
      t.is(held, 9, 'three held per address');
      const health = await fetch(`${server.url}/healthz`);
      t.is(health.status, 200, '/healthz answers from another address');
      // A held connection that sends no headers is closed once the headers time-out passes.
      const started = Date.now();
      t.true(await eventually(() => sockets.every((s) => s.closed())), 'every idle connection closed');
      t.true(Date.now() - started < 3000, `closed ${Date.now() - started} ms after the cap`);
      const again = await idleFrom(server.url, '127.0.0.2');
      t.false(again.closed(), 'the address may connect again');
      again.socket.destroy();
    } finally {
      for (const { socket } of sockets) socket.destroy();
    }
  });
});

test('a kept-alive connection is closed once idle for the keep-alive time-out', async (t) => {
  await usingServer({ env: ENV }, async (server) => {
    const { socket, closed } = await idleFrom(server.url, '127.0.0.5');
    try {
      socket.write('GET /healthz HTTP/1.1\r\nHost: tracker.test\r\n\r\n');
      const head = await new Promise<string>((resolve) =>
        socket.once('data', (chunk: Buffer) => resolve(chunk.toString('latin1'))),
      );
      t.regex(head, /^HTTP\/1\.1 200 /);
      const answered = Date.now();
      t.true(await eventually(closed), 'the server closed the idle connection');
      t.true(Date.now() - answered < 2000, `closed after ${Date.now() - answered} ms`);
    } finally {
      socket.destroy();
    }
  });
});
