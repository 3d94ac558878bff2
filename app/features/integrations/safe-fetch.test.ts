import { createServer } from "node:net";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import { startHttpsReceiver, type HttpsReceiver } from "../../../test/support/tls";
import { waitFor } from "../../../test/support/wait";
import {
  checkEndpointUrl,
  parseAllowList,
  postJson,
  refusalOf,
  RefusedRequestError,
  type PostJsonOptions,
} from "./safe-fetch.server";

/**
 * The SSRF rules of outgoing webhooks, each refusal next to an allowed case
 * that does connect (so none passes because nothing could connect at all),
 * against a real HTTPS receiver on loopback (test/support/tls.ts).
 */

const none = parseAllowList("");
const loopback = parseAllowList("127.0.0.1");

/** A path and query that stand for a webhook's secret: no message may repeat them. */
const SECRET_PATH = "/services/T0SECRET/B0SECRET/xoxSECRETTOKEN?sig=SECRETSIG";

function expectNoSecret(message: string) {
  expect(message).not.toMatch(/SECRET|services|sig=/);
}

/** The rejection of `promise`, which must reject. */
async function rejectionOf(promise: Promise<unknown>): Promise<Error> {
  const outcome = await promise.then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  );
  if (!("error" in outcome)) throw new Error(`Expected a rejection, got ${JSON.stringify(outcome.value)}`);
  expect(outcome.error).toBeInstanceOf(Error);
  return outcome.error as Error;
}

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
});

