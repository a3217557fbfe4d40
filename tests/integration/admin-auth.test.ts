import { and, eq } from "drizzle-orm";
import { hashPassword } from "better-auth/crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { DEFAULT_TENANT } from "../../core/constants.ts";
import { accounts, rateLimits, sessions, storeMembers, users, verifications } from "../../server/db/schema.ts";
import { AdminClient, OWNER, startAdminApp, type AdminApp } from "../support/admin-app.ts";
import { adminPages, dataUrl } from "../support/admin-routes.ts";
import { ENGINES } from "../support/test-database.ts";

const PAGES = adminPages();
const PROTECTED = PAGES.filter((page) => page.protected);
const INTRUDER = { email: "intruder@example.com", password: "not-a-member-2026" };

describe.each(ENGINES)("admin sign-in and protection on %s", (engine) => {
  let app: AdminApp;
  let intruderId: string;

  beforeAll(async () => {
    app = await startAdminApp(engine);
    // A real account that is not a member of the store.
    intruderId = crypto.randomUUID();
    await app.database.db
      .insert(users)
      .values({ id: intruderId, name: "Intruder", email: INTRUDER.email, emailVerified: true });
    await app.database.db.insert(accounts).values({
      id: crypto.randomUUID(),
      accountId: intruderId,
      providerId: "credential",
      userId: intruderId,
      password: await hashPassword(INTRUDER.password),
    });
  });
  afterAll(() => app?.stop());
  beforeEach(() => app.database.db.delete(rateLimits));

  const client = () => new AdminClient(app.url);
  const signedInOwner = async () => {
    const owner = client();
    const response = await owner.signIn();
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/admin");
    return owner;
  };
  const setPassword = async (password: string) => {
    const [owner] = await app.database.db.select().from(users).where(eq(users.email, OWNER.email));
    await app.database.db
      .update(accounts)
      .set({ password: await hashPassword(password) })
      .where(eq(accounts.userId, owner!.id));
  };

  it("takes the owner back to the page that sent her to sign in", async () => {
    const owner = client();
    const page = await owner.get("/admin/orders?status=new");
    expect(page.status).toBe(302);
    expect(page.headers.get("location")).toBe("/admin/login");
    const signedIn = await owner.signIn();
    expect(signedIn.headers.get("location")).toBe("/admin/orders?status=new");
    // Taken once: the next sign-in goes to the dashboard.
    expect(owner.cookies.has("selvage.return")).toBe(false);
    expect((await owner.signIn()).headers.get("location")).toBe("/admin");
  });

  it("finds the whole admin area in the route table", () => {
    const paths = PROTECTED.map((page) => page.path);
    expect(paths).toEqual(
      expect.arrayContaining([
        "/admin",
        "/admin/products",
        "/admin/products/new",
        "/admin/settings",
        "/admin/diagnostics",
      ]),
    );
    expect(paths.some((path) => path.startsWith("/admin/products/edit/"))).toBe(true);
    // The catch-all is walked too: strangers are refused there like everywhere else.
    expect(PROTECTED.filter((page) => page.notFound)).toHaveLength(1);
    expect(PAGES.filter((page) => !page.protected).map((page) => page.path)).toEqual(
      expect.arrayContaining(["/admin/login", "/admin/reset-password", "/admin/update-password"]),
    );
  });

  it("refuses every protected admin route to anonymous visitors: pages, data and actions", async () => {
    const anonymous = client();
    for (const page of PROTECTED) {
      const document = await anonymous.get(page.path);
      expect(document.status, page.path).toBe(302);
      expect(document.headers.get("location"), page.path).toBe("/admin/login");

      const data = await anonymous.get(dataUrl(page.path));
      const body = await data.text();
      expect(body, page.path).toContain("SingleFetchRedirect");
      expect(body, page.path).toContain("/admin/login");
      expect(body, page.path).not.toContain(OWNER.email);

      const post = await anonymous.post(page.path, { intent: "change-password" });
      expect(post.status, page.path).toBe(302);
      expect(post.headers.get("location"), page.path).toBe("/admin/login");
    }
  });

  it("shows the owner every protected page", async () => {
    const owner = await signedInOwner();
    for (const page of PROTECTED.filter((route) => !route.resource && !route.notFound)) {
      const response = await owner.get(page.path);
      expect(response.headers.get("cache-control"), page.path).toBe("no-store");
      if (page.sampleRecord && response.status === 302) {
        // An editor for a record that does not exist may send the owner back to its list.
        expect(response.headers.get("location"), page.path).not.toBe("/admin/login");
        continue;
      }
      // Otherwise the page, inside the admin shell (a 404 for a record that does not exist).
      expect(page.sampleRecord ? [200, 404] : [200], page.path).toContain(response.status);
      expect(await response.text(), page.path).toContain(OWNER.email);
    }
  });

  it("carries a notice across a redirect into the admin layout, once", async () => {
    const owner = await signedInOwner();
    // Taken by the layout on the data request that follows the sign-in's redirect…
    const first = await owner.get(dataUrl("/admin"));
    expect(await first.text()).toContain("Successfully logged in");
    // …and gone from the next, so revalidation or coming back does not show it again.
    expect(await (await owner.get(dataUrl("/admin/products"))).text()).not.toContain("Successfully logged in");
    expect(await (await owner.get("/admin")).text()).not.toContain("Successfully logged in");
  });

  it("answers an unknown admin path with a 404 inside the admin layout, for the owner only", async () => {
    const owner = await signedInOwner();
    for (const path of ["/admin/nope", "/admin/products/edit", "/admin/fabrics/nope/deeper"]) {
      const response = await owner.get(path);
      expect(response.status, path).toBe(404);
      expect(response.headers.get("cache-control"), path).toBe("no-store");
      const html = await response.text();
      expect(html, path).toContain("Page Not Found");
      expect(html, path).toContain(OWNER.email); // the admin shell, signed in
      expect(html, path).toContain('aria-label="Admin"'); // with its sidebar
    }
    const anonymous = await client().get("/admin/nope");
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("location")).toBe("/admin/login");
  });

  it("refuses sign-in to an account that is not a member of the store, and ends its session", async () => {
    const intruder = client();
    const response = await intruder.signIn(INTRUDER.email, INTRUDER.password);
    expect(response.status).toBe(403);
    expect(await response.text()).toContain("You don&#x27;t have access to this application");
    expect(intruder.cookies.has("selvage.session_token")).toBe(false);
    expect(await app.database.db.select().from(sessions).where(eq(sessions.userId, intruderId))).toEqual([]);
  });

  it("refuses every protected admin route to a session of a non-member", async () => {
    const { db } = app.database;
    for (const page of PROTECTED) {
      // A member signs in, then loses membership: the next request must be refused.
      await db.insert(storeMembers).values({ tenantId: DEFAULT_TENANT, userId: intruderId, role: "owner" });
      const intruder = client();
      expect((await intruder.signIn(INTRUDER.email, INTRUDER.password)).status).toBe(302);
      await db
        .delete(storeMembers)
        .where(and(eq(storeMembers.tenantId, DEFAULT_TENANT), eq(storeMembers.userId, intruderId)));

      const data = await intruder.get(dataUrl(page.path));
      const body = await data.text();
      expect(body, page.path).toContain("SingleFetchRedirect");
      expect(body, page.path).not.toContain(INTRUDER.email);
      // The refused session is ended on the server.
      expect(await db.select().from(sessions).where(eq(sessions.userId, intruderId)), page.path).toEqual([]);
      const document = await intruder.get(page.path);
      expect(document.status, page.path).toBe(302);
      expect(document.headers.get("location"), page.path).toBe("/admin/login");
    }
  });

  it("sends an owner whose session expired to sign in, saying so", async () => {
    const owner = await signedInOwner();
    await app.database.db.update(sessions).set({ expiresAt: new Date(Date.now() - 1000) });
    const response = await owner.get("/admin");
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/admin/login");
    const login = await owner.get("/admin/login");
    expect(await login.text()).toContain("Your session has expired. Please log in again.");
    // Said once: the notice is gone on the next visit.
    expect(await (await owner.get("/admin/login")).text()).not.toContain("Your session has expired");
  });

  it("redirects a signed-in owner away from the sign-in page", async () => {
    const owner = await signedInOwner();
    const response = await owner.get("/admin/login");
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/admin");
  });

  it("answers empty and wrong sign-ins with the spec's messages", async () => {
    const empty = await client().post("/admin/login", { email: "", password: "" });
    expect(empty.status).toBe(400);
    expect(await empty.text()).toContain("Please enter both email and password");
    const wrong = await client().signIn(OWNER.email, "wrong-password-1");
    expect(wrong.status).toBe(401);
    expect(await wrong.text()).toContain("Invalid email or password");
  });

  it("throttles sign-in per account and client, and answers unknown emails the same way", async () => {
    for (const email of [OWNER.email, "nobody@example.com"]) {
      await app.database.db.delete(rateLimits);
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 6; attempt++) {
        // Five failures stay under the per-client limit (ten) and far under the account's
        // ceiling (a hundred), so this is the limit on one client's tries at one account.
        // Other clients are not refused: tests/integration/sign-in-throttle.test.ts.
        statuses.push((await client().signIn(email, `wrong-password-${attempt}`)).status);
      }
      expect(statuses, email).toEqual([401, 401, 401, 401, 401, 429]);
      const blocked = await client().signIn(email, email === OWNER.email ? OWNER.password : "whatever-123");
      expect(blocked.status, email).toBe(429);
      expect(await blocked.text()).toContain("Too many attempts, try again later");
    }
  });

  it("throttles sign-in per client across accounts", async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 11; attempt++) {
      statuses.push((await client().signIn(`guess-${attempt}@example.com`, "wrong-password")).status);
    }
    expect(statuses.slice(0, 10).every((status) => status === 401)).toBe(true);
    expect(statuses[10]).toBe(429);
  });

  it("does not count successful sign-ins against the owner", async () => {
    for (let index = 0; index < 12; index++) await signedInOwner();
  });

  it("resets a password with a link that works once and expires within an hour", async () => {
    const { db } = app.database;
    const owner = await signedInOwner();
    const sent = await client().post("/admin/reset-password", { email: OWNER.email });
    expect(sent.status).toBe(200);
    expect(await sent.text()).toContain("Reset email sent");
    // Unknown addresses get the same answer, and no email.
    const unknown = await client().post("/admin/reset-password", { email: "nobody@example.com" });
    expect(await unknown.text()).toContain("Reset email sent");

    const mail = await app.mail.waitFor((message) => message.to.includes(OWNER.email));
    expect(mail.subject).toBe("Reset your Selvage Handmade admin password");
    const link = /(http\S+\/admin\/update-password#token=\S+)/.exec(mail.text)?.[1];
    expect(link).toBeDefined();
    expect(link!.startsWith(`${app.url}/admin/update-password#token=`)).toBe(true);
    const token = decodeURIComponent(new URL(link!).hash.slice("#token=".length));
    expect(app.mail.messages().filter((message) => message.to.includes("nobody@example.com"))).toEqual([]);

    const [stored] = await db.select().from(verifications);
    expect(stored!.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(3600 * 1000);
    expect(stored!.identifier).not.toContain(token); // kept hashed

    const check = await client().post("/admin/update-password.data", { intent: "check", token });
    expect(await check.text()).toMatch(/"valid",true/);

    const mismatch = await client().post("/admin/update-password.data", {
      intent: "update",
      token,
      password: "fresh-password-1",
      confirmPassword: "other-password-1",
    });
    expect(mismatch.status).toBe(400);
    expect(await mismatch.text()).toContain("Passwords don't match");

    const update = { intent: "update", token, password: "fresh-password-1", confirmPassword: "fresh-password-1" };
    expect((await client().post("/admin/update-password", update)).status).toBe(200);
    const again = await client().post("/admin/update-password", update);
    expect(again.status).toBe(400);
    expect(await again.text()).toContain("Invalid or expired password reset link");

    // The new password works, the old one does not, and sessions from before are over.
    expect((await owner.get("/admin")).status).toBe(302);
    expect((await client().signIn(OWNER.email, OWNER.password)).status).toBe(401);
    expect((await client().signIn(OWNER.email, "fresh-password-1")).status).toBe(302);
    await setPassword(OWNER.password);
  });

  it("refuses an expired reset link", async () => {
    const { db } = app.database;
    await db.delete(verifications);
    const before = app.mail.messages().length;
    await client().post("/admin/reset-password", { email: OWNER.email });
    const mail = await app.mail.waitFor(
      (message) => app.mail.messages().indexOf(message) >= before && message.to.includes(OWNER.email),
    );
    const token = decodeURIComponent(/#token=(\S+)/.exec(mail.text)![1]!);
    await db.update(verifications).set({ expiresAt: new Date(Date.now() - 1000) });

    expect(await (await client().post("/admin/update-password.data", { intent: "check", token })).text()).toMatch(
      /"valid",false/,
    );
    const update = await client().post("/admin/update-password", {
      intent: "update",
      token,
      password: "late-password-1",
      confirmPassword: "late-password-1",
    });
    expect(update.status).toBe(400);
    expect(await update.text()).toContain("Invalid or expired password reset link");
    expect((await client().signIn(OWNER.email, OWNER.password)).status).toBe(302);
  });

  it("refuses state changes from other origins", async () => {
    const owner = await signedInOwner();
    const evil = { origin: "https://evil.example" };

    const login = await client().post("/admin/login", { email: OWNER.email, password: OWNER.password }, evil);
    expect(login.status).toBeGreaterThanOrEqual(400);
    expect(login.headers.getSetCookie().some((cookie) => cookie.includes("session_token"))).toBe(false);

    const change = {
      intent: "change-password",
      currentPassword: OWNER.password,
      newPassword: "stolen-password-1",
      confirmPassword: "stolen-password-1",
    };
    for (const headers of [evil, { origin: "null" }]) {
      const response = await owner.post("/admin/settings", change, headers);
      expect(response.status, headers.origin).toBeGreaterThanOrEqual(400);
    }
    // No Origin and no Fetch Metadata: not a browser on this site.
    const bare = await fetch(`${app.url}/admin/settings`, {
      method: "POST",
      headers: {
        cookie: [...owner.cookies].map(([name, value]) => `${name}=${value}`).join("; "),
        "content-type": "application/x-www-form-urlencoded",
      },
      body: new URLSearchParams(change).toString(),
      redirect: "manual",
    });
    expect(bare.status).toBe(403);

    expect((await owner.post("/admin/logout", {}, evil)).status).toBeGreaterThanOrEqual(400);
    expect((await owner.post("/admin/reset-password", { email: OWNER.email }, evil)).status).toBeGreaterThanOrEqual(
      400,
    );
    // Nothing changed: the session still works and the password is the same.
    expect((await owner.get("/admin")).status).toBe(200);
    expect((await client().signIn()).status).toBe(302);
  });

  it("changes the password after checking the current one, and ends the other sessions", async () => {
    const here = await signedInOwner();
    const elsewhere = await signedInOwner();
    const wrong = await here.post("/admin/settings", {
      intent: "change-password",
      currentPassword: "not-my-password",
      newPassword: "changed-password-1",
      confirmPassword: "changed-password-1",
    });
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toContain("Current password is incorrect");

    const short = await here.post("/admin/settings", {
      intent: "change-password",
      currentPassword: OWNER.password,
      newPassword: "short",
      confirmPassword: "short",
    });
    expect(short.status).toBe(400);
    expect(await short.text()).toContain("New password must be at least 8 characters long");

    const changed = await here.post("/admin/settings", {
      intent: "change-password",
      currentPassword: OWNER.password,
      newPassword: "changed-password-1",
      confirmPassword: "changed-password-1",
    });
    expect(changed.status).toBe(200);
    expect((await here.get("/admin")).status).toBe(200);
    expect((await elsewhere.get("/admin")).status).toBe(302);
    expect((await client().signIn(OWNER.email, "changed-password-1")).status).toBe(302);
    await setPassword(OWNER.password);
  });

  it("logs out on the server", async () => {
    const owner = await signedInOwner();
    const stolenCookies = new Map(owner.cookies);
    const response = await owner.post("/admin/logout", {});
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/admin/login");
    // Even a copy of the old cookie no longer opens the admin area.
    const thief = client();
    for (const [name, value] of stolenCookies) thief.cookies.set(name, value);
    expect((await thief.get("/admin")).status).toBe(302);
  });

  it("sets the session cookie HttpOnly and SameSite=Lax", async () => {
    const response = await client().signIn();
    const cookie = response.headers.getSetCookie().find((line) => line.startsWith("selvage.session_token="));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/Path=\//);
  });
});
