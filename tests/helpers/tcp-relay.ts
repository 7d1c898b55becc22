import net from 'node:net';

/** A relay on 127.0.0.1 in front of a server, whose connections a test can cut. */
export interface TcpRelay {
  /** `http://127.0.0.1:<relay's port>`: the server's address through the relay. */
  readonly url: string;
  /** The head of each request through it (its first bytes), in the order they came. */
  readonly heads: string[];
  /** Drops every connection open through it now, as a network or a restarted server drops them. */
  cut(): void;
  stop(): Promise<void>;
}

/**
 * Relays TCP to `target` (a server's `http://127.0.0.1:<port>`) byte for byte. A client's stream
 * through it ends the way a dropped connection ends, with no response end and no close of the
 * server's own: what a client that reconnects is for.
 */
export async function startTcpRelay(target: string): Promise<TcpRelay> {
  const { hostname, port } = new URL(target);
  const open = new Set<net.Socket>();
  const heads: string[] = [];
  const relay = net.createServer((client) => {
    const upstream = net.connect(Number(port), hostname);
    for (const socket of [client, upstream]) {
      open.add(socket);
      socket.on('close', () => open.delete(socket));
      socket.on('error', () => socket.destroy());
    }
    client.once('data', (chunk: Buffer) => heads.push(chunk.toString('latin1')));
    client.pipe(upstream).pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  await new Promise<void>((resolve, reject) => {
    relay.once('error', reject);
    relay.listen(0, '127.0.0.1', resolve);
  });
  const { port: relayPort } = relay.address() as net.AddressInfo;
  const cut = () => {
    for (const socket of open) socket.destroy();
  };
  return {
    url: `http://127.0.0.1:${relayPort}`,
    heads,
    cut,
    stop: () => {
      cut();
      return new Promise<void>((resolve) => relay.close(() => resolve()));
    },
  };
}
