import net from 'node:net';

/**
 * A TCP port free on 127.0.0.1 right now, for a server that must be named before it starts
 * (another process could take it meanwhile; on a test machine that does not happen in practice).
 */
export async function freePort(): Promise<number> {
  const server = net.createServer().listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}
