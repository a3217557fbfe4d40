import { describe, expect, it } from "vitest";
import { adminReturnPath, returnPathOf, setReturnPath, takeReturnPath } from "./return-path.ts";

const ORIGIN = "http://shop.test";

describe("the page to come back to after signing in", () => {
  it("is an admin page's path and query, never another site or a sign-in page", () => {
    expect(adminReturnPath("/admin")).toBe("/admin");
    expect(adminReturnPath("/admin/orders?status=new&q=ada")).toBe("/admin/orders?status=new&q=ada");
    for (const value of [
      null,
      "",
      "/",
      "/product/market-day-tote",
      "//evil.example/admin",
      "/admin//evil.example",
      "/admin/\\evil.example",
      "https://evil.example/admin",
      "/administrator",
      "/admin/orders with space",
      "/admin/login",
      "/admin/login?x=1",
      "/admin/logout",
      "/admin/reset-password",
      "/admin/update-password",
      `/admin/${"a".repeat(600)}`,
    ]) {
      expect(adminReturnPath(value), String(value)).toBeNull();
    }
  });

  it("is a page read's own address, without React Router's data suffix", () => {
    expect(returnPathOf(new Request(`${ORIGIN}/admin/orders?status=new`))).toBe("/admin/orders?status=new");
    expect(returnPathOf(new Request(`${ORIGIN}/admin/orders.data?status=new&_routes=routes%2Fx`))).toBe(
      "/admin/orders?status=new",
    );
  });

  it("is the page a form was sent from, on this site only", () => {
    const post = (referer?: string) =>
      new Request(`${ORIGIN}/admin/uploads`, { method: "POST", headers: referer ? { referer } : {} });
    expect(returnPathOf(post(`${ORIGIN}/admin/products/new`))).toBe("/admin/products/new");
    expect(returnPathOf(post("https://evil.example/admin/products/new"))).toBeNull();
    expect(returnPathOf(post())).toBeNull();
  });

  it("travels in a cookie that is taken once and checked again when read", () => {
    const cookie = setReturnPath("/admin/orders?status=new", false).split(";")[0]!;
    const taken = takeReturnPath(new Request(ORIGIN, { headers: { cookie: `other=1; ${cookie}` } }), false);
    expect(taken.path).toBe("/admin/orders?status=new");
    expect(taken.clear).toMatch(/Max-Age=0/);
    const forged = takeReturnPath(
      new Request(ORIGIN, { headers: { cookie: `selvage.return=${encodeURIComponent("//evil.example")}` } }),
      false,
    );
    expect(forged.path).toBeNull();
  });
});
