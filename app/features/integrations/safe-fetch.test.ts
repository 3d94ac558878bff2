import { createServer } from "node:net";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import { startHttpsReceiver, type HttpsReceiver } from "../../../test/support/tls";
import { waitFor } from "../../../test/support/wait";
import { expectNoSecret, rejectionOf, resolverOf, SECRET_PATH } from "../../../test/support/webhook-hosts";
import { parseAllowList } from "./address-rules.server";
import { RefusedRequestError } from "./endpoint-url.server";
import { postJson, type PostJsonOptions } from "./safe-fetch.server";

/**
 * The SSRF rules of outgoing webhooks when sending, each refusal next to an
 * allowed case that does connect (so none passes because nothing could
 * connect at all), against a real HTTPS receiver on loopback
 * (test/support/tls.ts).
 */

const none = parseAllowList("");
const loopback = parseAllowList("127.0.0.1");

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

  test("with INTEGRATION_HOSTS, only the hosts listed are reached: others are refused before resolving or connecting", async () => {
    const { asked, lookup } = resolverOf("127.0.0.1");
    const listed = parseAllowList("127.0.0.1", "hooks.slack.com, localhost");
    const error = await rejectionOf(
      postJson(`https://hooks.example.test:${receiver.port}${SECRET_PATH}`, "{}", trusted({ allow: listed, lookup })),
    );
    expect(error).toBeInstanceOf(RefusedRequestError);
    expect(error.message).toBe(
      "hooks.example.test is not one of the hosts integrations may reach (INTEGRATION_HOSTS).",
    );
    expectNoSecret(error.message);
    expect(asked).toEqual([]);
    expect(receiver.requests).toHaveLength(0);

    // Positive control: a host the list allows connects, through the same resolver.
    const outcome = await postJson(`https://localhost:${receiver.port}/hook`, "{}", trusted({ allow: listed, lookup }));
    expect(outcome.status).toBe(200);
    expect(asked).toEqual(["localhost"]);
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
