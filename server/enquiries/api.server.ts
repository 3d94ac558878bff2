import { createHash, timingSafeEqual } from "node:crypto";
import express, { type Request, type Response } from "express";
import { z } from "zod";
import type { Logger } from "~/lib/log.server";
import type { SmsOutcome } from "./sms.server";
import { EMAIL_FALLBACK_ERROR, errorText, type MailTransport } from "../emails/transport.server";

/**
 * POST /functions/v1/azure-communication: the e-mail and SMS endpoint the
 * original product posted to, kept with its contract ({ action, data }) for
 * the company's own back-office services only. The website's
 * forms never use it. Disabled (404) unless COMMUNICATION_API_KEY is set.
 * send_sms answers 200 when the provider took every message, 502 with its
 * text (or "Failed to send SMS") when it refused one, and 202 `{ success,
 * queued }` when it could not take some yet: those are retried by the worker.
 */
export const COMMUNICATION_PATH = "/functions/v1/azure-communication";
export const MAX_BODY_BYTES = 64 * 1024;

const noControls = /^[^\u0000-\u001f\u007f]*$/;
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
      .regex(noControls, "subject must be a single line"),
    htmlContent: z.string({ error: "htmlContent must be text" }).max(60_000).optional(),
    textContent: z.string({ error: "textContent must be text" }).max(60_000).optional(),
  })
  .refine((data) => Boolean(data.htmlContent?.trim() || data.textContent?.trim()), {
    message: "htmlContent or textContent is required",
  });

const smsData = z.object({
  to: oneOrMany(z.string().regex(/^\+[1-9]\d{6,14}$/, "to must be a phone number in E.164 format, like +447700900123")),
  message: z.string({ error: "message is required" }).min(1, "message is required").max(1600, "message is too long"),
});

const body = z.discriminatedUnion(
  "action",
  [
    z.object({ action: z.literal("send_email"), data: emailData }),
    z.object({ action: z.literal("send_sms"), data: smsData }),
  ],
  { error: "action must be send_email or send_sms, with a data object" },
);

function digest(value: string) {
  return createHash("sha256").update(value).digest();
}

/** Constant-time check of `Authorization: Bearer <key>`. */
export function bearerMatches(header: string | undefined, key: string): boolean {
  const given = /^Bearer\s+(\S+)\s*$/i.exec(header ?? "")?.[1] ?? "";
  return timingSafeEqual(digest(given), digest(key)) && given.length > 0;
}

function firstIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return "Invalid request";
  const where = issue.path.filter((part) => part !== "data").join(".");
  return where && !issue.message.startsWith(String(issue.path.at(-1))) ? `${where}: ${issue.message}` : issue.message;
}

export function communicationRouter(options: {
  apiKey: string | undefined;
  mail: MailTransport;
  /** send_sms: stores the messages, tries them, and says how it went (./sms.server.ts `sendTextMessages`). */
  sendSms: (request: { to: string[]; message: string }) => Promise<SmsOutcome>;
  log: Logger;
}): express.Router {
  const { apiKey, mail, sendSms, log } = options;
  const router = express.Router();
  const parseJson = express.json({ limit: MAX_BODY_BYTES, strict: true, type: () => true });

  function reply(res: Response, status: number, payload: object) {
    res.status(status).set("Cache-Control", "no-store").json(payload);
  }

  router.all(COMMUNICATION_PATH, (req: Request, res: Response) => {
    if (!apiKey) return reply(res, 404, { error: "Not found" });
    if (req.method !== "POST") {
      res.set("Allow", "POST");
      return reply(res, 405, { error: "Method not allowed" });
    }
    if (!bearerMatches(req.get("authorization"), apiKey)) {
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
        if (request.action === "send_sms") {
          // Stored before it is tried: what the provider cannot take now is retried, never lost.
          const outcome = await sendSms({ to: request.data.to, message: request.data.message });
          if (outcome.state === "sent") return reply(res, 200, { success: true, messageId: outcome.messageId });
          if (outcome.state === "refused") return reply(res, 502, { error: outcome.error });
          return reply(res, 202, { success: true, queued: true });
        }
        try {
          const receipt = await mail.sendEmail({
            to: request.data.to,
            subject: request.data.subject,
            html: request.data.htmlContent,
            text: request.data.textContent,
          });
          log.info("communication sent", {
            action: request.action,
            recipients: request.data.to.length,
            messageId: receipt.messageId,
          });
          return reply(res, 200, { success: true, messageId: receipt.messageId });
        } catch (error) {
          const message = errorText(error, EMAIL_FALLBACK_ERROR);
          log.warn("communication failed", { action: request.action, error: message });
          return reply(res, 502, { error: message });
        }
      })().catch((error: unknown) => {
        log.error("communication endpoint error", { err: error });
        if (!res.headersSent) reply(res, 500, { error: "Internal server error" });
      });
    });
  });
  return router;
}
