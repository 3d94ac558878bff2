/** Client fingerprints: one per network, so an IPv6 client cannot step past a limit by changing address. */
import { describe, expect, test } from "vitest";
import { clientFingerprint, clientNetwork } from "./fingerprint.server";

const key = "k".repeat(32);
const print = (ip: string) => clientFingerprint(key, ip);

describe("client fingerprint", () => {
  test("IPv6 addresses in one /56 share a fingerprint; another /56 has its own", () => {
    expect(print("2001:db8:1:2::1")).toBe(print("2001:db8:1:2:ffff:ffff:ffff:fffe"));
    expect(print("2001:db8:1:2::1")).toBe(print("2001:db8:1:ff::1"));
    expect(print("2001:db8:1:2::1")).not.toBe(print("2001:db8:1:100::1"));
    expect(clientNetwork("2001:db8:1:2::1")).toBe("2001:db8:1::/56");
  });

  test("each IPv4 address is its own client, written the same with or without the IPv6 mapping", () => {
    expect(print("192.0.2.1")).not.toBe(print("192.0.2.2"));
    expect(print("::ffff:192.0.2.1")).toBe(print("192.0.2.1"));
  });

  test("the fingerprint is keyed and never the address", () => {
    expect(print("192.0.2.1")).toMatch(/^[0-9a-f]{16}$/);
    expect(clientFingerprint("j".repeat(32), "192.0.2.1")).not.toBe(print("192.0.2.1"));
    expect(print("unknown")).toMatch(/^[0-9a-f]{16}$/);
  });
});