describe("postJson", () => {
  let receiver: HttpsReceiver;

  beforeAll(async () => {
    receiver = await startHttpsReceiver();
  });
  afterEach(() => receiver.reset());
  afterAll(async () => {
    await receiver?.close();
  });

  const trusted = (extra: Partial<PostJsonOptions> = {}): PostJsonOptions => ({
    allow: loopback,
    ca: receiver.ca,
    ...extra,
  });

  /** An injected resolver that answers `addresses` and records what it was asked. */
  function resolverOf(...addresses: string[]) {
    const asked: string[] = [];
    const lookup = async (hostname: string) => {
      asked.push(hostname);
      return addresses.map((address) => ({ address, family: address.includes(":") ? (6 as const) : (4 as const) }));
    };
    return { asked, lookup };
  }

  test("posts the body with JSON, length, user-agent and the given headers; returns the answer", async () => {
    receiver.respondWith(() => ({ status: 201, body: "accepted" }));
    const body = JSON.stringify({ text: "New enquiry — Ünïcode ✓" });
    const outcome = await postJson(`${receiver.url}/hook?team=a`, body, trusted({ headers: { "X-Signature": "abc" } }));

    expect(outcome).toMatchObject({ status: 201, body: "accepted", truncated: false });
    expect(outcome.latencyMs).toBeGreaterThanOrEqual(0);
    expect(receiver.requests).toHaveLength(1);
    const [request] = receiver.requests;
    expect(request).toMatchObject({ method: "POST", path: "/hook?team=a", body });
    expect(request!.headers).toMatchObject({
      "content-type": "application/json",
      "content-length": String(Buffer.byteLength(body)),
      "user-agent": "Maternis-Webhooks/1",
      "x-signature": "abc",
    });
  });

  test("the caller's content-type replaces the default; content-length is always the body's", async () => {
    await postJson(
      receiver.url,
      "{}",
      trusted({ headers: { "Content-Type": "application/json; charset=utf-8", "Content-Length": "999" } }),
    );
    expect(receiver.requests[0]!.headers).toMatchObject({
      "content-type": "application/json; charset=utf-8",
      "content-length": "2",
    });
  });

  test("a redirect is returned, not followed", async () => {
    receiver.respondWith((request) =>
      request.path === "/hook"
        ? { status: 302, headers: { location: "/elsewhere" }, body: "moved" }
        : { status: 200, body: "followed" },
    );
    const outcome = await postJson(`${receiver.url}/hook`, "{}", trusted());
    expect(outcome.status).toBe(302);
    expect(outcome.body).toBe("moved");
    expect(receiver.requests.map((request) => request.path)).toEqual(["/hook"]);
  });

  test("a large answer is read up to maxBytes only", async () => {
    receiver.respondWith(() => ({ status: 200, body: "x".repeat(200 * 1024) }));
    const outcome = await postJson(receiver.url, "{}", trusted());
    expect(outcome.truncated).toBe(true);
    expect(outcome.body).toHaveLength(65_536);

    const small = await postJson(receiver.url, "{}", trusted({ maxBytes: 1_000 }));
    expect(small).toMatchObject({ status: 200, truncated: true });
    expect(small.body).toHaveLength(1_000);

    // Positive control: an answer of exactly maxBytes is whole.
    receiver.respondWith(() => ({ status: 200, body: "y".repeat(1_000) }));
    const whole = await postJson(receiver.url, "{}", trusted({ maxBytes: 1_000 }));
    expect(whole).toMatchObject({ truncated: false, body: "y".repeat(1_000) });
  });

  test("a character cut at maxBytes is dropped, not mangled", async () => {
    receiver.respondWith(() => ({ status: 200, body: "éé" }));
    const outcome = await postJson(receiver.url, "{}", trusted({ maxBytes: 3 }));
    expect(outcome).toMatchObject({ body: "é", truncated: true });
  });

  test("an endpoint that never answers times out, its connection closed", async () => {
    receiver.respondWith(() => new Promise(() => {}));
    const started = Date.now();
    const error = await rejectionOf(postJson(`${receiver.url}${SECRET_PATH}`, "{}", trusted({ timeoutMs: 300 })));
    const elapsed = Date.now() - started;
    expect(error.message).toBe("Timed out after 0.3 s");
    expect(error).not.toBeInstanceOf(RefusedRequestError);
    expectNoSecret(error.message);
    expect(elapsed).toBeGreaterThanOrEqual(290);
    expect(elapsed).toBeLessThan(5_000);
    // The request did arrive (the timeout is the answer's, not a failed connection) and its socket was destroyed.
    expect(receiver.requests).toHaveLength(1);
    await waitFor(() => receiver.openConnections() === 0, { timeoutMs: 5_000, what: "the connection to close" });
  });

  test("the timeout covers resolving the host name too", async () => {
    const error = await rejectionOf(
      postJson(`https://hooks.example.test${SECRET_PATH}`, "{}", {
        allow: none,
        timeoutMs: 300,
        lookup: () => new Promise(() => {}),
      }),
    );
    expect(error.message).toBe("Timed out after 0.3 s");
  });

  test("127.0.0.1 is refused before any connection unless allowed", async () => {
    const error = await rejectionOf(postJson(`${receiver.url}${SECRET_PATH}`, "{}", trusted({ allow: none })));
    expect(error).toBeInstanceOf(RefusedRequestError);
    expect(error.message).toBe("127.0.0.1 is a loopback address, which webhooks may not reach.");
    expectNoSecret(error.message);
    expect(receiver.requests).toHaveLength(0);

    // Positive control: the same request with the allow list arrives.
    const outcome = await postJson(`${receiver.url}${SECRET_PATH}`, "{}", trusted());
    expect(outcome.status).toBe(200);
    expect(receiver.requests).toHaveLength(1);
  });

  test("http: and credentials are refused before any connection", async () => {
    const plain = await rejectionOf(postJson(receiver.url.replace("https:", "http:"), "{}", trusted()));
    expect(plain).toBeInstanceOf(RefusedRequestError);
    expect(plain.message).toBe("Use an https:// address.");
    const credentials = await rejectionOf(postJson(receiver.url.replace("//", "//user:pw@"), "{}", trusted()));
    expect(credentials).toBeInstanceOf(RefusedRequestError);
    expect(receiver.requests).toHaveLength(0);
  });

  describe("host names are checked at connect time, on the addresses connected to", () => {
    test.each([
      ["a loopback address", ["127.0.0.1"], "a loopback address"],
      ["the cloud metadata address", ["169.254.169.254"], "a link-local address (cloud metadata included)"],
      ["a private address among public ones", ["8.8.8.8", "10.0.0.5"], "10.0.0.5, a private address"],
      ["an IPv4-mapped loopback", ["::ffff:127.0.0.1"], "a loopback address"],
    ])("refuses a host name resolving to %s", async (_what, addresses, reason) => {
      const { asked, lookup } = resolverOf(...addresses);
      const error = await rejectionOf(
        postJson(`https://hooks.example.test:${receiver.port}${SECRET_PATH}`, "{}", {
          allow: none,
          ca: receiver.ca,
          lookup,
        }),
      );
      expect(error).toBeInstanceOf(RefusedRequestError);
      expect(error.message).toContain(`hooks.example.test resolves to `);
      expect(error.message).toContain(reason);
      expectNoSecret(error.message);
      // Refused when connecting (the resolver was asked), and nothing arrived.
      expect(asked).toEqual(["hooks.example.test"]);
      expect(receiver.requests).toHaveLength(0);
    });

    test("one address outside the allow list refuses the host name, even with the others allowed", async () => {
      const { lookup } = resolverOf("127.0.0.1", "10.0.0.5");
      const error = await rejectionOf(postJson(`https://localhost:${receiver.port}/hook`, "{}", trusted({ lookup })));
      expect(error).toBeInstanceOf(RefusedRequestError);
      expect(error.message).toContain("10.0.0.5, a private address");
      expect(receiver.requests).toHaveLength(0);
    });

    test("positive control: an allowed address connects, the certificate checked against the host name", async () => {
      const { asked, lookup } = resolverOf("127.0.0.1");
      const outcome = await postJson(`https://localhost:${receiver.port}/hook`, "{}", trusted({ lookup }));
      expect(outcome.status).toBe(200);
      expect(asked).toEqual(["localhost"]);
      expect(receiver.requests).toHaveLength(1);
      expect(receiver.requests[0]!.headers.host).toBe(`localhost:${receiver.port}`);

      // Without the allow list, the same host name and address are refused.
      const refused = await rejectionOf(
        postJson(`https://localhost:${receiver.port}/hook`, "{}", trusted({ allow: none, lookup })),
      );
      expect(refused).toBeInstanceOf(RefusedRequestError);
      expect(receiver.requests).toHaveLength(1);
    });

    test("the certificate must match the host name the address was resolved for", async () => {
      // hooks.example.test is not in the receiver's certificate, although its address is allowed.
      const { lookup } = resolverOf("127.0.0.1");
      const error = await rejectionOf(
        postJson(`https://hooks.example.test:${receiver.port}${SECRET_PATH}`, "{}", trusted({ lookup })),
      );
      expect(error.message).toBe("TLS: the certificate does not match the host name");
      expect(receiver.requests).toHaveLength(0);
    });

    test("the system resolver is the default (localhost from /etc/hosts)", async () => {
      const refused = await rejectionOf(
        postJson(`https://localhost:${receiver.port}/hook`, "{}", trusted({ allow: none })),
      );
      expect(refused).toBeInstanceOf(RefusedRequestError);
      expect(refused.message).toContain("a loopback address");
      expect(receiver.requests).toHaveLength(0);

      const outcome = await postJson(
        `https://localhost:${receiver.port}/hook`,
        "{}",
        trusted({ allow: parseAllowList("127.0.0.1 ::1") }),
      );
      expect(outcome.status).toBe(200);
      expect(receiver.requests).toHaveLength(1);
    });

    test("a host name that does not resolve is a short error", async () => {
      const { lookup } = resolverOf();
      const error = await rejectionOf(
        postJson(`https://nowhere.example.test${SECRET_PATH}`, "{}", trusted({ lookup })),
      );
      expect(error.message).toBe("Host name not found (nowhere.example.test)");
    });
  });

  test("network and TLS failures are short errors without the path or query", async () => {
    // A port nothing listens on.
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const refused = await rejectionOf(postJson(`https://127.0.0.1:${port}${SECRET_PATH}`, "{}", trusted()));
    expect(refused.message).toBe("Connection refused");

    // The receiver's certificate, not trusted without its CA.
    const untrusted = await rejectionOf(
      postJson(`${receiver.url}${SECRET_PATH}`, "{}", { allow: loopback, timeoutMs: 5_000 }),
    );
    expect(untrusted.message).toBe("TLS: self-signed certificate");
    expectNoSecret(untrusted.message);
    expect(receiver.requests).toHaveLength(0);

    // Positive control: trusted, the same request arrives.
    await postJson(`${receiver.url}${SECRET_PATH}`, "{}", trusted());
    expect(receiver.requests).toHaveLength(1);
  });
});
