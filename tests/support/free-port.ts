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

export interface HeldPort {
  port: number;
  /** Frees the port: call it right before the server that is to have it listens. */
  release(): Promise<void>;
}

/**
 * A TCP port on 127.0.0.1 kept (listening, each connection closed at once) until `release`, for
 * a server named before it starts and started a while later: servers started meanwhile, by the
 * test or by another worker, could otherwise be given it.
 */
export async function heldPort(): Promise<HeldPort> {
  const holder = net.createServer((socket) => socket.destroy()).listen(0, '127.0.0.1');
  await new Promise((resolve) => holder.once('listening', resolve));
  const { port } = holder.address() as net.AddressInfo;
  return { port, release: () => new Promise<void>((resolve) => holder.close(() => resolve())) };
}
