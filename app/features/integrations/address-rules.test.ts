import { describe, expect, test } from "vitest";
import { hostAllowed, parseAllowList, refusalOf } from "./address-rules.server";

/** Which addresses webhooks may reach: every special-purpose range, its boundaries, and the allow list. */

const none = parseAllowList("");

describe("refusalOf", () => {
  test.each([
    ["0.0.0.0", "an unspecified address"],
    ["0.1.2.3", "an unspecified address"],
    ["10.0.0.1", "a private address"],
    ["10.255.255.255", "a private address"],
    ["100.64.0.1", "carrier-grade NAT"],
    ["100.127.255.254", "carrier-grade NAT"],
    ["127.0.0.1", "a loopback address"],
    ["127.255.0.9", "a loopback address"],
    ["169.254.169.254", "a link-local address (cloud metadata included)"],
    ["169.254.0.1", "a link-local address"],
    ["172.16.0.1", "a private address"],
    ["172.31.255.255", "a private address"],
    ["192.0.0.8", "a reserved address"],
    ["192.168.1.1", "a private address"],
    ["198.18.0.1", "a reserved address"],
    ["198.19.255.255", "a reserved address"],
    ["224.0.0.1", "a multicast address"],
    ["239.255.255.250", "a multicast address"],
    ["240.0.0.1", "a reserved address"],
    ["255.255.255.255", "a broadcast address"],
    ["::", "an unspecified address"],
    ["::1", "a loopback address"],
    ["fc00::1", "a private address"],
    ["fd12:3456::1", "a private address"],
    ["fe80::1", "a link-local address"],
    ["fe80::1%eth0", "a link-local address"],
    ["febf::1", "a link-local address"],
    ["ff02::1", "a multicast address"],
    ["::ffff:127.0.0.1", "a loopback address"],
    ["::ffff:7f00:1", "a loopback address"],
    ["::ffff:a9fe:a9fe", "a link-local address (cloud metadata included)"],
    ["::ffff:10.0.0.1", "a private address"],
    ["::127.0.0.1", "a loopback address"],
    ["::ffff:0:127.0.0.1", "a loopback address"],
    ["64:ff9b::a9fe:a9fe", "a link-local address (cloud metadata included) (inside a NAT64 address)"],
    ["64:ff9b::127.0.0.1", "a loopback address (inside a NAT64 address)"],
    ["2002:7f00:1::", "a loopback address (inside a 6to4 address)"],
    ["2002:a9fe:a9fe::1", "a link-local address (cloud metadata included) (inside a 6to4 address)"],
    ["2001:db8::1", "a reserved address"],
    ["100::1", "a reserved address"],
    ["3fff::1", "a reserved address (documentation)"],
    ["3fff:1000::1", null],
    ["4000::1", "a reserved address"],
  ])("%s → %s", (address, reason) => {
    if (reason === null) expect(refusalOf(address, none)).toBeNull();
    else expect(refusalOf(address, none)).toContain(reason);
  });

  test.each([
    "8.8.8.8",
    "1.1.1.1",
    "172.32.0.1",
    "100.128.0.1",
    "192.169.0.1",
    "2606:4700:4700::1111",
    "2a00:1450:4001::200e",
    "::ffff:8.8.8.8",
    "64:ff9b::808:808",
    "2002:808:808::1",
  ])("%s (public) is allowed", (address) => {
    expect(refusalOf(address, none)).toBeNull();
  });

  test("the range boundaries are exact", () => {
    expect(refusalOf("9.255.255.255", none)).toBeNull();
    expect(refusalOf("11.0.0.0", none)).toBeNull();
    expect(refusalOf("100.63.255.255", none)).toBeNull();
    expect(refusalOf("172.15.255.255", none)).toBeNull();
    expect(refusalOf("198.17.255.255", none)).toBeNull();
    expect(refusalOf("198.20.0.0", none)).toBeNull();
    expect(refusalOf("223.255.255.255", none)).toBeNull();
    expect(refusalOf("fbff::1", none)).toBe("a reserved address");
    expect(refusalOf("fec0::1", none)).toBe("a private address (site-local)");
  });

  test("the allow list permits exactly its entries", () => {
    const allow = parseAllowList("127.0.0.1, ::1/128, 10.1.0.0/16");
    expect(allow.entries).toEqual(["127.0.0.1", "::1/128", "10.1.0.0/16"]);
    for (const address of ["127.0.0.1", "::1", "10.1.0.0", "10.1.255.255", "::ffff:127.0.0.1"])
      expect(refusalOf(address, allow), address).toBeNull();
    for (const address of ["127.0.0.2", "::2", "10.0.255.255", "10.2.0.0", "169.254.169.254", "192.168.0.1"])
      expect(refusalOf(address, allow), address).not.toBeNull();
    // Public addresses stay allowed.
    expect(refusalOf("8.8.8.8", allow)).toBeNull();
  });

  test("an invalid allow-list entry is an error naming it", () => {
    expect(parseAllowList(" \n").entries).toEqual([]);
    expect(parseAllowList("192.168.0.0/16 fd00::/8").entries).toHaveLength(2);
    for (const entry of ["localhost", "10.0.0.0/33", "::1/129", "10.0.0.0/x", "10.0.0.0/8/1", "1.2.3", "10.0.0.0/"])
      expect(() => parseAllowList(`127.0.0.1, ${entry}`), entry).toThrow(`"${entry}"`);
  });
});

describe("INTEGRATION_HOSTS", () => {
  test('allows any host when empty; else only the names listed, under "*." a subdomain one label deep, under "**." any (not the name itself)', () => {
    expect(hostAllowed("hooks.example.org", parseAllowList(""))).toBe(true);
    const allow = parseAllowList("", "Hooks.Slack.com, *.webhook.office.com, **.hooks.example.org");
    expect(allow.hosts).toEqual(["hooks.slack.com", "*.webhook.office.com", "**.hooks.example.org"]);
    for (const host of [
      "hooks.slack.com",
      "HOOKS.SLACK.COM",
      "hooks.slack.com.",
      "acme.webhook.office.com",
      "a.hooks.example.org",
      "a.b.hooks.example.org",
    ])
      expect(hostAllowed(host, allow), host).toBe(true);
    for (const host of [
      "slack.com",
      "evil-hooks.slack.com",
      "hooks.slack.com.evil.example",
      "webhook.office.com",
      "evilwebhook.office.com",
      "a.b.webhook.office.com",
      "hooks.example.org",
      "127.0.0.1",
    ])
      expect(hostAllowed(host, allow), host).toBe(false);
  });

  test("refuses an entry that is not a host name, naming it", () => {
    for (const entry of [
      "https://hooks.slack.com",
      "hooks.slack.com/path",
      "*",
      "*.com.",
      "*.localhost",
      "-a.example",
      "a..b",
      "*hooks.slack.com",
    ]) {
      expect(() => parseAllowList("", `hooks.slack.com, ${entry}`), entry).toThrow(`INTEGRATION_HOSTS: "${entry}"`);
    }
  });
});
