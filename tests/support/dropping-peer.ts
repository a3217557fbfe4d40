import { createServer, type AddressInfo } from "node:net";

/**
 * A peer that accepts every connection and drops it at once: a server that is down, on a
 * port that stays this test's own (a port merely believed free can be taken by another
 * test's server meanwhile, and then the "down" server answers).
 */
export async function startDroppingPeer(): Promise<{ port: number; close(): Promise<void> }> {
  const server = createServer((socket) => socket.destroy());
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    port: (server.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
