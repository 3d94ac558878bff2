import express, { type Request, type Response } from "express";
import { z } from "zod";
import { hasDisallowedCharacters } from "~/platform/text";
import { bearerAccepted, type BearerKeys } from "~/platform/bearer.server";
import type { Env } from "~/platform/env.server";
import type { Logger } from "~/platform/log.server";
import type { Store } from "~/platform/db/db.server";
import type { SmsOutcome } from "~/features/text-messages/index.server";
import { quotaKeyId, recipientQuotaFromEnv, takeRecipients, type RecipientQuota } from "./quota.server";
import { mapBounded } from "~/platform/queue.server";
import {
  EMAIL_FALLBACK_ERROR,
  SMS_FALLBACK_ERROR,
  errorText,
  type MailTransport,
} from "~/platform/mail/transport.server";

/**
 * POST /functions/v1/azure-communication: the e-mail and SMS endpoint the
 * original product posted to, kept with its contract ({ action, data }) for
 * the company's own back-office services only. The website's
 * forms never use it. Disabled (404) unless COMMUNICATION_API_KEY is set.
 *
 * The key is not a mass mailer (docs/operations.md, "Communication API"):
 * - every recipient gets a message of their own (never a shared To);
 * - recipients must be at an allowed domain (COMMUNICATION_EMAIL_DOMAINS) or
 *   under an allowed E.164 prefix (COMMUNICATION_SMS_PREFIXES): one outside
 *   is a 403 naming its position, and nothing of the request is sent;
 * - the key has a quota of recipients per minute and per day
 *   (COMMUNICATION_RECIPIENTS_PER_*, ./quota.server.ts): beyond it, 429 with
 *   Retry-After and nothing sent;
 * - a provider's failure answers the spec's fallback text ("Failed to send
 *   email", "Failed to send SMS"); the provider's own text goes to the log.
 *
 * One recipient: `200 { success, messageId }`, as the original. Several:
 * `results` (one per recipient, in order: `sent` with its `messageId`,
 * `failed`, or for SMS `queued`) and, when all were sent, `messageId` (their
 * ids, comma-separated). send_sms answers 200 when the provider took every
 * message, 502 when it refused one, and 202 `{ success, queued }` when it
 * could not take some yet: those are retried by the worker.
 */
export const COMMUNICATION_PATH = "/functions/v1/azure-communication";
export const MAX_BODY_BYTES = 64 * 1024;

const oneOrMany = <T extends z.ZodType>(item: T) =>
  z
    .union([item, z.array(item).min(1, "needs at least one recipient").max(50, "at most 50 recipients")])
    .transform((value) => (Array.isArray(value) ? value : [value]) as z.infer<T>[]);

const emailData = z
  .object({
    to: oneOrMany(z.email({ error: "to must be an email address" }).max(254)),
    subject: z
      .string({ error: "subject is required" })
      .trim()
      .min(1, "subject is required")
      .max(998, "subject is too long")
      .refine(
        (subject) => !hasDisallowedCharacters(subject),
        "subject must be a single line, without control characters",
      ),
    htmlContent: z.string({ error: "htmlContent must be text" }).max(60_000).optional(),
    textContent: z.string({ error: "textContent must be text" }).max(60_000).optional(),
  })
  .refine((data) => Boolean(data.htmlContent?.trim() || data.textContent?.trim()), {
    message: "htmlContent or textContent is required",
  });

const smsData = z.object({
  to: oneOrMany(z.string().regex(/^\+[1-9]\d{6,14}$/, "to must be a phone number in E.164 format, like +447700900123")),
  message: z
    .string({ error: "message is required" })
    .min(1, "message is required")
    .max(1600, "message is too long")
    .refine(
      (message) => !hasDisallowedCharacters(message, { lines: true }),
      "message must not contain control characters",
    ),
});

const body = z.discriminatedUnion(
  "action",
  [
    z.object({ action: z.literal("send_email"), data: emailData }),
    z.object({ action: z.literal("send_sms"), data: smsData }),
  ],
  { error: "action must be send_email or send_sms, with a data object" },
);

function firstIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return "Invalid request";
  const where = issue.path.filter((part) => part !== "data").join(".");
  return where && !issue.message.startsWith(String(issue.path.at(-1))) ? `${where}: ${issue.message}` : issue.message;
}

/** Who and how much the key may reach (docs/configuration.md, COMMUNICATION_*). */
export type CommunicationPolicy = {
  /** Lower-case domains an e-mail recipient must be at (exact match). */
  emailDomains: readonly string[];
  /** E.164 prefixes a number must start with. */
  smsPrefixes: readonly string[];
  quota: RecipientQuota;
};

export function communicationPolicyFromEnv(env: Env): CommunicationPolicy {
  return {
    emailDomains: env.COMMUNICATION_EMAIL_DOMAINS,
    smsPrefixes: env.COMMUNICATION_SMS_PREFIXES,
    quota: recipientQuotaFromEnv(env),
  };
}

/** E-mails of one request sent at the same time (the SMTP transport's pool has 4 connections). */
const EMAIL_CONCURRENCY = 4;

type RecipientResult = { status: "sent"; messageId: string } | { status: "failed" } | { status: "queued" };

/** The position of recipient `index` as the caller wrote it: `to` for a single value, `to[i]` in a list. */
const position = (listed: boolean, index: number) => (listed ? `to[${index}]` : "to");

