import { CLIENT_IP_HEADER } from "~/lib/client-ip";
import { data, type RouterContextProvider } from "react-router";
import type { z } from "zod";
import { servicesContext } from "~/lib/context";
import { getEnv } from "~/lib/env.server";
import { parseForm, type FieldSpec } from "~/lib/enquiry-schemas";
import { checkFormGuard, issueFormToken, TIMESTAMP_FIELD } from "~/lib/form-guard.server";
import type { EnquiryKind, SubmitResult } from "~/lib/services";
import type { EnquiryResult, FormValues } from "./types";

/**
 * The one action behind the contact, demo and advisory forms:
 *
 *   1. anti-spam guard (honeypot + signed render time): a bot gets exactly the
 *      response a person gets on success, and nothing is stored or sent;
 *   2. the form's schema (the same specs that set the controls' attributes);
 *   3. the enquiry service, reached through the router context.
 *
 * Every outcome other than success sends back what the visitor typed.
 */

type Context = Readonly<Pick<RouterContextProvider, "get">>;

export type EnquiryActionOptions<T> = {
  request: Request;
  context: Context;
  kind: EnquiryKind;
  schema: z.ZodType<T>;
  fields: Record<string, FieldSpec>;
  /** Maps the validated form to what the service stores and e-mails. */
  toPayload: (form: T) => Record<string, string | undefined>;
  /** Extra fields of the success response, from the submitted text (the same for spam). */
  successExtra?: (values: FormValues) => Omit<Extract<EnquiryResult, { status: "success" }>, "status">;
};

const levels = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 } as const;

function log(level: "info" | "warn" | "error", msg: string, fields: Record<string, unknown>) {
  if (levels[level] < levels[getEnv().LOG_LEVEL]) return;
  const line = JSON.stringify({ time: new Date().toISOString(), level, msg, ...fields });
  if (level === "error") console.error(line);
  else if (level === "warn") console.warn(line);
  else console.info(line);
}

function describeError(error: unknown) {
  return error instanceof Error ? { name: error.name, message: error.message } : { message: String(error) };
}

export async function handleEnquiryAction<T>(options: EnquiryActionOptions<T>) {
  const { request, context, kind, schema, fields, toPayload, successExtra } = options;

  let formData: FormData;
  try {
    formData = await request.formData();
  } catch {
    // Not a form post at all; the guard below treats it as a bot.
    formData = new FormData();
  }

  const raw: Record<string, unknown> = {};
  const values: FormValues = {};
  for (const name of Object.keys(fields)) {
    const value = formData.get(name);
    if (value !== null) raw[name] = value;
    values[name] = typeof value === "string" ? value : "";
  }
  const success = (): EnquiryResult => ({ status: "success", ...successExtra?.(values) });

  const verdict = checkFormGuard(formData);
  if (!verdict.ok && verdict.spam) {
    log("info", "enquiry spam blocked", { kind, reason: verdict.reason, count: 1 });
    return data<EnquiryResult>(success());
  }
  const expired = !verdict.ok;
  const submittedToken = String(formData.get(TIMESTAMP_FIELD) ?? "");
  // An expired form gets a fresh token; otherwise keep the original render time.
  const token = expired ? issueFormToken() : submittedToken;

  const parsed = parseForm(schema, fields, raw);
  if (!parsed.ok) {
    return data<EnquiryResult>({ status: "invalid", errors: parsed.errors, values, token }, { status: 400 });
  }
  if (expired) {
    log("info", "enquiry form expired", { kind });
    return data<EnquiryResult>({ status: "expired", values, token }, { status: 400 });
  }

  const ip = request.headers.get(CLIENT_IP_HEADER) ?? "unknown";
  let result: SubmitResult;
  try {
    const services = context.get(servicesContext);
    if (!services) throw new Error("Enquiry service is not configured");
    result = await services.enquiries.submitEnquiry(kind, toPayload(parsed.value), { ip });
  } catch (error) {
    log("error", "enquiry submission failed", { kind, reason: "error", err: describeError(error) });
    return data<EnquiryResult>({ status: "failed", values, token }, { status: 503 });
  }

  if (result.ok) {
    log("info", "enquiry submitted", { kind, submissionId: result.submissionId });
    return data<EnquiryResult>(success());
  }
  if (result.reason === "rate-limited") {
    const retryAfterSeconds = Math.max(1, Math.ceil(result.retryAfterSeconds));
    log("warn", "enquiry rate-limited", { kind, retryAfterSeconds });
    return data<EnquiryResult>(
      { status: "failed", values, token, retryAfterSeconds },
      { status: 429, headers: { "Retry-After": String(retryAfterSeconds) } },
    );
  }
  log("error", "enquiry submission failed", { kind, reason: result.reason, err: { message: result.message } });
  return data<EnquiryResult>({ status: "failed", values, token }, { status: 503 });
}

/**
 * An enquiry route's `action` export: `handleEnquiryAction` with that form's
 * configuration.
 */
export function enquiryAction<T>(config: Omit<EnquiryActionOptions<T>, "request" | "context">) {
  return ({ request, context }: { request: Request; context: Context }) =>
    handleEnquiryAction({ request, context, ...config });
}

/** The `loader` of an enquiry page: a fresh anti-spam token (these pages are rendered per request). */
export function tokenLoader() {
  return { token: issueFormToken() };
}

/**
 * The route's `headers` export: passes the action's Retry-After on to the
 * document response (a form posted without JavaScript), which React Router
 * does not do by itself.
 */
export function enquiryHeaders({ actionHeaders }: { actionHeaders: Headers }): HeadersInit {
  const retryAfter = actionHeaders.get("Retry-After");
  return retryAfter ? { "Retry-After": retryAfter } : {};
}
