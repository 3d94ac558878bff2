import { describe, expect, it } from "vitest";
import type { AuditEntry } from "~/lib/console/audit";
import type { StaffConsole } from "~/lib/console/service";
import { auditActions } from "~/lib/console/audit";
import { authConsole, formPost, staffRequest, unwrapData } from "../../../test/support/staff-context";
import { action as accountAction } from "./account";
import { action as signInAction } from "./sign-in";
import { action as teamAction } from "./team";

/**
 * The route actions of ADR 019 with a fake console: ending one of one's own
 * sessions and an admin signing a member out everywhere are audited (and
 * nothing is when nothing ended); ending another session and "Sign out
 * everywhere" need a sign-in within 5 minutes (ADR 020), so a stolen session
 * cannot sign the real member out; a code lockout answers 429 with what to
 * do, whether a code is tried or asked for.
 */
const post = formPost;
const unwrap = unwrapData;
const setup = (auth: Partial<StaffConsole["auth"]>, staff = staffRequest("admin")) => authConsole(auth, staff);
type Context = ReturnType<typeof setup>["context"];

/** A route action's answer to a form post; what it throws instead (a redirect, a refusal) is returned too. */
function act(
  action: (args: never) => Promise<unknown>,
  path: string,
  fields: Record<string, string>,
  context: Context,
) {
  return action({ request: post(path, fields), context, params: {} } as never).catch((thrown: unknown) => thrown);
}

describe("ending sessions", () => {
  it("the audit page has a label for each new action", () => {
    expect(auditActions["sign-in-locked"]).toMatch(/locked/i);
    expect(auditActions["session-ended"]).toBe("Session ended");
    expect(auditActions["sessions-ended"]).toMatch(/sessions ended/i);
  });

  it("a member ends one of their other sessions: audited as session-ended; a session already gone is not", async () => {
    const ended: string[] = [];
    const { context, recorded } = setup(
      {
        endSession: async (_request, id) => {
          if (id !== "other-session") return false;
          ended.push(id);
          return true;
        },
      },
      staffRequest("staff"),
    );
    const ok = unwrap(
      await act(accountAction, "/staff/account", { intent: "end-session", id: "other-session" }, context),
    );
    expect(ok).toMatchObject({ status: 200, body: { ok: true } });
    expect(ended).toEqual(["other-session"]);
    expect(recorded).toEqual<AuditEntry[]>([
      {
        action: "session-ended",
        actor: { member: staffRequest("staff").member },
        target: "other-session",
        meta: staffRequest("staff").meta,
      },
    ]);

    const gone = unwrap(await act(accountAction, "/staff/account", { intent: "end-session", id: "gone" }, context));
    expect(gone).toMatchObject({ status: 404, body: { ok: false } });
    expect(recorded).toHaveLength(1);
  });

  for (const [intent, fields] of [
    ["end-session", { id: "other-session" }],
    ["sign-out-everywhere", {}],
  ] as const) {
    it(`${intent} more than 5 minutes after signing in: sign in again, nothing ends; within 5 minutes it ends`, async () => {
      const calls: string[] = [];
      const auth: Partial<StaffConsole["auth"]> = {
        endSession: async (_request, id) => {
          calls.push(`end ${id}`);
          return true;
        },
        signOutEverywhere: async () => {
          calls.push("everywhere");
          return new Headers([["Set-Cookie", "maternis-staff.session_token=; Max-Age=0; Path=/"]]);
        },
      };
      const stale = setup(auth, staffRequest("staff", { signedInAgoMs: 6 * 60_000 }));
      const refused = (await act(accountAction, "/staff/account", { intent, ...fields }, stale.context)) as Response;
      expect(refused.status).toBe(302);
      expect(refused.headers.get("location")).toBe("/staff/sign-in?reauth=1&returnTo=%2Fstaff%2Faccount");
      expect(calls).toEqual([]);
      expect(stale.recorded).toEqual([]);

      // Positive control: signed in 4 minutes ago, the same request ends the session(s), audited.
      const recent = setup(auth, staffRequest("staff", { signedInAgoMs: 4 * 60_000 }));
      const done = await act(accountAction, "/staff/account", { intent, ...fields }, recent.context);
      expect(calls).toEqual([intent === "end-session" ? "end other-session" : "everywhere"]);
      expect(recent.recorded.map((entry) => entry.action)).toEqual([
        intent === "end-session" ? "session-ended" : "sign-out-everywhere",
      ]);
      if (intent === "sign-out-everywhere") {
        expect((done as Response).headers.get("location")).toBe("/staff/sign-in?signedOut=1");
        expect((done as Response).headers.get("set-cookie")).toContain("Max-Age=0");
      } else {
        expect(unwrap(done)).toMatchObject({ status: 200, body: { ok: true } });
      }
    });
  }

  it("an admin signs a member out everywhere (audited sessions-ended); needs a recent sign-in and the admin role", async () => {
    const asked: string[] = [];
    const auth: Partial<StaffConsole["auth"]> = {
      endMemberSessions: async (id) => {
        asked.push(id);
        return { member: { id, email: "mo@maternis.test", name: "Mo", role: "staff" }, ended: 2 };
      },
    };
    const { context, recorded } = setup(auth);
    const ok = unwrap(await act(teamAction, "/staff/team", { intent: "end-sessions", id: "member-9" }, context));
    expect(ok.status).toBe(200);
    expect(String(ok.body.message)).toContain("mo@maternis.test is signed out everywhere (2 sessions ended)");
    expect(recorded).toMatchObject([
      { action: "sessions-ended", target: "member-9", detail: { sessions: 2 }, actor: { member: { id: "admin-1" } } },
    ]);

    // Signed in 10 minutes ago: sent to sign in again, nothing ended.
    const stale = setup(auth, staffRequest("admin", { signedInAgoMs: 10 * 60 * 1000 }));
    const redirect = await act(teamAction, "/staff/team", { intent: "end-sessions", id: "member-9" }, stale.context);
    expect((redirect as Response).status).toBe(302);
    expect((redirect as Response).headers.get("location")).toContain("reauth=1");
    // A member of staff: 403 (and the refusal is audited), nothing ended.
    const staff = setup(auth, staffRequest("staff"));
    const refused = await act(teamAction, "/staff/team", { intent: "end-sessions", id: "member-9" }, staff.context);
    expect((refused as Response).status).toBe(403);
    expect(staff.recorded.map((entry) => entry.action)).toEqual(["refused"]);
    expect(asked).toEqual(["member-9"]);
  });
});

