import { createHash, randomUUID } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import type { EmailClientOptions } from "@azure/communication-email";
import type { SendMailOptions, Transporter, TransportOptions } from "nodemailer";
import type { Env } from "~/platform/env.server";
import type { Logger } from "~/platform/log.server";

/** The texts of a failed send when the provider gave no message of its own. */
export const EMAIL_FALLBACK_ERROR = "Failed to send email";
export const SMS_FALLBACK_ERROR = "Failed to send SMS";

export type Address = { name?: string; address: string };

export type OutgoingEmail = {
  to: string[];
  subject: string;
  html?: string;
  text?: string;
  replyTo?: Address;
  /**
   * RFC 5322 Message-ID including the angle brackets; retries reuse it. An
   * outbox message always has one: the ACS transport derives its operation
   * ids from it, so a retry asks the service what became of an earlier
   * attempt before sending again.
   */
  messageId?: string;
};

type OutgoingSms = { to: string[]; message: string };
type SendReceipt = { messageId: string };

export interface MailTransport {
  readonly name: "file" | "smtp" | "acs";
  sendEmail(message: OutgoingEmail): Promise<SendReceipt>;
  close(): void;
}

export interface SmsTransport {
  readonly name: "file" | "acs";
  sendSms(message: OutgoingSms): Promise<SendReceipt>;
}

/**
 * A failed send, carrying the provider's text or the fallback text. When the
 * provider said it is busy or limiting us (SMTP 421 or 450-452, ACS 429),
 * `retryAfterMs` says how long to wait before sending again.
 */
export class SendError extends Error {
  override name = "SendError";
  readonly retryAfterMs: number | undefined;
  /**
   * The provider refused this message itself (an HTTP 4xx other than 408 and
   * 429, or a recipient it rejected): sending it again cannot succeed.
   */
  readonly permanent: boolean;
  constructor(message: string, options: { cause?: unknown; retryAfterMs?: number; permanent?: boolean } = {}) {
    super(message, { cause: options.cause });
    this.retryAfterMs = options.retryAfterMs ?? rateLimitDelay(options.cause);
    this.permanent = options.permanent ?? isRefusal((options.cause as { statusCode?: unknown } | null)?.statusCode);
  }
}

/** An HTTP status that refuses the request itself (not 408 Request Timeout, not 429 Too Many Requests). */
export function isRefusal(status: unknown): boolean {
  return typeof status === "number" && status >= 400 && status < 500 && status !== 408 && status !== 429;
}

/** How long an SMTP server that answered "busy" is left alone when it gives no time of its own. */
export const SMTP_BUSY_DELAY_MS = 5_000;
const MAX_RATE_LIMIT_DELAY_MS = 30_000;

/**
 * The wait a provider asked for, if `error` is its way of saying "too many":
 * SMTP 421 (service not available, closing) and 450-452 (mailbox busy,
 * local error, insufficient storage: the replies relays give when they
 * throttle), or an HTTP 429 with its Retry-After (seconds or a date).
 * Undefined for every other failure.
 */
export function rateLimitDelay(error: unknown, now = Date.now()): number | undefined {
  if (error instanceof SendError) return error.retryAfterMs;
  if (!error || typeof error !== "object") return undefined;
  const { responseCode, statusCode, response } = error as {
    responseCode?: number;
    statusCode?: number;
    response?: { headers?: { get?(name: string): string | undefined } };
  };
  if (responseCode === 421 || (responseCode !== undefined && responseCode >= 450 && responseCode <= 452)) {
    return SMTP_BUSY_DELAY_MS;
  }
  if (statusCode === 429) {
    const header = response?.headers?.get?.("retry-after");
    const seconds = header !== undefined && /^\d+$/.test(header.trim()) ? Number(header) * 1000 : undefined;
    const date = header !== undefined && seconds === undefined ? Date.parse(header) - now : undefined;
    const wait = seconds ?? (date !== undefined && Number.isFinite(date) ? date : SMTP_BUSY_DELAY_MS);
    return Math.min(Math.max(wait, 1_000), MAX_RATE_LIMIT_DELAY_MS);
  }
  return undefined;
}

