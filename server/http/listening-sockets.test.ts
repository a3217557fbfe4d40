import { execFileSync } from "node:child_process";
import http from "node:http";
import net from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { LISTENING_SOCKETS, listenOnPort, type Listening } from "./listening-sockets.ts";

const HOST = "127.0.0.1";
const CONNECTIONS = 24;

// Opens CONNECTIONS connections to the port, waits until the system has completed each one
// (queued for accepting), then exits. Run with execFileSync, so this process's event loop
// stands still the whole time, as it does while a busy server renders a batch of pages.
const CONNECT_ALL = `
let open = 0;
for (let i = 0; i < ${CONNECTIONS}; i++) {
  const socket = require("node:net").connect(Number(process.argv[1]), "${HOST}");
  socket.on("connect", () => { if (++open === ${CONNECTIONS}) process.exit(0); });
  socket.on("error", () => process.exit(1));
}`;

describe("listenOnPort", () => {
  const cleanups: (() => Promise<unknown>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  async function shop(port = 0): Promise<{ server: http.Server; listening: Listening; accepted: () => number }> {
    const server = http.createServer((_req, res) => res.end("ok"));
    let accepted = 0;
    server.on("connection", () => accepted++);
    const listening = await listenOnPort(server, port, HOST);
    cleanups.push(async () => {
      server.closeAllConnections();
      await listening.close();
    });
    return { server, listening, accepted: () => accepted };
  }

  it("takes a connection from each of its sockets in one pass of the event loop", async () => {
    const { listening, accepted } = await shop();
    execFileSync(process.execPath, ["-e", CONNECT_ALL, String(listening.port)]);
    // An immediate runs once per pass of the event loop, right after its poll for I/O: the
    // connections accepted between two of them were accepted in one pass.
    const perPass: number[] = [];
    let before = accepted();
    while (accepted() < CONNECTIONS && perPass.length < 1_000) {
      await new Promise((resolve) => setImmediate(resolve));
      perPass.push(accepted() - before);
      before = accepted();
    }
    expect(accepted()).toBe(CONNECTIONS);
    // One listening socket would take exactly one a pass; the system spreads connections over all of them.
    expect(Math.max(...perPass)).toBeGreaterThan(1);
    expect(Math.max(...perPass)).toBeLessThanOrEqual(LISTENING_SOCKETS);
  });

  it("answers requests that arrive on any of its sockets", async () => {
    const { listening } = await shop();
    const agent = new http.Agent({ keepAlive: false });
    const answers = await Promise.all(
      Array.from(
        { length: CONNECTIONS },
        () =>
          new Promise<string>((resolve, reject) =>
            http
              .get({ host: HOST, port: listening.port, agent }, (res) => {
                let body = "";
                res.on("data", (chunk: Buffer) => (body += chunk.toString()));
                res.on("end", () => resolve(`${res.statusCode} ${body}`));
              })
              .on("error", reject),
          ),
      ),
    );
    expect(answers).toEqual(Array(CONNECTIONS).fill("200 ok"));
  });

  it("closes once the requests on every socket's connections are answered", async () => {
    const server = http.createServer((req, res) => {
      req.resume();
      req.on("end", () => res.end("ok"));
    });
    const requests: http.IncomingMessage[] = [];
    server.on("request", (req: http.IncomingMessage) => requests.push(req));
    const listening = await listenOnPort(server, 0, HOST);
    const clients = Array.from({ length: CONNECTIONS }, () => {
      const socket = net.connect(listening.port, HOST);
      socket.write(`POST / HTTP/1.1\r\nHost: ${HOST}\r\nContent-Length: 2\r\n\r\na`);
      const answered = new Promise<void>((resolve) => socket.once("data", () => resolve()));
      return { socket, answered };
    });
    await expect.poll(() => requests.length).toBe(CONNECTIONS);
    // The last to finish is a request that came through one of the extra sockets (Node's net
    // module notes in `_server` which listening server accepted a connection).
    const last = requests.findIndex((req) => (req.socket as net.Socket & { _server: unknown })._server !== server);
    expect(last).toBeGreaterThanOrEqual(0);
    const lastClient = clients.find((client) => client.socket.localPort === requests[last]!.socket.remotePort)!;

    let closed = false;
    const closing = listening.close().then(() => (closed = true));
    const others = clients.filter((client) => client !== lastClient);
    for (const client of others) client.socket.end("b");
    await Promise.all(others.map((client) => client.answered));
    await new Promise((resolve) => setImmediate(resolve));
    expect(closed).toBe(false);

    lastClient.socket.end("b");
    await lastClient.answered;
    await closing;
    expect(closed).toBe(true);
  });

  it("refuses a port another program listens on", async () => {
    const other = net.createServer();
    await new Promise<void>((resolve) => other.listen(0, HOST, resolve));
    cleanups.push(() => new Promise((resolve) => other.close(resolve)));
    const { port } = other.address() as net.AddressInfo;
    await expect(listenOnPort(http.createServer(), port, HOST)).rejects.toMatchObject({ code: "EADDRINUSE" });
  });

  it("refuses the port of another copy of the shop rather than sharing it", async () => {
    const { listening } = await shop();
    const second = http.createServer();
    await expect(listenOnPort(second, listening.port, HOST)).rejects.toMatchObject({ code: "EADDRINUSE" });
    expect(second.listening).toBe(false);
  });
});
