/**
 * Test helpers for the enquiry actions (the route action and page tests).
 * The fake service is a test double for the service boundary that the
 * Express server provides through the router context. `validPosts` is a
 * valid post of each form, as a visitor types it (already trimmed);
 * `formActionTests(kind, action)` sets up a file testing one form's action.
 */
import { RouterContextProvider } from "react-router";
import { beforeEach, expect } from "vitest";
import { CLIENT_IP_HEADER } from "~/platform/client-ip";
import { appContext } from "~/context.server";
import type { EnquiryOutcome } from "~/features/enquiries/service";
import type { EnquiryKind } from "~/features/enquiries/kinds";
import { parseEnv } from "~/platform/env.server";
import { createFormGuard, issueFormToken } from "~/features/enquiries/form-guard.server";
import { createMemoryLogger } from "~/platform/log.server";
import type { KeepSpamResult, GuardReason, SubmitResult } from "~/features/enquiries/service";
import type { EnquiryService } from "~/features/enquiries/index.server";
import type { EnquiryResult } from "~/features/enquiries/form/types";
import type { EnquirySource } from "~/features/enquiries/source";
import { urlencodedForm } from "./form-posts";

export type SubmitCall = { kind: EnquiryKind; fields: Record<string, unknown>; ip: string; source?: EnquirySource };

/** The key that signs the test forms' anti-spam tokens. */
export const TEST_FORM_KEY = Buffer.from("enquiry-test-secret-0123456789abcdef-0123", "utf8");

/** A valid post of each form, as a visitor types it (already trimmed). */
export const validPosts = {
  contact: {
    name: "Ama Owusu",
    email: "ama@example.com",
    organization: "Korle Bu Teaching Hospital",
    role: "Senior Midwife",
    interest: "partnership",
    message: "We would like to talk about a pilot.",
  },
  demo: {
    fullName: "Kwame Asante",
    organization: "Ghana Health Service",
    email: "kwame@example.org",
    role: "government",
    preferredDate: "2026-03-14",
    message: "Regional rollout questions.",
  },
  advisory: {
    fullName: "Ngozi Adeyemi",
    email: "ngozi@example.ng",
    role: "midwife",
    country: "Nigeria",
    reason: "I run antenatal clinics in Ibadan.",
  },
} satisfies Record<EnquiryKind, Record<string, string>>;

/** A token for a form rendered `ageMs` ago, signed with the test key. */
export function formToken(ageMs = 5000) {
  return issueFormToken(Date.now() - ageMs, TEST_FORM_KEY);
}

/** Every entry the actions under test log (cleared before each test by `quietActionLogs`). */
export const testLog = createMemoryLogger();

/** Every outcome the actions under test count (cleared with the log). */
export const testOutcomes: { kind: string; outcome: EnquiryOutcome }[] = [];

export function fakeEnquiryService(
  respond: () => SubmitResult | Promise<SubmitResult> = () => ({ ok: true, enquiryId: "sub-1" }),
  keep: () => KeepSpamResult | Promise<KeepSpamResult> = () => ({ kept: true, enquiryId: "spam-1" }),
) {
  const calls: SubmitCall[] = [];
  const kept: (SubmitCall & { reason: GuardReason })[] = [];
  const service: EnquiryService = {
    async submitEnquiry(kind, fields, { ip, source }) {
      calls.push({ kind, fields, ip, ...(source ? { source } : {}) });
      return respond();
    },
    async keepSuspectedSpam(kind, fields, reason, { ip, source }) {
      kept.push({ kind, fields, ip, reason, ...(source ? { source } : {}) });
      return keep();
    },
  };
  return { service, calls, kept };
}

/**
 * The router context the server gives a loader or action: a test environment,
 * the capturing logger, a form guard with the test key (its minimum fill time
 * `minFillMs`), and `service`.
 */
export function contextWith(
  service: EnquiryService | null,
  { minFillMs = 2000, env = {} as Record<string, string> } = {},
) {
  const context = new RouterContextProvider();
  context.set(appContext, {
    env: parseEnv({ NODE_ENV: "test", FORM_MIN_FILL_MS: String(minFillMs), ...env }),
    log: testLog,
    metrics: { enquiry: (kind, outcome) => testOutcomes.push({ kind, outcome }) },
    formGuard: createFormGuard({ key: TEST_FORM_KEY, minFillMs }),
    enquiries: service,
    console: null,
    banner: null,
  });
  return context;
}

/** A human-paced, correctly signed submission of `fields` (override the guard fields to test spam). */
export function formPost(
  path: string,
  fields: Record<string, string>,
  { token = formToken(), ip = "203.0.113.9" } = {},
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
 * Posts `fields` (valid and already trimmed) to `path` through `run` with a
 * fake service: expects 200 with `body`, and the service given exactly what
 * was posted, as `kind`, from formPost's client address.
 */
export async function expectPassedOn(
  run: ReturnType<typeof actionRunner>,
  path: string,
  kind: EnquiryKind,
  fields: Record<string, string>,
  body: unknown,
) {
  const fake = fakeEnquiryService();
  const answer = await run(formPost(path, fields), fake.service);
  expect({ body: answer.body, status: answer.status }).toEqual({ body, status: 200 });
  expect(fake.calls).toEqual([{ kind, ip: "203.0.113.9", fields }]);
}

/**
 * A test file's set-up for one form's action: its valid post (validPosts),
 * `run` (actionRunner) and the quieted logs (quietActionLogs).
 */
export function formActionTests<Kind extends EnquiryKind>(kind: Kind, action: (args: never) => Promise<unknown>) {
  return { valid: validPosts[kind], run: actionRunner(action), logs: quietActionLogs() };
}

/**
 * The actions log an entry per outcome into `testLog` (nothing is printed);
 * this clears it before each test and returns it, for tests that check what
 * was logged.
 */
export function quietActionLogs() {
  beforeEach(() => {
    testLog.entries.length = 0;
    testOutcomes.length = 0;
  });
  return testLog;
}
