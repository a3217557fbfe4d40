import { describe, expect, it } from "vitest";
import { isSameOriginWrite } from "./same-origin.ts";

const SHOP = "https://shop.example.com";
const request = (method: string, headers: Record<string, string> = {}) =>
  new Request(`${SHOP}/admin/settings`, { method, headers });

describe("isSameOriginWrite", () => {
  it("lets reads through", () => {
    expect(isSameOriginWrite(request("GET", { origin: "https://evil.example" }), SHOP)).toBe(true);
  });

  it("accepts writes from the shop's own origin", () => {
    expect(isSameOriginWrite(request("POST", { origin: SHOP }), SHOP)).toBe(true);
    expect(isSameOriginWrite(request("POST", { "sec-fetch-site": "same-origin" }), SHOP)).toBe(true);
  });

  it("refuses writes from elsewhere or of unknown origin", () => {
    const cases: Record<string, string>[] = [
      { origin: "https://evil.example" },
      { origin: "https://shop.example.com.evil.example" },
      { origin: "http://shop.example.com" },
      { origin: "null" },
      { "sec-fetch-site": "cross-site" },
      { "sec-fetch-site": "same-site" },
      {},
    ];
    for (const headers of cases) {
      expect(isSameOriginWrite(request("POST", headers), SHOP), JSON.stringify(headers)).toBe(false);
    }
  });
});
