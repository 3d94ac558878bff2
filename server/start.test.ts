import { once } from "node:events";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { drainableRequests, startingUp } from "./start";

describe("the answer while the server starts", () => {
  const server = http.createServer(startingUp);
  let url = "";
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/contact`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  test("is a 503 with Retry-After and the site's security headers", async () => {
    const response = await fetch(url);
    expect(response.status).toBe(503);
    expect(response.headers.get("retry-after")).toBe("5");
    expect(await response.text()).toBe("Starting up.");
    expect(response.headers.get("strict-transport-security")).toMatch(/max-age=\d+/);
    expect(response.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
  });
});

describe("the shutdown's drain", () => {
  test("answers the requests in flight, then closes their kept-alive connections", async () => {
    const server = http.createServer();
    server.keepAliveTimeout = 65_000;
    let finishStream = () => {};
    const requests = drainableRequests(server, (req, res) => {
      if (req.url === "/stream") {
        // Begun before the shutdown: its headers say keep-alive, so its connection goes idle after it.
        res.writeHead(200, { "Content-Type": "text/plain" }).write("begun ");
        finishStream = () => res.end("and finished");
        return;
      }
      const chunks: Buffer[] = [];
      req.on("data", (chunk: Buffer) => chunks.push(chunk));
      req.on("end", () => res.end(`got ${Buffer.concat(chunks).length} bytes`));
    });
    server.on("request", requests.listener);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const agent = new http.Agent({ keepAlive: true });
    try {
      const read = (res: http.IncomingMessage) =>
        new Promise<string>((resolve) => {
          let text = "";
          res.setEncoding("utf8").on("data", (chunk: string) => (text += chunk));
          res.on("end", () => resolve(text));
        });

      // On kept-alive connections: a post whose body is still arriving (Node answers 100 Continue as it
      // hands the request over), and a response already begun.
      const post = http.request(`${base}/post`, {
        agent,
        method: "POST",
        headers: { "Content-Length": 10, Expect: "100-continue" },
      });
      const posted = once(post, "response") as Promise<[http.IncomingMessage]>;
      post.flushHeaders();
      await once(post, "continue");
      post.write("12345");
      const [stream] = (await once(http.get(`${base}/stream`, { agent }), "response")) as [http.IncomingMessage];
      const streamed = read(stream);
      expect(requests.inFlight()).toBe(2);

      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      let drained = false;
      const drain = requests.drain().then(() => (drained = true));
      post.end("67890");
      const [postResponse] = await posted;
      expect(await read(postResponse)).toBe("got 10 bytes");
      expect(postResponse.headers.connection).toBe("close");
      expect(drained).toBe(false);

      finishStream();
      expect(await streamed).toBe("begun and finished");
      expect(stream.headers.connection).toBe("keep-alive");
      await drain;
      // Every connection closed, the kept-alive one too: long before keepAliveTimeout.
      await closed;
      expect(requests.inFlight()).toBe(0);
    } finally {
      agent.destroy();
      server.closeAllConnections();
      server.close();
    }
  });
});
