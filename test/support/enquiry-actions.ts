/**
 * Test helpers for the enquiry actions (the route action and page tests).
 * The fake service is a test double for the service boundary that the
 * Express server provides through the router context.
 */
import { RouterContextProvider } from "react-router";
import { afterEach, beforeEach, vi, type MockInstance } from "vitest";
import { CLIENT_IP_HEADER } from "~/lib/client-ip";
import { servicesContext } from "~/lib/context";
import { issueFormToken } from "~/lib/form-guard.server";
import type { EnquiryKind, EnquiryService, SubmitResult } from "~/lib/services";
import type { EnquiryResult } from "~/components/forms/types";
import { urlencodedForm } from "./form-posts";

export type SubmitCall = { kind: EnquiryKind; fields: Record<string, string | undefined>; ip: string };

export function fakeEnquiryService(
  respond: () => SubmitResult | Promise<SubmitResult> = () => ({ ok: true, submissionId: "sub-1" }),
) {
  const calls: SubmitCall[] = [];
  const service: EnquiryService = {
    async submitEnquiry(kind, fields, { ip }) {
      calls.push({ kind, fields, ip });
      return respond();
    },
  };
  return { service, calls };
}

export function contextWith(service: EnquiryService | null) {
  const context = new RouterContextProvider();
  context.set(servicesContext, service ? { enquiries: service } : null);
  return context;
}

/** A human-paced, correctly signed submission of `fields` (override the guard fields to test spam). */
export function formPost(
  path: string,
  fields: Record<string, string>,
  { token = issueFormToken(Date.now() - 5000), ip = "203.0.113.9" } = {},
) {
  // URL-encoded, as a browser posts a form (and portable across test environments).
  const body = urlencodedForm(fields, token);
  return new Request(`http://localhost${path}`, { method: "POST", body, headers: { [CLIENT_IP_HEADER]: ip } });
}

/** Unwraps an action's `data(...)` result. */
export function unwrap(result: unknown): { body: EnquiryResult; status: number; headers: Headers } {
  const value = result as { type?: string; data?: unknown; init?: ResponseInit | null };
  if (value?.type !== "DataWithResponseInit")
    return { body: result as EnquiryResult, status: 200, headers: new Headers() };
  return {
    body: value.data as EnquiryResult,
    status: value.init?.status ?? 200,
    headers: new Headers(value.init?.headers),
  };
}

/** Runs a route's action with a service (the fake, or null for none) and unwraps its result. */
export function actionRunner(action: (args: never) => Promise<unknown>) {
  return (request: Request, service: EnquiryService | null) =>
    action({ request, context: contextWith(service), params: {} } as never).then(unwrap);
}

/**
 * The actions log a line per outcome; keep test output quiet. The spies of the
 * running test are returned, for tests that check what was logged.
 */
export function quietActionLogs() {
  const spies = {} as Record<"info" | "warn" | "error", MockInstance<(...args: unknown[]) => void>>;
  beforeEach(() => {
    for (const level of ["info", "warn", "error"] as const) {
      spies[level] = vi.spyOn(console, level).mockImplementation(() => {});
    }
  });
  afterEach(() => vi.restoreAllMocks());
  return spies;
}
