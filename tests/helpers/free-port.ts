import net from 'node:net';

/**
 * A port nothing listens on right now on 127.0.0.1 (the system's next ephemeral one), for a server
 * whose port must be known before it starts (a public origin naming it, a PM2 cluster, nginx, redis).
 */
export async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve, reject) => {
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', resolve);
  });
  const { port } = probe.address() as net.AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}
