import { mkdirSync, writeFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer } from "smtp-server";

/** A message as it arrived at the test SMTP server: the envelope and the parsed message. */
export type ReceivedMail = ParsedMail & { envelopeTo: string[] };

/**
 * How the server misbehaves while `options.outage` is set:
 * - "refuse-connect": every new connection gets 421 and is closed;
 * - "defer-data": the message is read, then refused with 451 (not kept);
 * - "drop-data": the message is read, then the connection is cut without a reply (not kept).
 */
export type SmtpOutage = "refuse-connect" | "defer-data" | "drop-data";

/**
 * A real SMTP server on loopback that keeps what it receives. `stop()` takes
 * it down (connections are refused) and `start()` brings it back on the same
 * port, to simulate an outage. Recipients in `reject` get a 550 (refused for
 * good), those in `defer` a 454 (a temporary failure, neither busy nor final).
 * `closeTimeoutMs` bounds how long `stop()` lets open connections finish
 * (smtp-server's default is 30 s, during which pooled clients can still send).
 * With `mailboxDir`, every message is written there as <time>-<sequence>.eml
 * instead (read it with ./mailbox.ts): the end-to-end stack runs in another
 * process than the tests that read its mail.
 */
export async function startSmtpServer(settings: { closeTimeoutMs?: number; port?: number; mailboxDir?: string } = {}) {
  const received: ReceivedMail[] = [];
  /** The Message-IDs of the messages held (read, never answered): see holdNext. */
  const held: string[] = [];
  let toHold = 0;
  const reject = new Set<string>();
  const defer = new Set<string>();
  const options: { delayMs: number; outage: SmtpOutage | null } = { delayMs: 0, outage: null };
  /** Connections and messages turned away by an outage. */
  const refused = { connections: 0, messages: 0 };
  let port = settings.port ?? 0;
  let saved = 0;
  if (settings.mailboxDir) mkdirSync(settings.mailboxDir, { recursive: true });
  let server: SMTPServer | undefined;

  function create() {
    return new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS", "AUTH"],
      logger: false,
      ...(settings.closeTimeoutMs !== undefined ? { closeTimeout: settings.closeTimeoutMs } : {}),
      onConnect(_session, callback) {
        if (options.outage === "refuse-connect") {
          refused.connections++;
          const error = Object.assign(new Error("Service not available, closing transmission channel (test outage)"), {
            responseCode: 421,
          });
          return callback(error);
        }
        callback();
      },
      onRcptTo(address, _session, callback) {
        if (reject.has(address.address.toLowerCase())) {
          // Named in the reply, as real servers do ("550 5.1.1 <a@b>: Recipient address rejected").
          const error = Object.assign(new Error(`Mailbox unavailable: <${address.address}> refused by test server`), {
            responseCode: 550,
          });
          return callback(error);
        }
        if (defer.has(address.address.toLowerCase())) {
          return callback(Object.assign(new Error("Temporary failure, try again later"), { responseCode: 454 }));
        }
        callback();
      },
      onData(stream, session, callback) {
        const outage = options.outage;
        if (outage === "defer-data" || outage === "drop-data") {
          stream.resume();
          stream.on("end", () => {
            refused.messages++;
            if (outage === "drop-data") {
              // smtp-server keeps its connections (with their sockets) in a set; cut this one.
              const open = (
                server as unknown as { connections?: Set<{ id: string; _socket?: { destroy(): void } }> } | undefined
              )?.connections;
              for (const connection of open ?? []) if (connection.id === session.id) connection._socket?.destroy();
              return;
            }
            callback(
              Object.assign(new Error("Requested action aborted: local error in processing (test outage)"), {
                responseCode: 451,
              }),
            );
          });
          return;
        }
        if (settings.mailboxDir) {
          const chunks: Buffer[] = [];
          stream.on("data", (chunk: Buffer) => chunks.push(chunk));
          stream.on("end", () => {
            saved += 1;
            const name = `${Date.now()}-${String(saved).padStart(4, "0")}.eml`;
            writeFileSync(path.join(settings.mailboxDir!, name), Buffer.concat(chunks));
            callback();
          });
          return;
        }
        simpleParser(stream)
          .then(async (mail) => {
            if (toHold > 0) {
              // Read and never answered: the client waits (until it gives up or dies), nothing is kept.
              toHold--;
              held.push(mail.messageId ?? "");
              return;
            }
            if (options.delayMs) await new Promise((resolve) => setTimeout(resolve, options.delayMs));
            received.push(Object.assign(mail, { envelopeTo: session.envelope.rcptTo.map((r) => r.address) }));
            callback();
          })
          .catch((error: Error) => callback(error));
      },
    });
  }

  async function start() {
    if (server) return; // already running
    server = create();
    const current = server;
    await new Promise<void>((resolve, reject) => {
      current.once("error", (error) => {
        server = undefined;
        reject(error);
      });
      current.listen(port, "127.0.0.1", () => {
        port = (current.server.address() as AddressInfo).port;
        resolve();
      });
    });
    // Once listening, a client that vanishes mid-message (a worker killed by
    // a fault test) resets its connection: smtp-server reports that as an
    // 'error' on the server, which is expected here, not a failure.
    current.on("error", () => {});
  }

  /** Cuts every open connection (a pooled client must reconnect). */
  function disconnectAll() {
    const open = (server as unknown as { connections?: Set<{ _socket?: { destroy(): void } }> } | undefined)
      ?.connections;
    for (const connection of open ?? []) connection._socket?.destroy();
  }

  async function stop() {
    const current = server;
    server = undefined;
    if (current) await new Promise<void>((resolve) => current.close(() => resolve()));
  }

  await start();
  return {
    received,
    held,
    /**
     * The next `count` messages are read and never answered (their Message-IDs
     * in `held`, emptied first): the sender is stuck in the middle of them, as
     * a worker killed while sending would be.
     */
    holdNext(count: number) {
      held.length = 0;
      toHold = count;
    },
    reject,
    defer,
    /** Set delayMs to make each message take that long to accept; outage to misbehave (see SmtpOutage). */
    options,
    refused,
    get port() {
      return port;
    },
    get url() {
      return `smtp://127.0.0.1:${port}`;
    },
    start,
    stop,
    disconnectAll,
  };
}

export type TestSmtpServer = Awaited<ReturnType<typeof startSmtpServer>>;
