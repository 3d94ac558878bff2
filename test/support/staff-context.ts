/**
 * A router context for testing console loaders and actions directly: the app
 * context with a given StaffConsole, and the staff request the layout's
 * middleware would have set.
 */
import { RouterContextProvider } from "react-router";
import type { AuditEntry } from "~/lib/console/audit";
import { staffContext, type StaffRequest } from "~/lib/console/request.server";
import type { StaffConsole } from "~/lib/console/service";
import type { StaffRole } from "~/lib/console/types";
import { appContext } from "~/lib/context.server";
import { parseEnv } from "~/lib/env.server";
import { createFormGuard } from "~/lib/form-guard.server";
import { createMemoryLogger } from "~/lib/log.server";

export function staffRequest(role: StaffRole, { signedInAgoMs = 60_000 } = {}): StaffRequest {
  return {
    member: { id: `${role}-1`, email: `${role}@maternis.test`, name: `A ${role}`, role },
    sessionId: `session-${role}`,
    signedInAt: new Date(Date.now() - signedInAgoMs),
    meta: { fingerprint: "0123456789abcdef" },
  };
}

/** A console whose audit log keeps its entries in memory; `dataRequests` and the `rest` as given (or refusing every call). */
export function fakeConsole(
  dataRequests?: Partial<StaffConsole["dataRequests"]>,
  audit?: Partial<StaffConsole["audit"]>,
  rest?: Partial<Omit<StaffConsole, "audit" | "dataRequests">>,
) {
  const recorded: AuditEntry[] = [];
  const unexpected = () => Promise.reject(new Error("not expected in this test"));
  const service: StaffConsole = {
    audit: {
      record: async (entry) => void recorded.push(entry),
      list: async () => ({ rows: [], page: 1, pages: 1, total: 0 }),
      subjectHash: () => "sha256:0000",
      ...audit,
    },
    fingerprint: () => "0123456789abcdef",
    // Sign-in is not under test here: any use of it fails the test.
    auth: new Proxy({} as StaffConsole["auth"], {
      get: (_, name) => () => Promise.reject(new Error(`auth.${String(name)} is not expected in this test`)),
    }),
    dataRequests: { find: unexpected, access: unexpected, erase: unexpected, ...dataRequests },
    banner: { latest: unexpected, publish: unexpected, unpublish: unexpected },
    spam: { list: unexpected, get: unexpected, release: unexpected, delete: unexpected },
    inbox: {
      list: unexpected,
      get: unexpected,
      addNote: unexpected,
      markHandled: unexpected,
      reopen: unexpected,
      retryDelivery: unexpected,
      bulk: unexpected,
      assignees: unexpected,
      export: unexpected,
    },
    alerts: { deadLetters: async () => ({ emails: 0, webhooks: 0, texts: 0 }) },
    messages: { list: unexpected, retry: unexpected },
    integrations: {
      list: unexpected,
      get: unexpected,
      add: unexpected,
      update: unexpected,
      setPaused: unexpected,
      remove: unexpected,
      rotateSecret: unexpected,
      resend: unexpected,
      // An enquiry's page lists its webhook deliveries: none here.
      deliveriesOf: async () => [],
    },
    ...rest,
  };
  return { service, recorded };
}

export function consoleContext(service: StaffConsole | null, staff: StaffRequest | null) {
  const context = new RouterContextProvider();
  context.set(appContext, {
    env: parseEnv({ NODE_ENV: "test" }),
    log: createMemoryLogger(),
    metrics: { enquiry() {} },
    formGuard: createFormGuard({ key: Buffer.from("staff-context-test-key-0123456789abcdef"), minFillMs: 0 }),
    enquiries: null,
    console: service,
    banner: null,
  });
  context.set(staffContext, staff);
  return context;
}

/** A form post to a console route, as a browser without JavaScript sends it. */
export function formPost(path: string, fields: Record<string, string>) {
  return new Request(`http://localhost${path}`, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
  });
}

/** A route action's `data(...)` answer as its body and status (200 when none was set). */
export function unwrapData(result: unknown) {
  const { data, init } = result as { data: Record<string, unknown>; init: { status?: number } | null };
  return { body: data, status: init?.status ?? 200 };
}

/** A console whose auth is the given methods (the rest refuse), in a context signed in as `staff`. */
export function authConsole(auth: Partial<StaffConsole["auth"]>, staff: StaffRequest) {
  const { service, recorded } = fakeConsole(undefined, undefined, { auth: auth as StaffConsole["auth"] });
  return { context: consoleContext(service, staff), recorded };
}
