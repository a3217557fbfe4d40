import { describe, expect, it } from "vitest";
import { accountAttemptKeys, clientKeyOf } from "./throttle.ts";

describe("clientKeyOf", () => {
  it("names an IPv4 client by its address, however the socket spelled it", () => {
    expect(clientKeyOf("203.0.113.7")).toBe("203.0.113.7");
    expect(clientKeyOf("::ffff:203.0.113.7")).toBe("203.0.113.7");
    expect(clientKeyOf("::FFFF:203.0.113.7")).toBe("203.0.113.7");
  });

  it("names an IPv6 client by its /64, so fresh addresses from one subscriber share their limits", () => {
    const key = clientKeyOf("2001:db8:1:2::1");
    expect(key).toBe("2001:db8:1:2::/64");
    for (const sibling of ["2001:db8:1:2:ffff:ffff:ffff:ffff", "2001:0DB8:0001:0002:0:0:0:9", "2001:db8:1:2::1%eth0"]) {
      expect(clientKeyOf(sibling), sibling).toBe(key);
    }
    expect(clientKeyOf("2001:db8:1:3::1")).not.toBe(key);
    expect(clientKeyOf("::1")).toBe("0:0:0:0::/64");
    expect(clientKeyOf("2001:db8::")).toBe("2001:db8:0:0::/64");
    expect(clientKeyOf("64:ff9b::198.51.100.1")).toBe("64:ff9b:0:0::/64");
  });

  it("keeps anything else as it came", () => {
    expect(clientKeyOf("unknown")).toBe("unknown");
  });
});

describe("accountAttemptKeys", () => {
  it("keeps kinds apart but shares the known-client mark between them", () => {
    const attempt = { tenantId: "t1", account: "owner@example.com", clientIp: "::ffff:198.51.100.4" };
    const signIn = accountAttemptKeys("sign-in", attempt);
    const reset = accountAttemptKeys("reset", attempt);
    for (const name of ["accountClient", "client", "account", "slowLane"] as const) {
      expect(signIn[name]).not.toBe(reset[name]);
    }
    expect(signIn.knownClient).toBe(reset.knownClient);
    expect(signIn.accountClient).toContain("198.51.100.4");
    expect(signIn.accountClient).not.toContain("::ffff:");
  });
});
