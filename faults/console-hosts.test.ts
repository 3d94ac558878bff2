/**
 * Issue 25 (ASVS 5.0 L2), staff sign-in on one origin: a flood of console
 * requests with made-up Host headers neither gets authentication state nor
 * grows the server.
 *
 * Proves: 10,000 requests to the production build's console (the sign-in
 * page, a console page, a code request, a passkey endpoint) with random Host
 * headers (other names, and loopback names on random ports, which used to
 * get a better-auth instance each) all get 421 Misdirected Request without a
 * Set-Cookie, while the site's own host is still served; and the memory the
 * server retains (V8 heap plus external) grows by less than 20 MB over them
 * (resident memory is reported beside it). The server reports its own
 * process.memoryUsage() after a full garbage collection
 * (started with --expose-gc and test/support/memory-probe.mjs, asked with
 * SIGUSR2), after a warm-up of the same mix.
 */
import { existsSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { faultEnvironment, SITE_URL } from "../test/support/faults";
import { rawRequest, type RawRequest } from "../test/support/raw-http";
import type { RunningServer } from "../test/support/server-process";
import { waitFor } from "../test/support/wait";

const REQUESTS = 10_000;
const WARM_UP = 1_000;
const MAX_GROWTH_BYTES = 20 * 1024 * 1024;
const env = faultEnvironment("console-hosts");

const probe = path.resolve(import.meta.dirname, "../test/support/memory-probe.mjs");

/** The server's memory after a full collection, as it reports it itself. */
async function memoryOf(server: RunningServer, file: string) {
  rmSync(file, { force: true });
  server.process.kill("SIGUSR2");
  const report = await waitFor(() => (existsSync(file) ? readFileSync(file, "utf8") : undefined), {
    timeoutMs: 10_000,
    what: "the server's memory report",
  });
  const { rss, heapUsed, external, gc } = JSON.parse(report) as {
    rss: number;
    heapUsed: number;
    external: number;
    gc: boolean;
  };
  expect(gc).toBe(true);
  // What the process keeps alive: V8's heap and the memory its objects hold outside it.
  return { rss, retained: heapUsed + external };
}

const random = (n: number) => Math.floor(Math.random() * n);
function randomHost(i: number) {
  const port = 1024 + random(60_000);
  switch (i % 4) {
    case 0:
      return `localhost:${port}`;
    case 1:
      return `127.0.0.1:${port}`;
    case 2:
      return `[::1]:${port}`;
    default:
      return `h${random(1e9).toString(36)}.example${i % 8 === 3 ? `:${port}` : ""}`;
  }
}

function consoleRequest(i: number, host: string): RawRequest {
  const headers = { Host: host, Accept: "text/html", "X-Test": String(i) };
  switch (i % 4) {
    case 0:
      return { method: "GET", path: "/staff/sign-in", headers };
    case 1:
      return { method: "GET", path: "/staff", headers };
    case 2:
      return { method: "GET", path: "/staff/auth/passkey/generate-authenticate-options", headers };
    default:
      return {
        method: "POST",
        path: "/staff/sign-in",
        headers: { ...headers, Origin: `http://${host}`, "Content-Type": "application/x-www-form-urlencoded" },
        body: "intent=send-code&email=admin%40maternis.test",
      };
  }
}

describe("console requests for other hosts", () => {
  test(`${REQUESTS} requests with random Host headers: 421, no cookie, memory grows < 20 MB`, async () => {
    const report = path.join(env.data.dir, "memory.json");
    const server = await env.start(
      { STAFF_ADMIN_EMAILS: "admin@maternis.test", MEMORY_PROBE_FILE: report },
      { nodeArgs: ["--expose-gc", "--import", probe] },
    );
    const statuses = new Map<number, number>();
    let cookies = 0;

    async function flood(count: number, offset: number) {
      const batch = 50;
      for (let start = 0; start < count; start += batch) {
        const answers = await Promise.all(
          Array.from({ length: Math.min(batch, count - start) }, (_, k) => {
            const i = offset + start + k;
            return rawRequest(server.url, consoleRequest(i, randomHost(i)));
          }),
        );
        for (const answer of answers) {
          statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
          if (answer.headers["set-cookie"]) cookies++;
        }
      }
    }

    // The site's own host is served (the control).
    const own = await rawRequest(server.url, {
      method: "GET",
      path: "/staff/sign-in",
      headers: { Host: new URL(SITE_URL).host, Accept: "text/html" },
    });
    expect(own.status).toBe(200);
    expect(own.body).toContain("Send me a code");
    // The flood's code request, for the site's own host, sets the code step's cookie: the cookie
    // count below would see one.
    const ownPost = await rawRequest(server.url, consoleRequest(3, new URL(SITE_URL).host));
    expect(ownPost.headers["set-cookie"], `status ${ownPost.status}`).toBeTruthy();

    await flood(WARM_UP, 0);
    const before = await memoryOf(server, report);
    statuses.clear();
    await flood(REQUESTS, WARM_UP);
    const after = await memoryOf(server, report);

    expect(Object.fromEntries(statuses)).toEqual({ 421: REQUESTS });
    expect(cookies).toBe(0);
    const mb = (bytes: number) => `${(bytes / 1048576).toFixed(1)} MB`;
    console.log(
      `console-hosts over ${REQUESTS} requests: retained ${mb(before.retained)} -> ${mb(after.retained)}, resident ${mb(before.rss)} -> ${mb(after.rss)}`,
    );
    // Asserted on what the process retains after a full collection: state kept per Host (the old
    // per-origin instances) grows it. Resident memory is reported, not asserted: after a burst of
    // 50 concurrent requests the allocator keeps pages it may return later, so on this machine the
    // same run has shown it both 39 MB higher and 270 MB lower with the heap flat.
    expect(after.retained - before.retained).toBeLessThan(MAX_GROWTH_BYTES);
  }, 600_000);
});
