/**
 * HTTP requests with exactly the bytes and headers given, for tests that send
 * what no browser would (fetch would normalise them), and form posts as a
 * browser on the same site sends them.
 */
import { once } from "node:events";
import http from "node:http";
import type { AddressInfo } from "node:net";
import type { FormKind } from "./fixtures";

export type RawResponse = { status: number; headers: http.IncomingHttpHeaders; body: string };

export type RawRequest = {
  method?: string;
  path: string;
  headers?: Record<string, string | number>;
  body?: string | Buffer;
  /** Send the body with Transfer-Encoding: chunked in pieces of this size. */
  chunked?: number;
  timeoutMs?: number;
  /** The local address to connect from (another loopback address, 127.0.0.2, is another client to the server). */
  localAddress?: string;
};

const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });

/** Serves `handler` (an Express app) on 127.0.0.1 at a free port: its base URL, and how to stop it. */
export async function serveOnLoopback(handler: http.RequestListener): Promise<{ base: string; close(): void }> {
  const server = http.createServer(handler).listen(0, "127.0.0.1");
  await once(server, "listening");
  return { base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => void server.close() };
}

/**
 * One HTTP request with exactly the bytes and headers given (fetch would
 * normalise them). Resolves with the status and body; rejects on a network
 * error (a reset connection, a crashed server).
 */
export function rawRequest(base: string, request: RawRequest): Promise<RawResponse> {
  const url = new URL(request.path, base);
  return new Promise((resolve, reject) => {
    const body =
      request.body === undefined
        ? undefined
        : Buffer.isBuffer(request.body)
          ? request.body
          : Buffer.from(request.body, "utf8");
    const headers: Record<string, string | number> = { ...request.headers };
    if (body && !request.chunked && !Object.keys(headers).some((h) => h.toLowerCase() === "content-length"))
      headers["Content-Length"] = body.length;
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: request.path,
        method: request.method ?? "POST",
        headers,
        // A kept-alive socket has its local address already: a request from another one gets its own.
        agent: request.localAddress ? false : agent,
        localAddress: request.localAddress,
        timeout: request.timeoutMs ?? 30_000,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString("utf8") }),
        );
        res.on("error", reject);
      },
    );
    req.on("timeout", () => req.destroy(new Error(`request to ${request.path} timed out`)));
    req.on("error", reject);
    if (body && request.chunked) {
      for (let i = 0; i < body.length; i += request.chunked) req.write(body.subarray(i, i + request.chunked));
      req.end();
    } else {
      req.end(body);
    }
  });
}

/** Posts a form as a browser on the same site would. */
export function postForm(
  base: string,
  kind: FormKind,
  body: string,
  headers: Record<string, string> = {},
): Promise<RawResponse> {
  return rawRequest(base, {
    path: `/${kind}`,
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      Origin: base,
      "Sec-Fetch-Site": "same-origin",
      ...headers,
    },
    body,
  });
}

/** A 200 page showing the `kind` form's success panel (also what a blocked bot sees: see malformed.test.ts). */
export function isSuccessPage(kind: FormKind, response: RawResponse): boolean {
  return response.status === 200 && response.body.includes(`<div id="${kind}-form" data-slot="success-panel"`);
}
