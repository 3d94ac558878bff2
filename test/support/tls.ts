import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from "node:http";
import { createServer } from "node:https";
import type { AddressInfo, Socket } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

/**
 * TLS for tests: a throwaway self-signed certificate, and an HTTPS server on
 * loopback that records what it receives (the receiving end of outgoing
 * webhooks and other HTTPS clients under test).
 */

/**
 * A self-signed certificate for loopback (IP 127.0.0.1, IP ::1 and DNS
 * localhost), valid for a day, made by openssl: Node cannot create X.509
 * certificates itself. It is its own CA (basicConstraints CA:TRUE), so a
 * client trusts it by passing `cert` as `ca` (or NODE_EXTRA_CA_CERTS for a
 * child process).
 */
export function selfSignedCertificate(): { key: string; cert: string } {
  const dir = mkdtempSync(path.join(tmpdir(), "maternis-test-cert-"));
  try {
    const key = path.join(dir, "key.pem");
    const cert = path.join(dir, "cert.pem");
    execFileSync(
      "openssl",
      [
        "req",
        "-x509",
        "-newkey",
        "ec",
        "-pkeyopt",
        "ec_paramgen_curve:prime256v1",
        "-nodes",
        "-keyout",
        key,
        "-out",
        cert,
        "-days",
        "1",
        "-subj",
        "/CN=127.0.0.1",
        "-addext",
        "subjectAltName=IP:127.0.0.1,IP:::1,DNS:localhost",
        "-addext",
        "basicConstraints=critical,CA:TRUE",
      ],
      { stdio: "pipe" },
    );
    return { key: readFileSync(key, "utf8"), cert: readFileSync(cert, "utf8") };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** One request as the receiver got it. */
export type ReceivedRequest = {
  method: string;
  /** The request target: path and query, as sent. */
  path: string;
  /** Node's lower-cased headers. */
  headers: IncomingHttpHeaders;
  /** The whole body, decoded as UTF-8. */
  body: string;
  /** When its first byte arrived (Date.now()). */
  receivedAt: number;
};

/** How the receiver answers: a status, and optionally a body and headers. */
export type ReceiverAnswer = { status: number; body?: string; headers?: Record<string, string> };

/**
 * Answers one request. A promise that never settles holds the request open
 * (an endpoint that never answers) until the client gives up, `reset()` or
 * `close()`.
 */
export type ReceiverHandler = (
  request: Pick<ReceivedRequest, "method" | "path" | "headers" | "body">,
) => ReceiverAnswer | Promise<ReceiverAnswer>;

/**
 * An HTTPS server on 127.0.0.1 (a free port) with a fresh self-signed
 * certificate (`cert`, to trust): `onRequest` gets each request once its body
 * is complete, with when its first byte arrived. The responses a test holds
 * open (`held`: an endpoint that never answers) end with `dropHeld()`;
 * `close()` ends them and every connection, and stops the server. Both the
 * HTTPS receiver below and the ACS contract server (./acs.ts) are one.
 */
export async function startLoopbackHttps(
  onRequest: (req: IncomingMessage, res: ServerResponse, body: Buffer, receivedAt: number) => void,
) {
  const { key, cert } = selfSignedCertificate();
  const sockets = new Set<Socket>();
  const held = new Set<ServerResponse>();
  const server = createServer({ key, cert });
  server.on("connection", (socket: Socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  server.on("request", (req: IncomingMessage, res: ServerResponse) => {
    const receivedAt = Date.now();
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => onRequest(req, res, Buffer.concat(chunks), receivedAt));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));

  const dropHeld = () => {
    for (const res of held) res.destroy();
    held.clear();
  };
  return {
    port: (server.address() as AddressInfo).port,
    cert,
    held,
    dropHeld,
    /** Connections open now: a client that gave up has closed its own. */
    openConnections: () => sockets.size,
    async close() {
      dropHeld();
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type HttpsReceiver = Awaited<ReturnType<typeof startHttpsReceiver>>;

const answerOk: ReceiverHandler = () => ({ status: 200, body: "ok" });

/**
 * An HTTPS server on 127.0.0.1 (a free port) with a fresh self-signed
 * certificate (`ca`, to trust), standing in for a webhook endpoint (Slack,
 * Teams, a signed generic webhook) or any other HTTPS service a test calls.
 *
 * Every request is recorded in `requests` once its body is complete, then
 * answered by the handler: 200 "ok" until `respondWith` replaces it. A
 * handler that throws answers 500 with the error's message. `reset()` clears
 * the record, drops requests held open and restores the default handler;
 * `close()` also cuts every connection and stops the server.
 */
export async function startHttpsReceiver() {
  const requests: ReceivedRequest[] = [];
  let handler = answerOk;

  async function answer(res: ServerResponse, request: ReceivedRequest) {
    let reply: ReceiverAnswer;
    https.held.add(res);
    try {
      reply = await handler({
        method: request.method,
        path: request.path,
        headers: request.headers,
        body: request.body,
      });
    } catch (error) {
      reply = { status: 500, body: error instanceof Error ? error.message : String(error) };
    } finally {
      https.held.delete(res);
    }
    if (res.destroyed) return;
    res.writeHead(reply.status, { "content-type": "text/plain; charset=utf-8", ...reply.headers });
    res.end(reply.body);
  }

  const https = await startLoopbackHttps((req, res, body, receivedAt) => {
    const request: ReceivedRequest = {
      method: req.method ?? "",
      path: req.url ?? "/",
      headers: req.headers,
      body: body.toString("utf8"),
      receivedAt,
    };
    requests.push(request);
    void answer(res, request);
  });

  return {
    /** https://127.0.0.1:PORT, without a trailing slash. */
    url: `https://127.0.0.1:${https.port}`,
    port: https.port,
    /** The PEM certificate to trust. */
    ca: https.cert,
    requests,
    /** Answer the next requests with `next` instead. */
    respondWith(next: ReceiverHandler) {
      handler = next;
    },
    /** Connections open now: a client that gave up has closed its own. */
    openConnections: https.openConnections,
    reset() {
      requests.length = 0;
      handler = answerOk;
      https.dropHeld();
    },
    close: https.close,
  };
}