/** The error's own text, or `fallback` when it has none. */
export function errorText(error: unknown, fallback: string): string {
  if (error instanceof Error && error.message.trim() !== "") return error.message.trim();
  if (typeof error === "string" && error.trim() !== "") return error.trim();
  if (
    error &&
    typeof error === "object" &&
    "message" in error &&
    typeof error.message === "string" &&
    error.message.trim() !== ""
  ) {
    return error.message.trim();
  }
  return fallback;
}

/** Header values never carry CR/LF (or other controls), whatever the input. */
export function oneLine(value: string): string {
  return value.replace(/[\u0000-\u001f\u007f]+/g, " ").trim();
}

function safeAddress(address: Address | undefined) {
  if (!address) return undefined;
  return { name: address.name ? oneLine(address.name) : "", address: oneLine(address.address) };
}

/** The bare address inside `Name <address>`, or the value itself. */
export function bareAddress(from: string): string {
  return /<([^>]+)>/.exec(from)?.[1]?.trim() ?? from.trim();
}

/**
 * A nodemailer transport, made with the first message: nodemailer loads then,
 * so a process that never sends (a web process whose worker runs elsewhere)
 * never holds it (docs/decisions/024-memory-recovery-and-load.md).
 */
function lazyTransport(options: TransportOptions | Record<string, unknown>) {
  let made: Promise<Transporter> | undefined;
  return {
    get: () => (made ??= import("nodemailer").then((nodemailer) => nodemailer.default.createTransport(options))),
    close: () => void made?.then((transport) => transport.close()).catch(() => {}),
  };
}

function nodemailerMessage(from: string, message: OutgoingEmail): SendMailOptions {
  return {
    from,
    to: message.to.map(oneLine),
    subject: oneLine(message.subject),
    html: message.html,
    text: message.text,
    replyTo: safeAddress(message.replyTo),
    messageId: message.messageId ? oneLine(message.messageId) : undefined,
  };
}

/** `file`: each message as an RFC 822 .eml file in DATA_DIR/outbox, one log line per message. */
export function fileMailTransport(options: { from: string; outbox: string; log: Logger }): MailTransport {
  const builder = lazyTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return {
    name: "file",
    async sendEmail(message) {
      try {
        const info = await (await builder.get()).sendMail(nodemailerMessage(options.from, message));
        const messageId = info.messageId;
        await mkdir(options.outbox, { recursive: true });
        // Named after the Message-ID: a retry rewrites the same file, never a second message.
        const file = path.join(
          options.outbox,
          `${messageId.replace(/[^A-Za-z0-9._-]+/g, "_").replace(/^_|_$/g, "")}.eml`,
        );
        await writeFile(file, info.message as Buffer);
        options.log.info("email written to outbox", { file, messageId });
        return { messageId };
      } catch (error) {
        throw new SendError(errorText(error, EMAIL_FALLBACK_ERROR), { cause: error });
      }
    },
    close() {},
  };
}

