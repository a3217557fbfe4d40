import { mkdtempSync, readFileSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config.ts";

const dataDir = () => mkdtempSync(path.join(tmpdir(), "selvage-config-"));

describe("loadConfig", () => {
  it("uses the documented defaults", () => {
    const dir = dataDir();
    const config = loadConfig({ DATA_DIR: dir });
    expect(config.PORT).toBe(3000);
    expect(config.PUBLIC_URL).toBe("http://localhost:3000");
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.secure).toBe(false);
    expect(config.ALLOW_TEST_PAYMENTS).toBe(false);
    expect(config.DEMO_DATA).toBe(true);
    expect(config.PAGE_CACHE).toBe(true);
    expect(loadConfig({ DATA_DIR: dir, PAGE_CACHE: "false" }).PAGE_CACHE).toBe(false);
    expect(config.PAGE_CACHE_MAX_MB).toBe(64);
    expect(loadConfig({ DATA_DIR: dir, DEMO_DATA: "false" }).DEMO_DATA).toBe(false);
  });

  it("keeps URL imports to public addresses unless UPLOAD_ALLOW_PRIVATE_URLS is true", () => {
    const allow = (UPLOAD_ALLOW_PRIVATE_URLS?: string) =>
      loadConfig({ DATA_DIR: dataDir(), UPLOAD_ALLOW_PRIVATE_URLS }).UPLOAD_ALLOW_PRIVATE_URLS;
    expect(allow()).toBe(false);
    expect(allow("")).toBe(false);
    expect(allow("false")).toBe(false);
    expect(allow("true")).toBe(true);
    expect(() => allow("yes")).toThrow(/UPLOAD_ALLOW_PRIVATE_URLS/);
  });

  it("treats empty values as unset", () => {
    const config = loadConfig({ DATA_DIR: dataDir(), DATABASE_URL: "", SMTP_URL: "", PORT: "4000" });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.SMTP_URL).toBeUndefined();
    expect(config.PUBLIC_URL).toBe("http://localhost:4000");
  });

  it("generates the auth secret once and keeps it in DATA_DIR", () => {
    const dir = dataDir();
    const first = loadConfig({ DATA_DIR: dir }).AUTH_SECRET;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(loadConfig({ DATA_DIR: dir }).AUTH_SECRET).toBe(first);
    expect(readFileSync(path.join(dir, "auth-secret"), "utf8").trim()).toBe(first);
    expect(statSync(path.join(dir, "auth-secret")).mode & 0o077).toBe(0);
  });

  it("prefers a given AUTH_SECRET", () => {
    const secret = "s".repeat(40);
    expect(loadConfig({ DATA_DIR: dataDir(), AUTH_SECRET: secret }).AUTH_SECRET).toBe(secret);
  });

  it("marks https deployments as secure", () => {
    const config = loadConfig({ DATA_DIR: dataDir(), PUBLIC_URL: "https://shop.example.com/" });
    expect(config.secure).toBe(true);
    expect(config.PUBLIC_URL).toBe("https://shop.example.com");
  });

  it("fails fast, naming every bad variable", () => {
    const attempt = () =>
      loadConfig({
        DATA_DIR: dataDir(),
        PORT: "eighty",
        DATABASE_URL: "mysql://localhost/shop",
        STRIPE_SECRET_KEY: "pk_live_123",
        ADMIN_PASSWORD: "short",
        ADMIN_EMAIL: "not-an-email",
      });
    expect(attempt).toThrow(ConfigError);
    expect(attempt).toThrow(/PORT/);
    expect(attempt).toThrow(/DATABASE_URL: must start with postgres/);
    expect(attempt).toThrow(/STRIPE_SECRET_KEY/);
    expect(attempt).toThrow(/ADMIN_PASSWORD: must be at least 8 characters/);
    expect(attempt).toThrow(/ADMIN_EMAIL/);
  });

  it("believes no X-Forwarded-For unless TRUST_PROXY names the proxies", () => {
    const trust = (TRUST_PROXY?: string) => loadConfig({ DATA_DIR: dataDir(), TRUST_PROXY }).TRUST_PROXY;
    expect(trust()).toBe(false);
    expect(trust("")).toBe(false);
    expect(trust("false")).toBe(false);
    expect(trust("0")).toBe(false);
    expect(trust("2")).toBe(2);
    expect(trust("loopback")).toEqual(["loopback"]);
    expect(trust(" Loopback, 10.0.0.0/8 ,192.0.2.7, fd00::/8, ::1 ")).toEqual([
      "loopback",
      "10.0.0.0/8",
      "192.0.2.7",
      "fd00::/8",
      "::1",
    ]);
  });

  it("refuses a TRUST_PROXY it cannot follow", () => {
    const trust = (TRUST_PROXY: string) => () => loadConfig({ DATA_DIR: dataDir(), TRUST_PROXY });
    expect(trust("true")).toThrow(/TRUST_PROXY: true would believe any client's X-Forwarded-For/);
    for (const value of [
      "yes",
      "loopbak",
      "10.0.0.0/33",
      "300.1.1.1",
      "fd00::/129",
      "10.0.0.1/8/8",
      "-1",
      "1.5",
      "11",
      "loopback,",
    ]) {
      expect(trust(value), value).toThrow(ConfigError);
      expect(trust(value), value).toThrow(/TRUST_PROXY/);
    }
  });

  it("needs ADMIN_EMAIL and ADMIN_PASSWORD together", () => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), ADMIN_EMAIL: "owner@example.com" })).toThrow(
      /ADMIN_EMAIL and ADMIN_PASSWORD must be set together/,
    );
  });
});
