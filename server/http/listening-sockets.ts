import net from "node:net";
import type { Server } from "node:http";

/**
 * Sockets listening on the shop's port (docs/decisions/007). Node's event loop (libuv 1.52)
 * takes one new connection from a listening socket per pass, and under a crowd a pass answers
 * dozens of requests: new visitors queued faster than they were let in (about five a second)
 * and waited many seconds for their first byte. With SO_REUSEPORT the kernel spreads new
 * connections over several sockets on one port, and each pass takes one from each.
 */
export const LISTENING_SOCKETS = 8;

export interface Listening {
  /** The port listened on (the one the system chose, for port 0). */
  port: number;
  /** Stops listening on every socket; resolves once every connection any of them took has ended. */
  close(): Promise<void>;
}

function listen(server: net.Server, options: net.ListenOptions): Promise<void> {
  return new Promise((resolve, reject) => {
    const failed = (error: Error) => reject(error);
    server.once("error", failed);
    server.listen(options, () => {
      server.off("error", failed);
      resolve();
    });
  });
}

function close(server: net.Server): Promise<void> {
  return new Promise((resolve) => server.close(() => resolve()));
}

/**
 * Listens on host:port with LISTENING_SOCKETS sockets; `server` answers every connection.
 * The port is first taken alone: if another program, or another copy of the shop, holds it,
 * this fails with EADDRINUSE as a plain listen would, rather than sharing the port with it.
 */
export async function listenOnPort(server: Server, port: number, host: string): Promise<Listening> {
  const probe = net.createServer();
  await listen(probe, { port, host });
  const chosenPort = (probe.address() as net.AddressInfo).port;
  await close(probe);

  try {
    await listen(server, { port: chosenPort, host, reusePort: true });
  } catch (error) {
    // A system without SO_REUSEPORT: one socket, as before.
    if (!["ENOTSUP", "EOPNOTSUPP", "EINVAL"].includes((error as NodeJS.ErrnoException).code ?? "")) throw error;
    await listen(server, { port: chosenPort, host });
    return { port: chosenPort, close: () => close(server) };
  }
  const extras: net.Server[] = [];
  // Each socket's server counts the connections it took, so each close waits for its own.
  const closeAll = async () => void (await Promise.all([server, ...extras].map(close)));
  try {
    for (let index = 1; index < LISTENING_SOCKETS; index++) {
      // Same socket options as the HTTP server's own (Node's http server turns Nagle off).
      const extra = net.createServer({ noDelay: true }, (socket) => server.emit("connection", socket));
      await listen(extra, { port: chosenPort, host, reusePort: true });
      extras.push(extra);
    }
  } catch (error) {
    await closeAll();
    throw error;
  }
  return { port: chosenPort, close: closeAll };
}
