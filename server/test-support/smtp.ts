import type { AddressInfo } from "node:net";
import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer } from "smtp-server";

/** A message as it arrived at the test SMTP server: the envelope and the parsed message. */
export type ReceivedMail = ParsedMail & { envelopeTo: string[] };

/**
 * A real SMTP server on loopback that keeps what it receives. `stop()` takes
 * it down (connections are refused) and `start()` brings it back on the same
 * port, to simulate an outage. Recipients in `reject` get a 550.
 */
export async function startSmtpServer() {
  const received: ReceivedMail[] = [];
  const reject = new Set<string>();
  const options = { delayMs: 0 };
  let port = 0;
  let server: SMTPServer | undefined;

  function create() {
    return new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS", "AUTH"],
      logger: false,
      onRcptTo(address, _session, callback) {
        if (reject.has(address.address.toLowerCase())) {
          const error = Object.assign(new Error("Mailbox unavailable: recipient refused by test server"), { responseCode: 550 });
          return callback(error);
        }
        callback();
      },
      onData(stream, session, callback) {
        simpleParser(stream)
          .then(async (mail) => {
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
    await new Promise<void>((resolve, reject) => {
      server!.once("error", (error) => {
        server = undefined;
        reject(error);
      });
      server!.listen(port, "127.0.0.1", () => {
        port = (server!.server.address() as AddressInfo).port;
        resolve();
      });
    });
  }

  async function stop() {
    const current = server;
    server = undefined;
    if (current) await new Promise<void>((resolve) => current.close(() => resolve()));
  }

  await start();
  return {
    received,
    reject,
    /** Set delayMs to make each message take that long to accept. */
    options,
    get port() {
      return port;
    },
    get url() {
      return `smtp://127.0.0.1:${port}`;
    },
    start,
    stop,
  };
}

export type TestSmtpServer = Awaited<ReturnType<typeof startSmtpServer>>;
