import { createHash, createHmac, randomBytes, randomUUID, timingSafeEqual } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { startLoopbackHttps } from "./tls";

/**
 * A contract test server for Azure Communication Services: the REST protocol
 * the official SDKs (@azure/communication-email 1.1, @azure/communication-sms
 * 1.1) speak, over HTTPS on loopback with a throwaway self-signed certificate
 * (`ca`, to trust through the SDK's `tlsOptions`, or NODE_EXTRA_CA_CERTS for a
 * child process).
 *
 * - Every request must carry the HMAC-SHA256 signature of the connection
 *   string's access key (the scheme of @azure/communication-common's
 *   access-key policy, as the service checks it): x-ms-date within 15 minutes,
 *   x-ms-content-sha256 equal to the body's hash, and `Authorization:
 *   HMAC-SHA256 SignedHeaders=x-ms-date;host;x-ms-content-sha256&Signature=…`
 *   over `VERB\npath?query\ndate;host;hash`. Anything else is a 401.
 * - POST /emails:send?api-version=2025-09-01 → 202, Operation-Location
 *   /emails/operations/{id}, the id being the request's `Operation-Id` when
 *   it has one (the SDK's `operationId` option), else a new UUID; GET of it
 *   → `Running` (`runningPolls` times), then `Succeeded`, or `Failed` with
 *   `{ code, message }` (`emailOutcome`). GET of an operation it never
 *   received → 404 `NotFound`: that is how a client asks, before sending
 *   again, whether an earlier attempt reached the service.
 * - POST /sms?api-version=2021-03-07 → 202 `{ value: [{ to, messageId,
 *   httpStatusCode, repeatabilityResult, successful, errorMessage? }] }`, each
 *   recipient's result from `smsOutcome`.
 * - `fault(route, reply, times, on)` makes the next requests of a route
 *   answer 429 with Retry-After, 401, 400 with the service's `{ error: {
 *   code, message } }`, or hang (never answer, until `reset()` or `stop()`):
 *   a send that hangs was never received; `"accept-then-hang"` (sends only)
 *   accepts the e-mail, then never answers, as when the answer is lost. `on`
 *   narrows a poll fault to operations the server has (`"known"`: a poll of
 *   a send in progress) or has not (`"unknown"`: a client asking about an
 *   operation before sending).
 *
 * Verified requests are recorded: `emails` and `sms` hold what the service
 * accepted (each e-mail send once, so a repeated send shows twice),
 * `requests` every request (verified or not) with its answer.
 */

export const EMAIL_API_VERSION = "2025-09-01";
export const SMS_API_VERSION = "2021-03-07";

export type AcsAddress = { address: string; displayName?: string };

export type AcsEmail = {
  operationId: string;
  senderAddress: string;
  to: AcsAddress[];
  cc: AcsAddress[];
  bcc: AcsAddress[];
  subject: string;
  html?: string;
  plainText?: string;
  replyTo: AcsAddress[];
  headers: Record<string, string>;
};

export type AcsSms = { messageIds: string[]; from: string; to: string[]; message: string };

export type AcsRoute = "email-send" | "email-poll" | "sms-send";

export type AcsFault =
  | { status: 429; retryAfter?: string }
  | { status: 401 }
  | { status: 400; code: string; message: string }
  | "hang"
  | "accept-then-hang";

/** Which polls a fault of "email-poll" applies to: of operations the server has, or has not (default: any). */
export type AcsPollFilter = "known" | "unknown";

export type AcsRequest = {
  method: string;
  path: string;
  route: AcsRoute | "unknown";
  verified: boolean;
  status: number | "hung";
  /** When it arrived (Date.now()). */
  at: number;
};

type EmailOutcome = { status: "Succeeded" } | { status: "Failed"; error: { code: string; message: string } };
type SmsOutcome = { successful: true } | { successful: false; httpStatusCode: number; errorMessage?: string };

export type TestAcsServer = Awaited<ReturnType<typeof startAcsServer>>;

const MAX_CLOCK_SKEW_MS = 15 * 60 * 1000;

/**
 * Whether `req` carries a valid signature of `accessKey` (base64) over `body`.
 * Returns the reason when it does not.
 */
