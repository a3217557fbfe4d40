import http, { type Server } from "node:http";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { hashPassword } from "better-auth/crypto";
import { and, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { DEFAULT_TENANT } from "../../core/constants.ts";
import type { AppServices } from "../../server/context.ts";
import { SHOP_UNAVAILABLE_MESSAGE } from "../../server/db/availability.ts";
import { accounts, emailOutbox, rateLimits, storeMembers, users } from "../../server/db/schema.ts";
import { accountAttemptKeys, countAttempt, PASSWORD_RESET, SIGN_IN } from "../../server/http/throttle.ts";
import { TOO_MANY_ATTEMPTS } from "../../core/constants.ts";
import { startAdminApp, type AdminApp } from "../support/admin-app.ts";
import { BUILD_DIR, freePort, ROOT_DIR } from "../support/app-server.ts";
import { ENGINES } from "../support/test-database.ts";

// Every 127.x.y.z address reaches the server over loopback from its own source address,
// so each one is a distinct client to the throttles. Each test takes its own second octet
// (and its own accounts), so no test sees another's counts.

interface Answer {
  status: number;
  location: string | undefined;
  body: string;
}

/** POSTs a form to `baseUrl` from the client address `from`, as a browser on that site would. */
function post(
  baseUrl: string,
  from: string,
  pathname: string,
  fields: Record<string, string>,
  headers: Record<string, string> = {},
): Promise<Answer> {
  const body = new URLSearchParams(fields).toString();
  const target = new URL(pathname, baseUrl);
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: target.hostname,
        port: target.port,
        path: target.pathname,
        method: "POST",
        localAddress: from,
        agent: false,
        headers: {
          origin: target.origin,
          "content-type": "application/x-www-form-urlencoded",
          "content-length": Buffer.byteLength(body),
          ...headers,
        },
      },
      (response) => {
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => (text += chunk));
        response.on("end", () =>
          resolve({ status: response.statusCode ?? 0, location: response.headers.location, body: text }),
        );
      },
    );
    request.on("error", reject);
    request.end(body);
  });
}

/** The n-th client (1, 2, …) of a test's own range of loopback addresses. */
const client = (range: number, n: number) => `127.${range}.${1 + Math.floor(n / 250)}.${1 + (n % 250)}`;

interface ServerBundle {
  createHttpApp(
    services: AppServices,
    options: { rootDir: string; buildDir: string; uploadsDir: string },
  ): { listen(port: number, host: string, callback: () => void): Server };
}