export function communicationRouter(options: {
  /** COMMUNICATION_API_KEY and, during a rotation, COMMUNICATION_API_KEY_PREVIOUS; none: the endpoint is off. */
  apiKeys: BearerKeys | undefined;
  mail: MailTransport;
  /** send_sms: stores the messages, tries them, and says how it went (`sendTextMessages`, ~/features/text-messages/send.server.ts). */
  sendSms: (request: { to: string[]; message: string }) => Promise<SmsOutcome>;
  /** Where the key's recipient quota is counted. */
  store: Store;
  policy: CommunicationPolicy;
  log: Logger;
}): express.Router {
  const { apiKeys, mail, sendSms, store, policy, log } = options;
  // One quota for the caller, whichever of its keys it sends during a rotation.
  const keyId = apiKeys ? quotaKeyId(apiKeys.current) : "";
  const router = express.Router();
  const parseJson = express.json({ limit: MAX_BODY_BYTES, strict: true, type: () => true });

  function reply(res: Response, status: number, payload: object) {
    res.status(status).set("Cache-Control", "no-store").json(payload);
  }

  /** The first recipient the policy does not allow, as an error naming its position (never the address). */
  function refusedRecipient(action: "send_email" | "send_sms", to: string[], listed: boolean): string | undefined {
    for (const [index, recipient] of to.entries()) {
      if (action === "send_email") {
        const domain = recipient.slice(recipient.lastIndexOf("@") + 1).toLowerCase();
        if (!policy.emailDomains.includes(domain))
          return `${position(listed, index)}: the recipient's domain is not allowed (allowed: ${policy.emailDomains.join(", ")})`;
      } else if (!policy.smsPrefixes.some((prefix) => recipient.startsWith(prefix))) {
        return `${position(listed, index)}: the number's country code is not allowed (allowed: ${policy.smsPrefixes.join(", ")})`;
      }
    }
    return undefined;
  }

  /** The answer for the per-recipient outcomes: the original shape for one recipient, `results` for several. */
  function answer(res: Response, results: RecipientResult[], fallback: string) {
    const failed = results.some((result) => result.status === "failed");
    const queued = results.some((result) => result.status === "queued");
    const ids = results.flatMap((result) => (result.status === "sent" ? [result.messageId] : []));
    const several = results.length > 1 ? { results: results.map((result, index) => ({ index, ...result })) } : {};
    if (failed) return reply(res, 502, { error: fallback, ...several });
    if (queued) return reply(res, 202, { success: true, queued: true, ...several });
    return reply(res, 200, { success: true, messageId: ids.join(","), ...several });
  }

  router.all(COMMUNICATION_PATH, (req: Request, res: Response) => {
    if (!apiKeys) return reply(res, 404, { error: "Not found" });
    if (req.method !== "POST") {
      res.set("Allow", "POST");
      return reply(res, 405, { error: "Method not allowed" });
    }
    if (!bearerAccepted(req, apiKeys, COMMUNICATION_PATH, log)) {
      res.set("WWW-Authenticate", 'Bearer realm="communication"');
      return reply(res, 401, { error: "Unauthorized" });
    }
    if (!req.is("application/json")) return reply(res, 415, { error: "Content-Type must be application/json" });
    const declared = Number(req.get("content-length") ?? 0);
    if (declared > MAX_BODY_BYTES)
      return reply(res, 413, { error: `Request body must be ${MAX_BODY_BYTES} bytes or smaller` });

    parseJson(req, res, (parseError?: unknown) => {
      void (async () => {
        if (parseError) {
          const type = (parseError as { type?: string }).type;
          if (type === "entity.too.large")
            return reply(res, 413, { error: `Request body must be ${MAX_BODY_BYTES} bytes or smaller` });
          if (type === "encoding.unsupported" || type === "charset.unsupported")
            return reply(res, 415, { error: "Unsupported encoding" });
          return reply(res, 400, { error: "Request body is not valid JSON" });
        }
        const parsed = body.safeParse(req.body);
        if (!parsed.success) return reply(res, 400, { error: firstIssue(parsed.error) });
        const request = parsed.data;
        const { action } = request;
        const to = request.data.to;
        const listed = Array.isArray((req.body as { data: { to: unknown } }).data.to);
        const recipients = to.length;

        const refusal = refusedRecipient(action, to, listed);
        if (refusal) {
          log.warn("communication refused: recipient not allowed", { action, recipients, reason: refusal });
          return reply(res, 403, { error: refusal });
        }
        const { perMinute, perDay } = policy.quota;
        if (recipients > Math.min(perMinute, perDay)) {
          return reply(res, 400, {
            error: `to: ${recipients} recipients, but this key may send to at most ${Math.min(perMinute, perDay)} per ${perMinute <= perDay ? "minute" : "day"}`,
          });
        }
        const quota = await takeRecipients(store, keyId, recipients, policy.quota);
        if (!quota.ok) {
          log.warn("communication refused: recipient quota reached", {
            action,
            recipients,
            window: quota.window,
            limit: quota.limit,
            retryAfterSeconds: quota.retryAfterSeconds,
          });
          res.set("Retry-After", String(quota.retryAfterSeconds));
          return reply(res, 429, {
            error: `Recipient quota reached: this key may send to ${quota.limit} recipients per ${quota.window}; try again in ${quota.retryAfterSeconds} s`,
          });
        }

        if (request.action === "send_sms") {
          // Stored before it is tried: what the provider cannot take now is retried, never lost.
          const outcome = await sendSms({ to, message: request.data.message });
          outcome.results.forEach((result, index) => {
            if (result.status !== "sent")
              log.warn("communication failed", {
                action,
                position: position(listed, index),
                outcome: result.status,
                error: result.error,
              });
          });
          return answer(
            res,
            outcome.results.map((result) => (result.status === "sent" ? result : { status: result.status })),
            SMS_FALLBACK_ERROR,
          );
        }
        // One message per recipient: nobody sees who else was sent it.
        const results = await mapBounded(to, EMAIL_CONCURRENCY, async (recipient, index): Promise<RecipientResult> => {
          try {
            const receipt = await mail.sendEmail({
              to: [recipient],
              subject: request.data.subject,
              html: request.data.htmlContent,
              text: request.data.textContent,
            });
            return { status: "sent", messageId: receipt.messageId };
          } catch (error) {
            // The provider's text (it may name the recipient: the logger replaces addresses) stays here.
            log.warn("communication failed", {
              action,
              position: position(listed, index),
              error: errorText(error, EMAIL_FALLBACK_ERROR),
            });
            return { status: "failed" };
          }
        });
        log.info("communication sent", {
          action,
          recipients,
          sent: results.filter((result) => result.status === "sent").length,
          messageIds: results.flatMap((result) => (result.status === "sent" ? [result.messageId] : [])),
        });
        return answer(res, results, EMAIL_FALLBACK_ERROR);
      })().catch((error: unknown) => {
        log.error("communication endpoint error", { err: error });
        if (!res.headersSent) reply(res, 500, { error: "Internal server error" });
      });
    });
  });
  return router;
}