export function verifySignature(
  req: Pick<IncomingMessage, "method" | "url" | "headers">,
  body: Buffer,
  accessKey: string,
  now = Date.now(),
): string | undefined {
  const header = (name: string) => {
    const value = req.headers[name];
    return Array.isArray(value) ? value[0] : value;
  };
  const date = header("x-ms-date");
  const contentHash = header("x-ms-content-sha256");
  const host = header("host");
  const authorization = header("authorization");
  if (!date || !contentHash || !host || !authorization)
    return "missing x-ms-date, x-ms-content-sha256, host or Authorization";
  const parsedDate = Date.parse(date);
  if (!Number.isFinite(parsedDate) || Math.abs(now - parsedDate) > MAX_CLOCK_SKEW_MS) return "x-ms-date out of range";
  if (createHash("sha256").update(body).digest("base64") !== contentHash)
    return "x-ms-content-sha256 does not match the body";
  const match = /^HMAC-SHA256 SignedHeaders=([^&]+)&Signature=(.+)$/.exec(authorization);
  if (!match) return "Authorization is not HMAC-SHA256";
  const signedHeaders = match[1]!.toLowerCase().split(";");
  const values: Record<string, string> = { "x-ms-date": date, host, "x-ms-content-sha256": contentHash };
  if (signedHeaders.some((name) => !(name in values)) || signedHeaders.length !== 3) return "unexpected SignedHeaders";
  const url = new URL(req.url ?? "/", "https://placeholder");
  const query = url.searchParams.toString();
  const pathAndQuery = query ? `${url.pathname}?${query}` : url.pathname;
  const stringToSign = `${req.method?.toUpperCase()}\n${pathAndQuery}\n${signedHeaders.map((name) => values[name]).join(";")}`;
  const expected = createHmac("sha256", Buffer.from(accessKey, "base64")).update(stringToSign).digest();
  const given = Buffer.from(match[2]!, "base64");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return "signature does not match";
  return undefined;
}

function routeOf(method: string, pathname: string): AcsRoute | "unknown" {
  if (method === "POST" && pathname === "/emails:send") return "email-send";
  if (method === "GET" && /^\/emails\/operations\/[^/]+$/.test(pathname)) return "email-poll";
  if (method === "POST" && pathname === "/sms") return "sms-send";
  return "unknown";
}

const isAddressList = (value: unknown): value is AcsAddress[] =>
  Array.isArray(value) &&
  value.every((item) => item && typeof item === "object" && typeof (item as AcsAddress).address === "string");

