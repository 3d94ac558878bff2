/**
 * A router context for testing console loaders and actions directly: the app
 * context with a given Services, and the staff request the layout's
 * middleware would have set.
 */
import { RouterContextProvider } from "react-router";
import type { AuditEntry } from "~/features/audit/audit";
import { staffContext, type StaffRequest } from "~/routes/staff/access/request.server";
import type { Services } from "~/site.server";
import type { HeldAction } from "~/features/sign-in/index.server";
import type { StaffRole } from "~/features/console/types";
import { appContext, noMetrics } from "~/context.server";
import { parseEnv, type Env } from "~/platform/env.server";
import { createFormGuard } from "~/features/enquiries/form-guard.server";
import { createLogger, createMemoryLogger } from "~/platform/log.server";

export function staffRequest(role: StaffRole, { signedInAgoMs = 60_000 } = {}): StaffRequest {
  return {
    member: { id: `${role}-1`, email: `${role}@maternis.test`, name: `A ${role}`, role },
    sessionId: `session-${role}`,
    signedInAt: new Date(Date.now() - signedInAgoMs),
    meta: { fingerprint: "0123456789abcdef" },
  };
}

/** A service whose methods are the given ones; any other rejects, failing the test that calls it. */
function refusing<T extends object>(name: string, given: Partial<T> = {}): T {
  return new Proxy(given as T, {
    get: (target, key) =>
      key in target || typeof key === "symbol" || key === "then"
        ? Reflect.get(target, key)
        : () => Promise.reject(new Error(`${name}.${key} is not expected in this test`)),
  });
}

/**
 * A console whose audit log keeps its entries in memory; `dataRequests` and
 * the `rest` as given. Every other service refuses every call (any service
 * the console has: it need not be listed here).
 */
export function fakeConsole(
  dataRequests?: Partial<Services["dataRequests"]>,
  audit?: Partial<Services["audit"]>,
  rest?: Partial<Omit<Services, "audit" | "dataRequests">>,
) {
  const recorded: AuditEntry[] = [];
  const given: Partial<Services> = {
    audit: {
      record: async (entry) => void recorded.push(entry),
      list: async () => ({ rows: [], page: 1, pages: 1, total: 0 }),
      subjectHash: () => "sha256:0000",
      ...audit,
    },
    fingerprint: () => "0123456789abcdef",
    alerts: { deadLetters: async () => ({ emails: 0, webhooks: 0, texts: 0 }) },
    dataRequests: refusing<Services["dataRequests"]>("dataRequests", dataRequests),
    // An enquiry's page lists its webhook deliveries: none here.
    integrations: refusing<Services["integrations"]>("integrations", { deliveriesOf: async () => [] }),
    ...rest,
    // Changes held while a member signs in again (requireRecentSignIn): in memory, beside any auth given.
    // And no code step held (app/features/sign-in/code-step.server.ts): its cookie is a placeholder.
    auth: refusing<Services["auth"]>("auth", {
      heldActions: memoryHeldActions(),
      codeStep: {
        address: async () => null,
        remember: async () => "code-step=held; Path=/",
        forget: async () => "code-step=; Max-Age=0; Path=/",
      },
      ...rest?.auth,
    }),
  };
  // Sign-in, the banner and every section's service not given: any use of them fails the test.
  const service = new Proxy(given, {
    get: (target, key) =>
      typeof key === "symbol" || key === "then" || key in target ? Reflect.get(target, key) : refusing(String(key)),
  }) as Services;
  return { service, recorded };
}

/**
 * What sign-in holds while a member signs in again, in memory
 * (app/features/sign-in/held-actions.server.ts): per browser, as there, by
 * a cookie `held-change` that `hold` sets and a request carries back.
 */
export function memoryHeldActions(): Services["auth"]["heldActions"] {
  const held = new Map<string, { memberId: string; action: HeldAction }>();
  const idOf = (request: Request) => /(?:^|;\s*)held-change=([^;]+)/.exec(request.headers.get("cookie") ?? "")?.[1];
  return {
    hold: async (request, memberId, action) => {
      const id = idOf(request) ?? `browser-${held.size + 1}`;
      held.set(id, { memberId, action });
      return `held-change=${id}; Path=/; HttpOnly`;
    },
    of: async (request, memberId) => {
      const row = held.get(idOf(request) ?? "");
      return row?.memberId === memberId ? row.action : null;
    },
    drop: async (request) => {
      held.delete(idOf(request) ?? "");
      return "held-change=; Max-Age=0; Path=/";
    },
  };
}

export function consoleContext(service: Services | null, staff: StaffRequest | null) {
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
export function authConsole(auth: Partial<Services["auth"]>, staff: StaffRequest) {
  const { service, recorded } = fakeConsole(undefined, undefined, { auth: auth as Services["auth"] });
  return { context: consoleContext(service, staff), recorded };
}

/** A console whose members service is the given methods (the rest refuse), in a context signed in as `staff`. */
export function membersConsole(members: Partial<Services["members"]>, staff: StaffRequest) {
  const { service, recorded } = fakeConsole(undefined, undefined, { members: members as Services["members"] });
  return { context: consoleContext(service, staff), recorded };
}

/** The router context the server gives a console route of a real site: its `env` and `console`, no form guard, a silent logger. */
export function siteConsoleContext(env: Env, console: Services) {
  const provider = new RouterContextProvider();
  provider.set(appContext, {
    env,
    log: createLogger("silent"),
    metrics: noMetrics,
    formGuard: null as never,
    enquiries: null,
    banner: null,
    console,
  });
  return provider;
}