describe.each(ENGINES)("sign-in and reset throttles on %s", (engine) => {
  let app: AdminApp;
  beforeAll(async () => {
    app = await startAdminApp(engine);
  });
  afterAll(() => app?.stop());

  const signIn = (from: string, email: string, password: string, headers: Record<string, string> = {}) =>
    post(app.url, from, "/admin/login", { email, password }, headers);
  const requestReset = (from: string, email: string) => post(app.url, from, "/admin/reset-password", { email });

  /** A store member of its own, so each test has its own account and counts. */
  const createMember = async (name: string) => {
    const member = {
      email: `${name}-${crypto.randomUUID().slice(0, 8)}@example.com`,
      password: `${name}-password-2026`,
    };
    const userId = crypto.randomUUID();
    const { db } = app.database;
    await db.insert(users).values({ id: userId, name, email: member.email, emailVerified: true });
    await db.insert(accounts).values({
      id: crypto.randomUUID(),
      accountId: userId,
      providerId: "credential",
      userId,
      password: await hashPassword(member.password),
    });
    await db.insert(storeMembers).values({ tenantId: DEFAULT_TENANT, userId, role: "owner" });
    return member;
  };

  /** Runs `work` for each item, a few at a time, and answers the results in order. */
  const inBatches = async <T, R>(items: T[], work: (item: T) => Promise<R>, size = 4): Promise<R[]> => {
    const results: R[] = [];
    for (let start = 0; start < items.length; start += size) {
      results.push(...(await Promise.all(items.slice(start, start + size).map(work))));
    }
    return results;
  };

  /** Longer than any request takes, even on a slow, loaded machine. */
  const HOLD_MS = 10 * 60_000;
  /**
   * Dates the last turn taken in an account's slow lane: in the future, its window stays open
   * until then; far enough in the past, it is over. Only the start of the window changes.
   */
  const setSlowLaneTurn = async (email: string, takenAt: number) => {
    const { slowLane } = accountAttemptKeys("sign-in", { tenantId: DEFAULT_TENANT, account: email, clientIp: "" });
    const updated = await app.database.db
      .update(rateLimits)
      .set({ lastRequest: takenAt })
      .where(like(rateLimits.key, `%${slowLane}`))
      .returning({ key: rateLimits.key });
    expect(updated).toHaveLength(1);
  };

  const alertsTo = (email: string) =>
    app.database.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.kind, "sign-in-alert"), eq(emailOutbox.toAddress, email)));

  it("lets the owner in from her network after five wrong passwords for her address from elsewhere", async () => {
    const owner = await createMember("owner");
    const [attacker, home] = [client(1, 1), client(1, 2)];
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 6; attempt++) {
      statuses.push((await signIn(attacker, owner.email, `wrong-password-${attempt}`)).status);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    const fromHome = await signIn(home, owner.email, owner.password);
    expect(fromHome.status).toBe(302);
    expect(fromHome.location).toBe("/admin");
  });

  it("limits one client's tries at one account, and treats unknown addresses the same way", async () => {
    const owner = await createMember("pair");
    const results: Record<string, number[]> = {};
    for (const [index, email] of [owner.email, `nobody-${crypto.randomUUID().slice(0, 8)}@example.com`].entries()) {
      const guesser = client(2, 10 * index + 1);
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 5; attempt++) {
        statuses.push((await signIn(guesser, email, `wrong-password-${attempt}`)).status);
      }
      const blocked = await signIn(guesser, email, email === owner.email ? owner.password : "whatever-123");
      statuses.push(blocked.status);
      expect(blocked.body).toContain(TOO_MANY_ATTEMPTS);
      // The pair is refused; the same client may still try another account.
      statuses.push((await signIn(guesser, `other-${index}@example.com`, "wrong-password")).status);
      results[index === 0 ? "owner" : "unknown"] = statuses;
    }
    expect(results.owner).toEqual([401, 401, 401, 401, 401, 429, 401]);
    expect(results.unknown).toEqual(results.owner);
    // The account itself is not locked.
    expect((await signIn(client(2, 100), owner.email, owner.password)).status).toBe(302);
  });

  it("limits one client's tries across accounts", async () => {
    const owner = await createMember("walk");
    const walker = client(3, 1);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < SIGN_IN.perClient.max; attempt++) {
      const email = attempt === 0 ? owner.email : `guess-${attempt}-${crypto.randomUUID().slice(0, 8)}@example.com`;
      statuses.push((await signIn(walker, email, "wrong-password")).status);
    }
    expect(statuses.every((status) => status === 401)).toBe(true);
    expect((await signIn(walker, "fresh-address@example.com", "wrong-password")).status).toBe(429);
    expect((await signIn(walker, owner.email, owner.password)).status).toBe(429);
    expect((await signIn(client(3, 2), owner.email, owner.password)).status).toBe(302);
  });

  it("slows an account past its ceiling without locking it, and tells the owner once", async () => {
    const owner = await createMember("ceiling");
    const home = client(4, 1);
    // She has signed in from home before: that client is known to her account.
    expect((await signIn(home, owner.email, owner.password)).status).toBe(302);

    // A crowd of clients, each within its own limits, brings the account to its ceiling.
    // Most of the crowd is counted straight through the throttle, as the server counts a
    // failed sign-in (over HTTP each costs a password hash); the last few guess over HTTP.
    const perClient = SIGN_IN.perAccountClient.max;
    const crowd = [10, 11, 12, 13].map((n) => client(4, n));
    const { account } = accountAttemptKeys("sign-in", {
      tenantId: DEFAULT_TENANT,
      account: owner.email,
      clientIp: client(4, 9),
    });
    for (let n = 0; n < SIGN_IN.accountCeiling.max - crowd.length * perClient; n++) {
      expect((await countAttempt(app.database.db, account, SIGN_IN.accountCeiling)).allowed).toBe(true);
    }
    const statuses = await inBatches(crowd, async (from) => {
      const answers: number[] = [];
      for (let attempt = 0; attempt < perClient; attempt++) {
        answers.push((await signIn(from, owner.email, `wrong-${from}-${attempt}`)).status);
      }
      return answers;
    });
    expect(statuses.flat()).toEqual(Array<number>(crowd.length * perClient).fill(401));

    // Past the ceiling, clients the account does not know share one try every few seconds:
    // the first takes the turn, and while its window lasts the next is refused. The window is
    // held open here, however long each request takes on this machine.
    expect((await signIn(client(4, 200), owner.email, "wrong-after-ceiling")).status).toBe(401);
    await setSlowLaneTurn(owner.email, Date.now() + HOLD_MS);
    const slowed = await signIn(client(4, 201), owner.email, "wrong-after-ceiling");
    expect(slowed.status).toBe(429);
    expect(slowed.body).toContain(TOO_MANY_ATTEMPTS);

    // From a network she never used, she is refused while the window lasts, and waiting
    // for her turn does not use up her own limits, however often she retries.
    const traveller = client(4, 202);
    // She has already used all but one of her own tries from there: had a refusal while
    // she waits counted against her, the turn would find her over her own limit.
    const travellerKeys = accountAttemptKeys("sign-in", {
      tenantId: DEFAULT_TENANT,
      account: owner.email,
      clientIp: traveller,
    });
    for (let n = 0; n < SIGN_IN.perAccountClient.max - 1; n++) {
      await countAttempt(app.database.db, travellerKeys.accountClient, SIGN_IN.perAccountClient);
    }
    for (let retry = 0; retry < 3; retry++) {
      expect((await signIn(traveller, owner.email, owner.password)).status).toBe(429);
    }
    // The window over, her next try gets in.
    await setSlowLaneTurn(owner.email, Date.now() - SIGN_IN.slowLane.windowSeconds * 1000 - 1);
    expect((await signIn(traveller, owner.email, owner.password)).status).toBe(302);

    // She just took the turn, which an unknown client now waits for; from home she is not slowed at all.
    await setSlowLaneTurn(owner.email, Date.now() + HOLD_MS);
    expect((await signIn(client(4, 203), owner.email, "wrong-after-ceiling")).status).toBe(429);
    const fromHome = await signIn(home, owner.email, owner.password);
    expect(fromHome.status).toBe(302);
    expect(fromHome.location).toBe("/admin");

    // One email, for this window, however many attempts follow.
    const mail = await app.mail.waitFor((message) => message.to.includes(owner.email));
    expect(mail.subject).toBe("Many failed sign-in attempts on your Selvage Handmade admin account");
    expect(mail.text).toContain(`there were ${SIGN_IN.accountCeiling.max} failed attempts`);
    expect(mail.text).toContain("Your password still works");
    expect(mail.text).toContain("choose a new one now under Settings");
    for (const n of [210, 211, 212]) await signIn(client(4, n), owner.email, "still-guessing");
    expect(await alertsTo(owner.email)).toHaveLength(1);
    expect(app.mail.messages().filter((message) => message.to.includes(owner.email))).toHaveLength(1);
  });

  it("throttles reset requests per address and client, per client, and slows an address past its ceiling", async () => {
    const owner = await createMember("reset");
    const home = client(5, 1);
    expect((await signIn(home, owner.email, owner.password)).status).toBe(302);
    const resetsFor = (email: string) => app.mail.messages().filter((message) => message.to.includes(email)).length;

    // Per address and client, the same for an address without an account.
    const unknown = `nobody-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const pair = async (from: string, email: string) => {
      const statuses: number[] = [];
      for (let attempt = 0; attempt <= PASSWORD_RESET.perAccountClient.max; attempt++) {
        statuses.push((await requestReset(from, email)).status);
      }
      return statuses;
    };
    const forOwner = await pair(client(5, 2), owner.email);
    expect(forOwner).toEqual([200, 200, 200, 429]);
    expect(await pair(client(5, 3), unknown)).toEqual(forOwner);

    // Per client, across addresses.
    const walker = client(5, 4);
    const walk: number[] = [];
    for (let attempt = 0; attempt <= PASSWORD_RESET.perClient.max; attempt++) {
      walk.push((await requestReset(walker, `walk-${attempt}-${crypto.randomUUID().slice(0, 8)}@example.com`)).status);
    }
    expect(walk).toEqual([...Array<number>(PASSWORD_RESET.perClient.max).fill(200), 429]);

    // Other clients fill the address's ceiling (three requests came from client 2 already).
    let sent = PASSWORD_RESET.perAccountClient.max;
    for (let n = 10; sent < PASSWORD_RESET.accountCeiling.max; n++) {
      for (
        let attempt = 0;
        attempt < PASSWORD_RESET.perAccountClient.max && sent < PASSWORD_RESET.accountCeiling.max;
        attempt++
      ) {
        expect((await requestReset(client(5, n), owner.email)).status).toBe(200);
        sent++;
      }
    }
    // Past it: one request in a while from unknown clients; her own client is not slowed.
    expect((await requestReset(client(5, 100), owner.email)).status).toBe(200);
    const slowed = await requestReset(client(5, 101), owner.email);
    expect(slowed.status).toBe(429);
    expect(slowed.body).toContain(TOO_MANY_ATTEMPTS);
    expect((await requestReset(home, owner.email)).status).toBe(200);

    const expected = PASSWORD_RESET.accountCeiling.max + 2;
    await app.mail.waitFor(() => resetsFor(owner.email) === expected);
    expect(resetsFor(unknown)).toBe(0);
  });

  it("believes no X-Forwarded-For by default: a spoofed header buys no extra guesses", async () => {
    const owner = await createMember("spoof");
    const spoofer = client(6, 1);
    const statuses: number[] = [];
    for (let attempt = 0; attempt <= SIGN_IN.perAccountClient.max; attempt++) {
      const headers = { "x-forwarded-for": `203.0.113.${attempt + 1}` };
      statuses.push((await signIn(spoofer, owner.email, `wrong-password-${attempt}`, headers)).status);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
  });

  it("believes X-Forwarded-For from the proxies TRUST_PROXY names", async () => {
    const owner = await createMember("proxy");
    const services: AppServices = { ...app.services, config: { ...app.services.config, TRUST_PROXY: ["loopback"] } };
    const bundle = (await import(pathToFileURL(path.join(BUILD_DIR, "server/index.js")).href)) as ServerBundle;
    const port = await freePort();
    const proxied = bundle.createHttpApp(services, {
      rootDir: ROOT_DIR,
      buildDir: BUILD_DIR,
      uploadsDir: path.join(app.services.config.DATA_DIR, "uploads"),
    });
    const server = await new Promise<Server>((resolve) => {
      const listening: Server = proxied.listen(port, "127.0.0.1", () => resolve(listening));
    });
    try {
      const proxyUrl = `http://127.0.0.1:${port}`;
      const proxy = client(7, 1);
      const via = (forwardedFor: string, password: string) =>
        post(proxyUrl, proxy, "/admin/login", { email: owner.email, password }, { "x-forwarded-for": forwardedFor });
      const statuses: number[] = [];
      for (let attempt = 0; attempt <= SIGN_IN.perAccountClient.max; attempt++) {
        statuses.push((await via("198.51.100.1", `wrong-password-${attempt}`)).status);
      }
      // One client behind the proxy is limited as one client…
      expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
      // …and another client behind the same proxy is a client of its own.
      expect((await via("198.51.100.2", owner.password)).status).toBe(302);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it("answers 503 when the database cannot be reached, at the throttle or inside sign-in and reset", async () => {
    const owner = await createMember("outage");
    // What a query fails with when PostgreSQL refuses the connection.
    const outage = () =>
      new Error("Failed query", {
        cause: Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" }),
      });
    // The answer is the form itself, with the message, so she can simply send it again.
    const expectUnavailable = async (where: string) => {
      const signInAnswer = await signIn(client(8, 1), owner.email, owner.password);
      const resetAnswer = await requestReset(client(8, 2), owner.email);
      for (const [answer, form] of [
        [signInAnswer, /autocomplete="current-password"/i],
        [resetAnswer, /Send reset instructions/],
      ] as const) {
        expect(answer.status, where).toBe(503);
        expect(answer.body, where).toContain(SHOP_UNAVAILABLE_MESSAGE);
        expect(answer.body, where).toMatch(form);
      }
    };
    const { auth } = app.services;
    // The store's own database (the same object for every request of the store).
    const db = app.services.databases.forTenant(DEFAULT_TENANT);

    const throttle = vi.spyOn(db, "insert").mockImplementation(() => {
      throw outage();
    });
    try {
      await expectUnavailable("throttle");
    } finally {
      throttle.mockRestore();
    }

    const signInQuery = vi.spyOn(auth.api, "signInEmail").mockRejectedValue(outage());
    const resetQuery = vi.spyOn(auth.api, "requestPasswordReset").mockRejectedValue(outage());
    try {
      await expectUnavailable("sign-in and reset queries");
    } finally {
      signInQuery.mockRestore();
      resetQuery.mockRestore();
    }

    // Service resumes by itself once the database answers again.
    expect((await signIn(client(8, 1), owner.email, owner.password)).status).toBe(302);
  });
});
