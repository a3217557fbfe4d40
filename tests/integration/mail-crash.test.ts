import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startAppServer, type AppServer } from "../support/app-server.ts";
import { fetchContactPage } from "../support/contact-page.ts";
import { startMailCatcher, type CaughtMail, type MailCatcher } from "../support/mail-catcher.ts";
import { createServerDatabase, dropServerDatabase, ENGINES } from "../support/test-database.ts";

// The shop process dies (SIGKILL: no shutdown code runs) while its SMTP server is still
// receiving an email. The next process must send that email, within a minute, and the
// mail server must accept it exactly once.

// The engines run side by side: most of each run is waiting for a dead process's claim to lapse.
describe.concurrent.each(ENGINES)("a shop killed while sending an email, on %s", (engine) => {
  let databaseUrl: string | undefined;
  let mail: MailCatcher;
  const accepted: CaughtMail[] = [];
  let holdFirst: { arrived: () => void; refuse: (error: Error) => void } | undefined;
  const firstArrived = new Promise<void>((resolve) => {
    holdFirst = { arrived: resolve, refuse: () => {} };
  });
  const running: AppServer[] = [];

  beforeAll(async () => {
    databaseUrl = engine === "postgres" ? await createServerDatabase() : undefined;
    mail = await startMailCatcher({
      // The first message is held unanswered (the sender is mid-send) and never accepted;
      // every later one is accepted and counted.
      beforeAccept: (message) => {
        if (holdFirst) {
          const hold = holdFirst;
          holdFirst = undefined;
          return new Promise<void>((_resolve, reject) => {
            hold.refuse = reject;
            hold.arrived();
          });
        }
        accepted.push(message);
        return Promise.resolve();
      },
    });
  });
  afterAll(async () => {
    for (const server of running) await server.stop();
    await mail?.stop();
    if (databaseUrl) await dropServerDatabase(databaseUrl);
  });

  const start = async (dataDir?: string) => {
    const server = await startAppServer({
      ...(dataDir ? { dataDir } : {}),
      env: {
        DEMO_DATA: "false",
        SMTP_URL: mail.url,
        // The message is posted as soon as the page is read: no person's typing time to wait for.
        CONTACT_MIN_FILL_SECONDS: "0",
        ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      },
    });
    running.push(server);
    return server;
  };

  it("sends the email from the next process within a minute, and only once", async () => {
    const first = await start();
    const response = await fetch(`${first.url}/contact.data`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: first.url },
      body: new URLSearchParams({
        name: "Ada Lovelace",
        email: "ada@example.com",
        message: "A tote in blue?",
        formToken: (await fetchContactPage(first.url)).formToken,
      }),
    });
    expect(response.status).toBe(200);

    await firstArrived;
    const messageId = /^Message-ID:\s*(<[^>]+>)/im.exec(mail.messages()[0]!.raw)?.[1];
    expect(messageId).toMatch(/@selvage\.outbox>$/);
    expect(await first.kill("SIGKILL")).toBe("SIGKILL");
    running.splice(running.indexOf(first), 1);
    expect(accepted).toHaveLength(0);

    const killedAt = Date.now();
    const second = await start(first.dataDir);
    const delivered = await mail.waitFor((message) => accepted.includes(message), 60_000);
    expect(Date.now() - killedAt).toBeLessThan(60_000);
    expect(delivered.subject).toBe("New Contact Form Submission");
    expect(delivered.raw).toContain(messageId);
    // A graceful stop finishes the sender's pass: whatever it was going to send is sent by now.
    expect(await second.stop()).toBe(0);
    running.splice(running.indexOf(second), 1);
    expect(accepted.filter((message) => message.raw.includes(messageId!))).toHaveLength(1);
  });
});
