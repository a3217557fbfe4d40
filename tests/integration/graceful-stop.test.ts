import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startAppServer, type AppServer } from "../support/app-server.ts";

// A stop (SIGTERM, as a deploy or `docker stop` sends) lets every request already being
// answered finish before the process exits; the connections come from many clients, so the
// system hands them to all of the shop's listening sockets (server/http/listening-sockets.ts).

const CLIENTS = 16;
const BODY = new URLSearchParams({ name: "Ada", email: "ada@example.com", message: "Hello there" }).toString();

/** A contact form post whose body is held back after its first byte, once the shop has read the headers. */
async function startPost(server: AppServer, index: number) {
  // Each from its own address: a client of its own for the shop's limits, and for the system's spread over sockets.
  const socket = net.connect({ port: server.port, host: "127.0.0.1", localAddress: `127.0.0.${index + 2}` });
  let received = "";
  socket.on("data", (chunk: Buffer) => (received += chunk.toString("latin1")));
  const ended = new Promise<string>((resolve) => socket.on("close", () => resolve(received)));
  socket.write(
    `POST /contact HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\nOrigin: ${server.url}\r\n` +
      `Content-Type: application/x-www-form-urlencoded\r\nContent-Length: ${BODY.length}\r\n` +
      `Expect: 100-continue\r\n\r\n${BODY.slice(0, 1)}`,
  );
  // The shop answers "100 Continue" once it has the request: from then on it is in flight.
  await expect.poll(() => received).toMatch(/^HTTP\/1\.1 100 Continue\r\n/);
  return { finish: () => socket.write(BODY.slice(1)), ended };
}

describe("stopping the shop", () => {
  let server: AppServer;
  beforeAll(async () => {
    server = await startAppServer({ env: { LOG_LEVEL: "info" } });
  });
  afterAll(() => server?.stop());

  it("answers the requests in flight on every connection, then exits cleanly", async () => {
    const posts = await Promise.all(Array.from({ length: CLIENTS }, (_, index) => startPost(server, index)));
    const exited = server.stop();
    await expect.poll(() => server.output()).toContain('"msg":"shutting down"');

    for (const post of posts) post.finish();
    const answers = await Promise.all(posts.map((post) => post.ended));
    for (const answer of answers) {
      const final = answer.replace(/^HTTP\/1\.1 100 Continue\r\n\r\n/, "");
      expect(final).toMatch(/^HTTP\/1\.1 [234]\d\d /);
      // The whole page, not a connection cut short.
      expect(final).toContain("</html>");
    }
    expect(await exited).toBe(0);
  });
});
