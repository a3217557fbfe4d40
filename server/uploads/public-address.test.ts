import { describe, expect, it } from "vitest";
import { isPublicAddress } from "./public-address.ts";

describe("isPublicAddress", () => {
  it("refuses loopback, private, link-local, CGNAT, 'this network', multicast and reserved IPv4", () => {
    for (const address of [
      "127.0.0.1",
      "127.255.255.254",
      "10.0.0.1",
      "10.255.255.255",
      "172.16.0.1",
      "172.31.255.255",
      "192.168.1.1",
      "169.254.169.254",
      "169.254.0.1",
      "100.64.0.1",
      "100.127.255.255",
      "0.0.0.0",
      "0.1.2.3",
      "224.0.0.1",
      "239.255.255.250",
      "240.0.0.1",
      "255.255.255.255",
      "192.0.2.10",
      "198.18.0.1",
    ]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
  });

  it("refuses the same places in IPv6, including IPv4 carried inside IPv6", () => {
    for (const address of [
      "::1",
      "::",
      "[::1]",
      "fc00::1",
      "fd12:3456:789a::1",
      "fe80::1",
      "fe80::1%eth0",
      "febf::1",
      "ff02::1",
      "::ffff:127.0.0.1",
      "::ffff:7f00:1",
      "::ffff:10.0.0.1",
      "::ffff:169.254.169.254",
      "::ffff:a9fe:a9fe",
      "0:0:0:0:0:ffff:192.168.0.1",
      "::127.0.0.1",
      "64:ff9b::127.0.0.1",
      "64:ff9b::a00:1",
      "2002:7f00:1::",
      "2002:c0a8:101::1",
      "2001:db8::1",
    ]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
  });

  it("lets public addresses through", () => {
    for (const address of [
      "93.184.215.14",
      "1.1.1.1",
      "8.8.8.8",
      "172.15.255.255",
      "172.32.0.1",
      "100.63.255.255",
      "100.128.0.1",
      "169.253.1.1",
      "2606:4700:4700::1111",
      "2a00:1450:4001:80b::200e",
      "::ffff:8.8.8.8",
      "64:ff9b::808:808",
      "2002:808:808::1",
    ]) {
      expect(isPublicAddress(address), address).toBe(true);
    }
  });

  it("refuses what is not an address", () => {
    for (const text of ["", "localhost", "example.com", "127.1", "0x7f000001", "::ffff:999.0.0.1"]) {
      expect(isPublicAddress(text), text).toBe(false);
    }
  });
});