export async function startAcsServer() {
  const accessKey = randomBytes(64).toString("base64");
  const emails: AcsEmail[] = [];
  const sms: AcsSms[] = [];
  const requests: AcsRequest[] = [];
  const operations = new Map<string, { email: AcsEmail; polls: number; outcome: EmailOutcome }>();
  const faults: { route: AcsRoute; reply: AcsFault; times: number; on?: AcsPollFilter }[] = [];
  const settings = {
    /** How many polls answer `Running` before the outcome. */
    runningPolls: 1,
    emailOutcome: (_email: AcsEmail): EmailOutcome => ({ status: "Succeeded" }),
    smsOutcome: (_to: string): SmsOutcome => ({ successful: true }),
  };
  const defaults = { ...settings };

  function json(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
    res.writeHead(status, { "content-type": "application/json; charset=utf-8", ...headers });
    res.end(body === undefined ? undefined : JSON.stringify(body));
  }
  const errorBody = (code: string, message: string) => ({ error: { code, message } });

  function handle(req: IncomingMessage, res: ServerResponse, body: Buffer) {
    const url = new URL(req.url ?? "/", `https://${req.headers.host ?? "127.0.0.1"}`);
    const route = routeOf(req.method ?? "GET", url.pathname);
    const record: AcsRequest = {
      method: req.method ?? "",
      path: url.pathname,
      route,
      verified: false,
      status: 0,
      at: Date.now(),
    };
    requests.push(record);
    const answer = (status: number, payload: unknown, headers?: Record<string, string>) => {
      record.status = status;
      json(res, status, payload, headers);
    };

    const refusal = verifySignature(req, body, accessKey);
    if (refusal) return answer(401, errorBody("Denied", `Denied by the resource provider. (${refusal})`));
    record.verified = true;
    if (route === "unknown") return answer(404, errorBody("NotFound", `No route for ${req.method} ${url.pathname}`));

    const pollsKnown =
      route === "email-poll" ? operations.has(decodeURIComponent(url.pathname.split("/").at(-1)!)) : true;
    const fault = faults.find(
      (candidate) => candidate.route === route && (!candidate.on || (candidate.on === "known") === pollsKnown),
    );
    const hang = () => {
      record.status = "hung";
      https.held.add(res);
    };
    let acceptThenHang = false;
    if (fault) {
      if (--fault.times <= 0) faults.splice(faults.indexOf(fault), 1);
      const reply = fault.reply;
      if (reply === "hang") return hang();
      if (reply === "accept-then-hang") acceptThenHang = true;
    }
    if (fault && !acceptThenHang) {
      const reply = fault.reply as Exclude<AcsFault, "hang" | "accept-then-hang">;
      if (reply.status === 429)
        return answer(429, errorBody("TooManyRequests", "Rate limit exceeded. Try again later."), {
          "retry-after": reply.retryAfter ?? "1",
        });
      if (reply.status === 401) return answer(401, errorBody("Denied", "Denied by the resource provider."));
      return answer(400, errorBody(reply.code, reply.message));
    }

    const expectedVersion = route === "sms-send" ? SMS_API_VERSION : EMAIL_API_VERSION;
    if (url.searchParams.get("api-version") !== expectedVersion)
      return answer(
        400,
        errorBody("InvalidApiVersion", `api-version ${url.searchParams.get("api-version")} is not supported`),
      );

    if (route === "email-send") {
      let message: Record<string, unknown>;
      try {
        message = JSON.parse(body.toString("utf8")) as Record<string, unknown>;
      } catch {
        return answer(400, errorBody("InvalidRequest", "The request body is not valid JSON."));
      }
      const content = (message.content ?? {}) as Record<string, unknown>;
      const recipients = (message.recipients ?? {}) as Record<string, unknown>;
      const to = recipients.to ?? [];
      const cc = recipients.cc ?? [];
      const bcc = recipients.bcc ?? [];
      if (typeof message.senderAddress !== "string" || message.senderAddress === "")
        return answer(400, errorBody("InvalidSenderAddress", "SenderAddress is required."));
      if (!isAddressList(to) || !isAddressList(cc) || !isAddressList(bcc) || to.length + cc.length + bcc.length === 0)
        return answer(400, errorBody("InvalidRecipients", "At least one recipient is required."));
      if (typeof content.subject !== "string" || content.subject === "")
        return answer(400, errorBody("InvalidSubject", "Subject is required."));
      if (typeof content.html !== "string" && typeof content.plainText !== "string")
        return answer(400, errorBody("InvalidContent", "Either html or plainText content is required."));
      const replyTo = message.replyTo ?? [];
      if (!isAddressList(replyTo))
        return answer(400, errorBody("InvalidReplyTo", "ReplyTo must be a list of addresses."));
      const operationId = req.headers["operation-id"]?.toString() || randomUUID();
      const email: AcsEmail = {
        operationId,
        senderAddress: message.senderAddress,
        to,
        cc,
        bcc,
        subject: content.subject,
        html: typeof content.html === "string" ? content.html : undefined,
        plainText: typeof content.plainText === "string" ? content.plainText : undefined,
        replyTo,
        headers: (message.headers ?? {}) as Record<string, string>,
      };
      emails.push(email);
      operations.set(operationId, { email, polls: 0, outcome: settings.emailOutcome(email) });
      if (acceptThenHang) return hang();
      return answer(
        202,
        { id: operationId, status: "Running" },
        {
          "operation-location": `https://${req.headers.host}/emails/operations/${operationId}?api-version=${EMAIL_API_VERSION}`,
          "operation-id": operationId,
        },
      );
    }

    if (route === "email-poll") {
      const operationId = decodeURIComponent(url.pathname.split("/").at(-1)!);
      const operation = operations.get(operationId);
      if (!operation) return answer(404, errorBody("NotFound", `Operation ${operationId} not found.`));
      operation.polls++;
      if (operation.polls <= settings.runningPolls) return answer(200, { id: operationId, status: "Running" });
      return answer(200, { id: operationId, ...operation.outcome });
    }

    // sms-send
    let request: { from?: unknown; message?: unknown; smsRecipients?: unknown };
    try {
      request = JSON.parse(body.toString("utf8")) as typeof request;
    } catch {
      return answer(400, errorBody("InvalidRequest", "The request body is not valid JSON."));
    }
    const recipients = Array.isArray(request.smsRecipients) ? (request.smsRecipients as { to?: unknown }[]) : [];
    if (typeof request.from !== "string" || typeof request.message !== "string" || recipients.length === 0)
      return answer(400, errorBody("InvalidRequest", "from, message and smsRecipients are required."));
    const to = recipients.map((recipient) => String(recipient.to));
    const value = to.map((number) => {
      const outcome = settings.smsOutcome(number);
      return outcome.successful
        ? {
            to: number,
            messageId: `Outgoing_${randomUUID().replaceAll("-", "")}_noam`,
            httpStatusCode: 202,
            repeatabilityResult: "accepted",
            successful: true,
          }
        : {
            to: number,
            httpStatusCode: outcome.httpStatusCode,
            repeatabilityResult: "accepted",
            successful: false,
            errorMessage: outcome.errorMessage,
          };
    });
    sms.push({
      from: request.from,
      to,
      message: request.message,
      messageIds: value.flatMap((result) => (result.messageId ? [result.messageId] : [])),
    });
    return answer(202, { value });
  }

  const https = await startLoopbackHttps(handle);
  const endpoint = `https://127.0.0.1:${https.port}/`;

  return {
    endpoint,
    accessKey,
    /** The PEM certificate to trust. */
    ca: https.cert,
    connectionString: `endpoint=${endpoint};accesskey=${accessKey}`,
    /** A connection string for this server with another (wrong) key. */
    connectionStringWithKey: (otherKey: string) => `endpoint=${endpoint};accesskey=${otherKey}`,
    emails,
    sms,
    requests,
    settings,
    /** The next `times` requests of `route` (polls: of `on` operations) get `reply` instead of the normal answer. */
    fault(route: AcsRoute, reply: AcsFault, times = 1, on?: AcsPollFilter) {
      faults.push({ route, reply, times, on });
    },
    /** Requests being held open by a "hang" fault. */
    hungCount: () => https.held.size,
    reset() {
      emails.length = 0;
      sms.length = 0;
      requests.length = 0;
      operations.clear();
      faults.length = 0;
      Object.assign(settings, defaults);
      https.dropHeld();
    },
    stop: https.close,
  };
}
