import { describe, expect, test } from "vitest";
import { expectNoSecret, SECRET_PATH } from "../../../test/support/webhook-hosts";
import { parseAllowList } from "./address-rules.server";
import { checkEndpointUrl } from "./endpoint-url.server";

/** What may be saved as a webhook's address: https, no credentials, a bounded length, a reachable IP literal. */

const none = parseAllowList("");
const loopback = parseAllowList("127.0.0.1");

describe("checkEndpointUrl", () => {
  test("accepts an https address with a host name, unresolved", () => {
    const result = checkEndpointUrl("https://hooks.slack.com/services/x", none);
    expect(result).toEqual({ ok: true, url: new URL("https://hooks.slack.com/services/x") });
    // Host names are judged at connect time only.
    expect(checkEndpointUrl("https://localhost:8443/hook", none).ok).toBe(true);
  });

  test.each([
    ["http://hooks.slack.com/services/x", "Use an https:// address."],
    ["ftp://hooks.slack.com/x", "Use an https:// address."],
    ["https://user:pass@hooks.slack.com/services/x", "user name and password"],
    ["https://user@hooks.slack.com/services/x", "user name and password"],
    ["not a url", "not a valid web address"],
    ["https://[::1]/hook", "::1 is a loopback address"],
    ["https://127.0.0.1/hook", "127.0.0.1 is a loopback address"],
    ["https://169.254.169.254/latest/meta-data/", "link-local"],
    ["https://2130706433/hook", "127.0.0.1 is a loopback address"],
    ["https://0x7f.1/hook", "127.0.0.1 is a loopback address"],
    ["https://[::ffff:a9fe:a9fe]/", "link-local"],
    ["https://[fe80::1]/", "link-local"],
    ["https://0.0.0.0/", "unspecified"],
  ])("refuses %s", (text, error) => {
    const result = checkEndpointUrl(text, none);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toContain(error);
  });

  test("an address of 2,048 characters is accepted, one longer refused", () => {
    const base = "https://hooks.slack.com/";
    expect(checkEndpointUrl(`${base}${"a".repeat(2_048 - base.length)}`, none).ok).toBe(true);
    expect(checkEndpointUrl(`${base}${"a".repeat(2_049 - base.length)}`, none)).toEqual({
      ok: false,
      error: "The address is too long: at most 2,048 characters.",
    });
  });

  test("an IP literal in the allow list is accepted; its errors never repeat the path or query", () => {
    expect(checkEndpointUrl("https://127.0.0.1:8443/hook", loopback).ok).toBe(true);
    expect(checkEndpointUrl("https://[::1]/hook", parseAllowList("::1")).ok).toBe(true);
    for (const text of [`https://127.0.0.1${SECRET_PATH}`, `http://hooks.slack.com${SECRET_PATH}`]) {
      const result = checkEndpointUrl(text, none);
      expect(result.ok).toBe(false);
      if (!result.ok) expectNoSecret(result.error);
    }
  });

  test("with INTEGRATION_HOSTS, an address on another host is refused when saved, naming only the host", () => {
    const listed = parseAllowList("127.0.0.1", "hooks.slack.com");
    expect(checkEndpointUrl(`https://hooks.slack.com${SECRET_PATH}`, listed).ok).toBe(true);
    for (const host of ["hooks.example.org", "127.0.0.1"]) {
      const result = checkEndpointUrl(`https://${host}${SECRET_PATH}`, listed);
      expect(result).toEqual({
        ok: false,
        error: `${host} is not one of the hosts integrations may reach (INTEGRATION_HOSTS).`,
      });
    }
    // Positive control: without the list, the same addresses may be saved (the loopback one being allowed).
    expect(checkEndpointUrl(`https://hooks.example.org${SECRET_PATH}`, loopback).ok).toBe(true);
    expect(checkEndpointUrl(`https://127.0.0.1${SECRET_PATH}`, loopback).ok).toBe(true);
  });
});
