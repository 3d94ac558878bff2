import { once } from "node:events";
import { randomBytes } from "node:crypto";
import http from "node:http";
import type { Duplex } from "node:stream";
import { describe, expect, it } from "vitest";
import { formBody } from "../test/support/faults";
import { validFields } from "../test/support/fixtures";
import { isSuccessPage, type RawResponse } from "../test/support/raw-http";
import { DEV_START_MS, devServerPerFile } from "../test/support/per-file";
import { waitFor } from "../test/support/wait";

/**
 * The shared shutdown (server/start.ts) with a browser's keep-alive connection
 * open, on the development server (server/dev.ts, as server/dev.test.ts runs
 * it): the request in flight at SIGTERM is answered, by Vite's build still
 * open, with `Connection: close`; then the site closes and the process exits 0,
 * long before SHUTDOWN_TIMEOUT_MS (the connection, kept alive for
 * keepAliveTimeout after its response, used to hold it until then).
 */
const slow = DEV_START_MS;
const SHUTDOWN_TIMEOUT_MS = 30_000;
const dev = devServerPerFile("maternis-shutdown-", {
  FORM_MIN_FILL_MS: "0",
  LOG_LEVEL: "info",
  SHUTDOWN_TIMEOUT_MS: String(SHUTDOWN_TIMEOUT_MS),
});

/** The response to `req`, read to its end. */
function responseTo(req: http.ClientRequest): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    req.on("error", reject);
    req.on("response", (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString("utf8") }),
      );
      res.on("error", reject);
    });
  });
}

/**
 * A connection to Vite's hot-reload websocket, as the page's client opens it
 * (no Origin: no token needed); `closedAt` is set when the server ends it.
 */
async function hotReloadSocket(base: string) {
  const req = http.request(base, {
    headers: {
      Connection: "Upgrade",
      Upgrade: "websocket",
      "Sec-WebSocket-Key": randomBytes(16).toString("base64"),
      "Sec-WebSocket-Version": "13",
      "Sec-WebSocket-Protocol": "vite-hmr",
    },
  });
  req.end();
  const [, socket] = (await once(req, "upgrade")) as [http.IncomingMessage, Duplex];
  let closedAt: number | undefined;
  const closed = new Promise<void>((resolve) =>
    socket.once("close", () => {
      closedAt = Date.now();
      resolve();
    }),
  );
  // Vite ends it abruptly (terminate): a reset is how it closes.
  socket.on("error", () => {});
  socket.resume();
  return {
    closed,
    get closedAt() {
      return closedAt;
    },
  };
}

describe("shutdown while a browser keeps its connection alive", () => {
  it(
    "answers the post in flight with Connection: close, closes the site and exits 0 at once",
    async () => {
      // One connection, kept alive, as a browser's: the form page (Vite's first transform of the app), then the post.
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      const page = await responseTo(
        http.get(`${dev.server.url}/contact`, { agent, headers: { Accept: "text/html" }, timeout: slow }),
      );
      expect(page.status, dev.server.output()).toBe(200);
      expect(page.headers.connection).toBe("keep-alive");
      const token = /name="formStartedAt" value="([^"]+)"/.exec(page.body)?.[1];
      expect(token).toBeTruthy();

      const body = Buffer.from(formBody(validFields("contact", "ada@example.com"), token));
      const post = http.request(`${dev.server.url}/contact`, {
        agent,
        method: "POST",
        headers: {
          "Content-Type": "application/x-www-form-urlencoded",
          "Content-Length": body.length,
          Connection: "keep-alive",
          Origin: dev.server.url,
          "Sec-Fetch-Site": "same-origin",
          // Node answers 100 Continue as it hands the request to the site: then the request is in flight.
          Expect: "100-continue",
        },
      });
      const response = responseTo(post);
      post.flushHeaders();
      await once(post, "continue");
      post.write(body.subarray(0, body.length >> 1));

      const hotReload = await hotReloadSocket(dev.server.url);

      const closed = once(dev.server.process, "close");
      const signalled = Date.now();
      dev.server.process.kill("SIGTERM");
      await waitFor(() => dev.server.logged("shutting down").length > 0, { what: "the shutdown to begin" });
      // It waits for the post, with Vite (which answers it) still open: Vite's websocket still connected.
      await waitFor(
        () => hotReload.closedAt !== undefined || dev.server.logged("answering the requests in flight").length > 0,
        { what: "the shutdown to wait for the post, or Vite to close" },
      );
      expect.soft(hotReload.closedAt, "Vite closed with a request in flight").toBeUndefined();
      post.end(body.subarray(body.length >> 1));

      const answer = await response;
      const answeredAt = Date.now();
      expect.soft(isSuccessPage("contact", answer), `${answer.status} ${answer.body.slice(0, 300)}`).toBe(true);
      expect.soft(answer.headers.connection).toBe("close");
      expect(await dev.server.exited, dev.server.output().slice(-3000)).toBe(0);
      // Vite closed at shutdown, after the answer.
      await hotReload.closed;
      expect(hotReload.closedAt).toBeGreaterThanOrEqual(answeredAt);
      expect(Date.now() - signalled).toBeLessThan(SHUTDOWN_TIMEOUT_MS / 2);
      // Its whole log, now that its output has ended: the shutdown began, completed, and never timed out.
      await closed;
      expect(dev.server.logged("shutting down")).toHaveLength(1);
      expect(dev.server.logged("shutdown complete")).toHaveLength(1);
      expect(dev.server.logged("shutdown timed out; closing open connections")).toEqual([]);
      agent.destroy();
    },
    SHUTDOWN_TIMEOUT_MS + 60_000,
  );
});