/** `smtp`: any SMTP server, including the Azure Communication Services SMTP relay (STARTTLS on 587). */
export function smtpMailTransport(options: { from: string; url: string }): MailTransport {
  const transport = lazyTransport({
    url: options.url,
    pool: true,
    maxConnections: 4,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  return {
    name: "smtp",
    async sendEmail(message) {
      try {
        const info = await (await transport.get()).sendMail(nodemailerMessage(options.from, message));
        if (info.rejected?.length) throw new Error(`Recipient rejected: ${info.rejected.join(", ")}`);
        return { messageId: info.messageId };
      } catch (error) {
        throw new SendError(errorText(error, EMAIL_FALLBACK_ERROR), { cause: error });
      }
    },
    close() {
      transport.close();
    },
  };
}

/**
 * How the ACS transports reach the service. `tlsOptions` is the SDK's own
 * pipeline option (a private CA for a proxy in front of the service, or the
 * contract tests' loopback server); `timeoutMs` bounds one whole send,
 * e-mail polling included.
 */
export type AcsClientSettings = {
  tlsOptions?: EmailClientOptions["tlsOptions"];
  timeoutMs?: number;
};

/** How long one ACS send (e-mail: the request and every poll of its operation) may take. */
export const ACS_SEND_TIMEOUT_MS = 30_000;

/** The parts of an ACS connection string, or a TransportConfigError that never repeats the key. */
export function parseAcsConnectionString(connectionString: string): { endpoint: string; accessKey: string } {
  const match = /^\s*endpoint=(https:\/\/[^;\s]+);\s*accesskey=([^;\s]+?);?\s*$/i.exec(connectionString);
  const endpoint = match?.[1];
  const accessKey = match?.[2];
  if (!endpoint || !accessKey || !URL.canParse(endpoint))
    throw new TransportConfigError(
      "ACS_CONNECTION_STRING must look like endpoint=https://<resource>.communication.azure.com/;accesskey=<key> (copy it from the resource's Keys page)",
    );
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(accessKey) || Buffer.from(accessKey, "base64").length < 32)
    throw new TransportConfigError(
      "ACS_CONNECTION_STRING: the accesskey is not a base64 key (copy it from the resource's Keys page)",
    );
  return { endpoint, accessKey };
}

/**
 * The SDK clients' options: the SDK's own retries are off. A 429 must reach
 * the worker, whose send gate holds every send back for the time the service
 * asked (the SDK would wait inside one send, up to three times, while the
 * other sends keep hitting the limit); any other failure is retried by the
 * outbox with its backoff.
 */
function acsClientOptions(settings: AcsClientSettings) {
  return {
    retryOptions: { maxRetries: 0 },
    ...(settings.tlsOptions ? { tlsOptions: settings.tlsOptions } : {}),
  };
}

/**
 * What both ACS transports start with: the connection string checked at once,
 * the deadline of one send, and the SDK's client, loaded and made on first use
 * (most processes never send through ACS).
 */
function acsClient<Client>(
  settings: { connectionString: string } & AcsClientSettings,
  load: () => Promise<new (connectionString: string, options: ReturnType<typeof acsClientOptions>) => Client>,
) {
  parseAcsConnectionString(settings.connectionString);
  let loading: Promise<Client> | undefined;
  const client = () =>
    (loading ??= load().then((SdkClient) => new SdkClient(settings.connectionString, acsClientOptions(settings))));
  return { client, timeoutMs: settings.timeoutMs ?? ACS_SEND_TIMEOUT_MS };
}

/** The text of a failed ACS call: a refused signature names the setting to fix, a timeout says so. */
function acsErrorText(error: unknown, fallback: string, timeoutMs: number): string {
  const { statusCode, code, name } = (error ?? {}) as { statusCode?: number; code?: string; name?: string };
  if (statusCode === 401 || statusCode === 403)
    return `Azure Communication Services refused the request (${statusCode}${code ? ` ${code}` : ""}): check the access key in ACS_CONNECTION_STRING`;
  if (name === "AbortError" || name === "TimeoutError")
    return `Azure Communication Services did not answer within ${timeoutMs / 1000} s`;
  return errorText(error, fallback);
}

/** The e-mail API version the SDK speaks (@azure/communication-email 1.1), for the status URL of an operation. */
const ACS_EMAIL_API_VERSION = "2025-09-01";

/** How many earlier operations of one message a send asks about: each failed one leads to the next. */
const MAX_ACS_OPERATIONS = 50;

/**
 * The ACS operation id (a UUID, sent as `Operation-Id`) of the `generation`-th
 * operation of the message with `messageId`: a SHA-256 of both (RFC 9562
 * version 8), so every attempt, in any process, knows which operations an
 * earlier attempt may have started, without storing anything.
 */
export function acsOperationId(messageId: string, generation: number): string {
  const hash = createHash("sha256").update(`acs-email-operation\n${messageId}\n${generation}`).digest();
  hash[6] = (hash[6]! & 0x0f) | 0x80;
  hash[8] = (hash[8]! & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

type AcsOperationBody = { id?: string; status?: string; error?: { code?: string; message?: string } };

/**
 * `acs`: the Azure Communication Services e-mail API, each message sent once.
 *
 * A message with a Message-ID (every outbox message: retries reuse it) is
 * sent under an operation id derived from it ({@link acsOperationId}). Before
 * sending, the transport asks the service for that operation
 * (GET /emails/operations/{id}, through the SDK's own poller resumed from the
 * id): unknown (404), it was never received and is sent now under that id;
 * running, it is polled to its end; succeeded, it was sent, and nothing is
 * sent again; failed or cancelled, the next generation's id is asked about,
 * and so on. So a send whose poll timed out, or whose answer was lost, is not
 * sent twice by the outbox's retry (docs/decisions/016-acs-contract-tests.md).
 * A message without a Message-ID (the communication endpoint's: never
 * retried) is sent at once under an id the service makes.
 */
export function acsMailTransport(
  options: { from: string; connectionString: string } & AcsClientSettings,
): MailTransport {
  const { endpoint } = parseAcsConnectionString(options.connectionString);
  const { client: emailClient, timeoutMs } = acsClient(options, () =>
    import("@azure/communication-email").then((sdk) => sdk.EmailClient),
  );
  const statusUrl = (operationId: string) =>
    new URL(`emails/operations/${operationId}?api-version=${ACS_EMAIL_API_VERSION}`, endpoint.replace(/\/?$/, "/"))
      .href;
  return {
    name: "acs",
    async sendEmail(message) {
      // One deadline for the status requests, the send and every poll: a hung request fails the send (the outbox retries it).
      const abortSignal = AbortSignal.timeout(timeoutMs);
      // The operation's last status: a Failed one carries the service's reason, which the SDK's error wraps.
      const last: { body?: AcsOperationBody } = {};
      const onResponse = (response: { status: number; parsedBody?: unknown }) => {
        last.body = response.status < 300 ? (response.parsedBody as AcsOperationBody) : undefined;
      };
      /** Before a new request: what an earlier one answered says nothing about it. */
      const forget = () => void (last.body = undefined);
      try {
        const client = await emailClient();
        const replyTo = safeAddress(message.replyTo);
        const content: Parameters<typeof client.beginSend>[0] = {
          senderAddress: bareAddress(options.from),
          content: { subject: oneLine(message.subject), html: message.html ?? "", plainText: message.text },
          recipients: { to: message.to.map((address) => ({ address: oneLine(address) })) },
          replyTo: replyTo ? [{ address: replyTo.address, displayName: replyTo.name || undefined }] : undefined,
          headers: message.messageId ? { "Message-ID": oneLine(message.messageId) } : undefined,
        };

        /** What became of an operation an earlier attempt may have started: undefined when the service never had it. */
        const earlier = async (operationId: string): Promise<AcsOperationBody | undefined> => {
          forget();
          const resumeFrom = JSON.stringify({
            state: {
              status: "running",
              config: { metadata: { mode: "OperationLocation" }, operationLocation: statusUrl(operationId) },
            },
          });
          try {
            const poller = await client.beginSend(content, { abortSignal, onResponse, resumeFrom });
            return await poller.pollUntilDone({ abortSignal });
          } catch (error) {
            if ((error as { statusCode?: unknown } | null)?.statusCode === 404) return undefined;
            if (last.body?.status === "Failed" || last.body?.status === "Canceled") return last.body;
            throw error;
          }
        };

        let operationId: string | undefined;
        if (message.messageId) {
          for (let generation = 0; operationId === undefined; generation++) {
            if (generation >= MAX_ACS_OPERATIONS)
              throw new SendError(`Azure Communication Services failed this e-mail ${MAX_ACS_OPERATIONS} times`);
            const candidate = acsOperationId(message.messageId, generation);
            const found = await earlier(candidate);
            if (!found) operationId = candidate;
            else if (found.status === "Succeeded") return { messageId: found.id ?? candidate };
          }
        }

        forget();
        const poller = await client.beginSend(content, {
          abortSignal,
          onResponse,
          ...(operationId ? { operationId } : {}),
        });
        const result = await poller.pollUntilDone({ abortSignal });
        if (result.status !== "Succeeded") throw new Error(result.error?.message ?? "");
        return { messageId: result.id };
      } catch (error) {
        if (error instanceof SendError) throw error;
        const failed = last.body?.status === "Failed" ? last.body.error?.message?.trim() : undefined;
        throw new SendError(failed || acsErrorText(error, EMAIL_FALLBACK_ERROR, timeoutMs), { cause: error });
      }
    },
    close() {},
  };
}

export function fileSmsTransport(options: { outbox: string; log: Logger }): SmsTransport {
  return {
    name: "file",
    async sendSms(message) {
      try {
        const messageId = randomUUID();
        await mkdir(options.outbox, { recursive: true });
        const file = path.join(options.outbox, `sms-${messageId}.json`);
        await writeFile(
          file,
          `${JSON.stringify({ messageId, to: message.to, message: message.message, createdAt: new Date().toISOString() }, null, 2)}\n`,
        );
        options.log.info("sms written to outbox", { file, messageId });
        return { messageId };
      } catch (error) {
        throw new SendError(errorText(error, SMS_FALLBACK_ERROR), { cause: error });
      }
    },
  };
}

/** `acs`: the Azure Communication Services SMS API. */
export function acsSmsTransport(options: { from: string; connectionString: string } & AcsClientSettings): SmsTransport {
  const { client: smsClient, timeoutMs } = acsClient(options, () =>
    import("@azure/communication-sms").then((sdk) => sdk.SmsClient),
  );
  return {
    name: "acs",
    async sendSms(message) {
      try {
        const client = await smsClient();
        const results = await client.send(
          { from: options.from, to: message.to, message: message.message },
          { abortSignal: AbortSignal.timeout(timeoutMs) },
        );
        // A 202 can still carry a refused recipient: that is a failure too.
        const failed = results.find((result) => !result.successful);
        if (failed) {
          throw new SendError(failed.errorMessage?.trim() || SMS_FALLBACK_ERROR, {
            permanent: isRefusal(failed.httpStatusCode),
          });
        }
        return {
          messageId: results
            .map((result) => result.messageId)
            .filter(Boolean)
            .join(","),
        };
      } catch (error) {
        if (error instanceof SendError) throw error;
        throw new SendError(acsErrorText(error, SMS_FALLBACK_ERROR, timeoutMs), { cause: error });
      }
    },
  };
}

export class TransportConfigError extends Error {
  override name = "TransportConfigError";
}

export function createMailTransport(env: Env, log: Logger, acs: AcsClientSettings = {}): MailTransport {
  switch (env.MAIL_TRANSPORT) {
    case "smtp":
      if (!env.SMTP_URL) throw new TransportConfigError("MAIL_TRANSPORT=smtp needs SMTP_URL");
      return smtpMailTransport({ from: env.MAIL_FROM, url: env.SMTP_URL });
    case "acs":
      if (!env.ACS_CONNECTION_STRING) throw new TransportConfigError("MAIL_TRANSPORT=acs needs ACS_CONNECTION_STRING");
      return acsMailTransport({ from: env.MAIL_FROM, connectionString: env.ACS_CONNECTION_STRING, ...acs });
    default:
      return fileMailTransport({ from: env.MAIL_FROM, outbox: path.resolve(env.DATA_DIR, "outbox"), log });
  }
}

export function createSmsTransport(env: Env, log: Logger, acs: AcsClientSettings = {}): SmsTransport {
  if (env.SMS_TRANSPORT === "acs") {
    if (!env.ACS_CONNECTION_STRING) throw new TransportConfigError("SMS_TRANSPORT=acs needs ACS_CONNECTION_STRING");
    if (!env.SMS_FROM)
      throw new TransportConfigError(
        "SMS_TRANSPORT=acs needs SMS_FROM: the ACS phone number to send from, in E.164 format like +447700900123",
      );
    return acsSmsTransport({ from: env.SMS_FROM, connectionString: env.ACS_CONNECTION_STRING, ...acs });
  }
  return fileSmsTransport({ outbox: path.resolve(env.DATA_DIR, "outbox"), log });
}
