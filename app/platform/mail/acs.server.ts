/**
 * `MAIL_TRANSPORT=acs` and `SMS_TRANSPORT=acs`: the Azure Communication
 * Services e-mail and SMS APIs through their SDKs. The connection string is
 * checked when a transport is made (its key never repeated), the SDK's own
 * retries are off, one deadline bounds a send, and an e-mail with a
 * Message-ID is sent once however often it is retried
 * (docs/decisions/016-acs-contract-tests.md).
 */
import { createHash } from "node:crypto";
import type { EmailClientOptions } from "@azure/communication-email";
import { bareAddress, headerText, safeAddress, type MailTransport, type SmsTransport } from "./message.server";
import { singleLine } from "../text";
import {
  EMAIL_FALLBACK_ERROR,
  SMS_FALLBACK_ERROR,
  SendError,
  TransportConfigError,
  errorText,
  isRefusal,
} from "./send-errors.server";

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
          content: { subject: headerText(message.subject), html: message.html ?? "", plainText: message.text },
          recipients: { to: message.to.map((address) => ({ address: singleLine(address) })) },
          replyTo: replyTo ? [{ address: replyTo.address, displayName: replyTo.name || undefined }] : undefined,
          headers: message.messageId ? { "Message-ID": singleLine(message.messageId) } : undefined,
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