describe("a code lockout on the sign-in page", () => {
  for (const [reason, words] of [
    ["address-locked", /this address.*24 hours.*passkey/],
    ["client-locked", /this network.*an hour.*passkey/],
  ] as const) {
    it(`${reason}: 429 with what to do instead`, async () => {
      const { context, recorded } = setup({
        serves: () => true,
        signInWithCode: async () => ({ ok: false, reason }),
      });
      const fields = { intent: "verify", email: "mo@maternis.test", code: "123456" };
      const result = unwrap(await act(signInAction, "/staff/sign-in", fields, context));
      expect(result.status).toBe(429);
      expect(String(result.body.error)).toMatch(words);
      expect(recorded).toMatchObject([{ action: "sign-in-failed", detail: { method: "code", reason } }]);
    });

    it(`${reason}: asking for a code says so at once, keeping the address typed`, async () => {
      const { context, recorded } = setup({ serves: () => true, requestCode: async () => ({ ok: false, reason }) });
      const fields = { intent: "send-code", email: "mo@maternis.test" };
      const result = unwrap(await act(signInAction, "/staff/sign-in", fields, context));
      expect(result.status).toBe(429);
      expect(result.body).toMatchObject({ step: "email", email: "mo@maternis.test" });
      expect(String(result.body.error)).toMatch(words);
      expect(recorded).toMatchObject([{ action: "code-requested", detail: { refused: reason } }]);
    });
  }

  it("too many codes asked for: 429 with when to try again (the other refusal)", async () => {
    const { context, recorded } = setup({
      serves: () => true,
      requestCode: async () => ({ ok: false, reason: "rate-limited" }),
    });
    const fields = { intent: "send-code", email: "mo@maternis.test" };
    const result = unwrap(await act(signInAction, "/staff/sign-in", fields, context));
    expect(result.status).toBe(429);
    expect(String(result.body.error)).toBe("Too many codes have been asked for. Wait 15 minutes, then try again.");
    expect(recorded).toMatchObject([{ action: "code-requested", detail: { refused: "rate-limited" } }]);
  });
});
