import { sql } from "drizzle-orm";
import { siteConsoleContext } from "../../../test/support/staff-context";
import { afterEach, describe, expect, test, vi } from "vitest";
import { action as signInAction, loader as signInLoader } from "~/routes/staff/sign-in/route";
import { action as signOutAction } from "~/routes/staff/sign-out";
import { action as teamAction } from "~/routes/staff/members/route";
import { staffContext } from "~/routes/staff/access/request.server";
import type { Site } from "~/site.server";
import { testEnv } from "../../../test/support/pglite";
import { bothEngines } from "../../../test/support/engines";
import { openStaffConsole } from "../../../test/support/staff-auth";
import { auditLog } from "~/features/audit/tables.server";

/**
 * The sign-in, sign-out and team route actions against the real console on
 * both engines: what they answer, and the audit rows they write.
 */
const { engines, open } = bothEngines<Site>();
afterEach(() => {
  vi.useRealTimers();
});

const ADMIN = "admin@maternis.test";
const SITE = "https://www.maternis.health";

function post(path: string, fields: Record<string, string>, cookie = "") {
  return new Request(`${SITE}${path}`, {
    method: "POST",
    headers: { "x-maternis-client-ip": "203.0.113.7", ...(cookie ? { cookie } : {}) },
    body: new URLSearchParams(fields),
  });
}

/** Runs an action; a thrown Response (a redirect, a 403) is returned like an answer. */
async function run(fn: () => Promise<unknown>) {
  try {
    return await fn();
  } catch (error) {
    if (error instanceof Response) return error;
    throw error;
  }
}

