import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_TENANT } from "../../core/constants.ts";
import { createAuth } from "../../server/auth/auth.ts";
import { ensureOwner } from "../../server/auth/owner.ts";
import { loadConfig } from "../../server/config.ts";
import { storeSettings, tenants } from "../../server/db/schema.ts";
import { storeScope } from "../../server/db/store-scope.ts";
import { newDataDir } from "../support/app-server.ts";
import { createTestDatabase, type TestDatabase } from "../support/test-database.ts";

const OWNER = { email: "owner@example.com", password: "stitch-and-seam-2026" };

// On https the session cookie is Secure and __Host- prefixed (no Domain, Path=/), so no
// subdomain or plain-http page can set or read it.
describe("session cookie on an https shop", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase("pglite");
    await database.db.insert(tenants).values({ id: DEFAULT_TENANT });
    await database.db
      .insert(storeSettings)
      .values({ tenantId: DEFAULT_TENANT, storeName: "Selvage", contactEmail: "studio@example.com" });
  });
  afterAll(() => database?.dispose());

  it("is __Host- prefixed, Secure, HttpOnly and SameSite=Lax", async () => {
    const config = loadConfig({
      DATA_DIR: newDataDir(),
      PUBLIC_URL: "https://shop.example.com",
      AUTH_SECRET: "integration-test-secret-that-is-long-enough",
      ADMIN_EMAIL: OWNER.email,
      ADMIN_PASSWORD: OWNER.password,
    });
    const log = pino({ level: "silent" });
    await ensureOwner(database.db, { config, log, tenantId: DEFAULT_TENANT, fallbackEmail: OWNER.email });
    const auth = createAuth({ store: storeScope(database.app, DEFAULT_TENANT), config, log });
    const { headers } = await auth.api.signInEmail({ body: OWNER, headers: new Headers(), returnHeaders: true });
    const [cookie] = headers.getSetCookie();
    expect(cookie).toMatch(/^__Host-selvage\.session_token=/);
    expect(cookie).toMatch(/;\s*Secure/i);
    expect(cookie).toMatch(/;\s*HttpOnly/i);
    expect(cookie).toMatch(/;\s*SameSite=Lax/i);
    expect(cookie).toMatch(/;\s*Path=\//);
    expect(cookie).not.toMatch(/Domain=/i);
  });
});