describe.each(engines)("console route actions on $name", (engine) => {
  async function start() {
    const env = testEnv({ ...(await engine.database()), STAFF_ADMIN_EMAILS: ADMIN });
    const { pipeline, console } = await openStaffConsole(env, open);
    const context = () => siteConsoleContext(env, console);
    const lastCode = async () => {
      const result: unknown = await pipeline.platform.store.db.execute(
        sql`select data from pgboss.job where name = 'staff-mail' order by created_on desc limit 1`,
      );
      const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as {
        data: { message: { text: string } };
      }[];
      return /\b(\d{6})\b/.exec(rows[0]?.data.message.text ?? "")?.[1] ?? "";
    };
    const audit = async () =>
      (await pipeline.platform.store.db.select().from(auditLog).orderBy(auditLog.id)).map((row) => ({
        action: row.action,
        actor: row.actor,
        detail: row.detail,
      }));
    return { console, context, lastCode, audit };
  }

  test("code requested, wrong code, sign-in and sign-out are audited; addresses of strangers are hashed", async () => {
    const { context, lastCode, audit, console } = await start();
    const args = (request: Request) => ({ request, context: context(), params: {} }) as never;

    // Asked for: the code step's page, which the server holds for this browser (never the address in the URL).
    for (const email of [ADMIN, "stranger@example.org"]) {
      const sent = (await run(() =>
        signInAction(args(post("/staff/sign-in", { intent: "send-code", email }))),
      )) as Response;
      expect(sent.status).toBe(303);
      expect(sent.headers.get("location")).toBe("/staff/sign-in?step=code");
      expect(sent.headers.get("set-cookie")).toMatch(
        /^__Host-maternis-staff-code-step=.+; Max-Age=600; Path=\/; HttpOnly; Secure; SameSite=Lax/,
      );
    }

    const code = await lastCode();
    const wrong = await run(() =>
      signInAction(
        args(post("/staff/sign-in", { intent: "verify", email: ADMIN, code: code === "000000" ? "111111" : "000000" })),
      ),
    );
    expect(wrong).toMatchObject({
      init: { status: 400 },
      data: { step: "code", error: expect.stringMatching(/not right/) },
    });

    const signedIn = (await run(() =>
      signInAction(args(post("/staff/sign-in", { intent: "verify", email: ADMIN, code, returnTo: "/staff/members" }))),
    )) as Response;
    expect(signedIn.status).toBe(302);
    // No second factor yet: the code makes a session that may only enrol one (ADR 020), whatever returnTo said.
    expect(signedIn.headers.get("location")).toBe("/staff/enrol");
    const cookie = signedIn.headers
      .getSetCookie()
      .map((line) => line.split(";")[0])
      .join("; ");
    expect(cookie).toMatch(/^__Host-maternis-staff\.session_token=/);

    // An admin adds a member (recent sign-in), then signs out.
    const member = await console.auth.session(new Request(`${SITE}/staff`, { headers: { cookie } }));
    const teamContext = context();
    teamContext.set(staffContext, {
      member: member!.member,
      sessionId: member!.sessionId,
      signedInAt: member!.createdAt,
      meta: { fingerprint: "fp" },
    });
    // A name with a bidi override and an address with a NUL are refused, with what was typed kept.
    const membersBefore = (await console.members.list()).length;
    /** "Add a member" posted by the admin. */
    const add = (fields: Record<string, string>) =>
      run(() =>
        teamAction({
          request: post("/staff/members", { intent: "add", ...fields }, cookie),
          context: teamContext,
          params: {},
        } as never),
      );
    const refused = await add({ name: "Eve\u202egnp.exe", email: "eve\u0000@maternis.test", role: "admin" });
    expect(refused).toMatchObject({
      init: { status: 400 },
      data: {
        ok: false,
        errors: [
          { field: "member-name", message: expect.stringMatching(/characters that are not allowed/) },
          { field: "member-email", message: "Enter their e-mail address, like name@example.org" },
        ],
        values: { name: "Eve\u202egnp.exe", email: "eve\u0000@maternis.test", role: "admin" },
      },
    });
    expect(await console.members.list()).toHaveLength(membersBefore);
    const added = await add({ name: "New Person", email: "new@maternis.test", role: "staff" });
    expect(added).toMatchObject({ data: { ok: true } });
    expect(await console.members.list()).toHaveLength(membersBefore + 1);

    const out = (await run(() => signOutAction(args(post("/staff/sign-out", {}, cookie))))) as Response;
    expect(out.status).toBe(302);
    expect(await console.auth.session(new Request(`${SITE}/staff`, { headers: { cookie } }))).toBeNull();

    const rows = await audit();
    expect(rows.map((row) => row.action)).toEqual([
      "code-requested",
      "code-requested",
      "sign-in-failed",
      "sign-in",
      "staff-added",
      "sign-out",
    ]);
    expect(rows[0]?.actor).toMatch(/^sha256:/);
    expect(JSON.stringify(rows)).not.toContain("stranger@example.org");
    expect(rows[3]).toMatchObject({ actor: ADMIN, detail: { method: "code", enrolOnly: true } });
  });

  test("an expired code gets its own message, keeping what was typed", async () => {
    const { context, lastCode } = await start();
    const args = (request: Request) => ({ request, context: context(), params: {} }) as never;
    vi.useFakeTimers({ toFake: ["Date"] });
    const sent = (await run(() =>
      signInAction(args(post("/staff/sign-in", { intent: "send-code", email: ADMIN }))),
    )) as Response;
    const code = await lastCode();
    const step = sent.headers.get("set-cookie")!.split(";")[0]!;
    expect(
      await run(() =>
        signInLoader(args(new Request(`${SITE}/staff/sign-in?step=code`, { headers: { cookie: step } }))),
      ),
    ).toMatchObject({ codeStep: true, codeTo: ADMIN, codeLife: "10 minutes" });
    vi.setSystemTime(Date.now() + 10 * 60 * 1000 + 1000);
    const expired = await run(() =>
      signInAction(args(post("/staff/sign-in", { intent: "verify", email: ADMIN, code }))),
    );
    expect(expired).toMatchObject({
      init: { status: 400 },
      data: { step: "code", email: ADMIN, code, error: "That code has expired. Ask for a new code." },
    });
  });
});
