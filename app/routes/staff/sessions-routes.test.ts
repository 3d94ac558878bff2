import { describe, expect, it } from "vitest";
import type { AuditEntry } from "~/features/audit/audit";
import type { Services } from "~/site.server";
import { auditActions } from "~/features/audit/audit";
import { authConsole, formPost, membersConsole, staffRequest, unwrapData } from "../../../test/support/staff-context";
import { action as accountAction } from "./account/route";
import { action as signInAction } from "./sign-in/route";
import { action as teamAction } from "./members/route";

/**
 * The route actions of ADR 019 with a fake console: ending one of one's own
 * sessions and an admin signing a member out everywhere are audited (and
 * nothing is when nothing ended); ending another session and "Sign out
 * everywhere" need a sign-in within 5 minutes (ADR 020), so a stolen session
 * cannot sign the real member out; a pause on code sign-in answers 429 with
 * how long and what to do, whether a code is tried or asked for; an admin
 * lifts a member's or a client's pauses (audited); an admin ends every
 * member's sessions, their own included, once a box says so (audited).
 */
const post = formPost;
const unwrap = unwrapData;
const setup = (auth: Partial<Services["auth"]>, staff = staffRequest("admin")) => authConsole(auth, staff);
const setupMembers = (members: Partial<Services["members"]>, staff = staffRequest("admin")) =>
  membersConsole(members, staff);
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
    expect(auditActions["sign-in-locked"]).toMatch(/wrong sign-in codes/i);
    expect(auditActions["sign-in-pause-lifted"]).toMatch(/lifted/i);
    expect(auditActions["session-ended"]).toBe("Session ended");
    expect(auditActions["sessions-ended"]).toMatch(/sessions ended/i);
    expect(auditActions["every-session-ended"]).toBe("Every member's sessions ended by an admin");
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
      const auth: Partial<Services["auth"]> = {
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
    const auth: Partial<Services["auth"]> = {
      endMemberSessions: async (id) => {
        asked.push(id);
        return { member: { id, email: "mo@maternis.test", name: "Mo", role: "staff" }, ended: 2 };
      },
    };
    const { context, recorded } = setup(auth);
    const ok = unwrap(await act(teamAction, "/staff/members", { intent: "end-sessions", id: "member-9" }, context));
    expect(ok.status).toBe(200);
    expect(String(ok.body.message)).toContain("mo@maternis.test is signed out everywhere (2 sessions ended)");
    expect(recorded).toMatchObject([
      { action: "sessions-ended", target: "member-9", detail: { sessions: 2 }, actor: { member: { id: "admin-1" } } },
    ]);

    // Signed in 10 minutes ago: sent to sign in again, nothing ended.
    const stale = setup(auth, staffRequest("admin", { signedInAgoMs: 10 * 60 * 1000 }));
    const redirect = await act(teamAction, "/staff/members", { intent: "end-sessions", id: "member-9" }, stale.context);
    expect((redirect as Response).status).toBe(302);
    expect((redirect as Response).headers.get("location")).toContain("reauth=1");
    // A member of staff: 403 (and the refusal is audited), nothing ended.
    const staff = setup(auth, staffRequest("staff"));
    const refused = await act(teamAction, "/staff/members", { intent: "end-sessions", id: "member-9" }, staff.context);
    expect((refused as Response).status).toBe(403);
    expect(staff.recorded.map((entry) => entry.action)).toEqual(["refused"]);
    expect(asked).toEqual(["member-9"]);
  });
});

describe("ending every member's sessions (ASVS 7.4.5)", () => {
  it("only with the box ticked: every session ends, the admin's included, and they go to sign in (audited every-session-ended); needs a recent sign-in and the admin role", async () => {
    let calls = 0;
    const auth: Partial<Services["auth"]> = {
      endEverySession: async () => {
        calls += 1;
        return { ended: 7, members: 4 };
      },
      signOut: async () => new Headers({ "Set-Cookie": "maternis-staff.session_token=; Max-Age=0; Path=/" }),
    };
    const { context, recorded } = setup(auth);
    const end = (fields: Record<string, string>, on = context) =>
      act(teamAction, "/staff/members", { intent: "end-every-session", ...fields }, on);

    // Not ticked: 400 naming the box, nothing ended, nothing recorded.
    expect(unwrap(await end({}))).toMatchObject({
      status: 400,
      body: {
        ok: false,
        errors: [
          {
            field: "end-every-session-confirm",
            message: "Tick the box to confirm that everyone, you included, must sign in again",
          },
        ],
      },
    });
    expect(calls).toBe(0);
    expect(recorded).toEqual([]);

    // Ticked: ended once, one audit row with the counts, and the admin's cookie cleared on the way to sign in.
    const done = (await end({ confirm: "everyone" })) as Response;
    expect(done.status).toBe(302);
    expect(done.headers.get("location")).toBe("/staff/sign-in?signedOut=1");
    expect(done.headers.get("set-cookie")).toContain("Max-Age=0");
    expect(calls).toBe(1);
    expect(recorded).toMatchObject([
      {
        action: "every-session-ended",
        target: null,
        detail: { sessions: 7, members: 4 },
        actor: { member: { id: "admin-1" } },
      },
    ]);

    // Signed in 10 minutes ago: sent to sign in again; a member of staff: 403. Nothing more ended.
    const stale = setup(auth, staffRequest("admin", { signedInAgoMs: 10 * 60 * 1000 }));
    expect(((await end({ confirm: "everyone" }, stale.context)) as Response).headers.get("location")).toContain(
      "reauth=1",
    );
    const staff = setup(auth, staffRequest("staff"));
    expect(((await end({ confirm: "everyone" }, staff.context)) as Response).status).toBe(403);
    expect(calls).toBe(1);
  });
});

/** The Retry-After header a `data(...)` answer sets. */
const retryAfter = (result: unknown) =>
  new Headers((result as { init: ResponseInit | null }).init?.headers).get("Retry-After");

describe("a pause on code sign-in, on the sign-in page", () => {
  for (const [reason, words] of [
    [
      "client-locked",
      /^Too many wrong codes have been tried from your network, so code sign-in from it is paused for 47 minutes\. Sign in with a passkey, or ask an admin to lift the pause\.$/,
    ],
    [
      "slowed",
      /^Too many wrong codes have been tried for this address from your network\. Wait 3 minutes, then try again, or sign in with a passkey\.$/,
    ],
  ] as const) {
    const retryAfterSeconds = reason === "client-locked" ? 46 * 60 + 1 : 125;

    it(`${reason}: 429 saying how long, the address and code kept`, async () => {
      const { context, recorded } = setup({
        serves: () => true,
        signInWithCode: async () => ({ ok: false, reason, retryAfterSeconds }),
      });
      const fields = { intent: "verify", email: "mo@maternis.test", code: "123456" };
      const answer = await act(signInAction, "/staff/sign-in", fields, context);
      const result = unwrap(answer);
      expect(result.status).toBe(429);
      expect(retryAfter(answer)).toBe(String(retryAfterSeconds));
      expect(result.body).toMatchObject({ step: "code", email: "mo@maternis.test", code: "123456" });
      expect(String(result.body.error)).toMatch(words);
      expect(recorded).toMatchObject([{ action: "sign-in-failed", detail: { method: "code", reason } }]);
    });

    it(`${reason}: asking for a code says so at once, keeping the address typed`, async () => {
      const { context, recorded } = setup({
        serves: () => true,
        requestCode: async () => ({ ok: false, reason, retryAfterSeconds }),
      });
      const fields = { intent: "send-code", email: "mo@maternis.test" };
      const answer = await act(signInAction, "/staff/sign-in", fields, context);
      const result = unwrap(answer);
      expect(result.status).toBe(429);
      expect(retryAfter(answer)).toBe(String(retryAfterSeconds));
      expect(result.body).toMatchObject({ step: "email", email: "mo@maternis.test" });
      expect(String(result.body.error)).toMatch(words);
      expect(recorded).toMatchObject([{ action: "code-requested", detail: { refused: reason } }]);
    });
  }

  it("a wrong code that is not paused: 400, no waiting words (the other answer)", async () => {
    const { context } = setup({ serves: () => true, signInWithCode: async () => ({ ok: false, reason: "invalid" }) });
    const fields = { intent: "verify", email: "mo@maternis.test", code: "123456" };
    const answer = await act(signInAction, "/staff/sign-in", fields, context);
    const result = unwrap(answer);
    expect(result.status).toBe(400);
    expect(retryAfter(answer)).toBeNull();
    expect(String(result.body.error)).toBe("That code is not right. Check the e-mail and try again.");
  });

  it("too many codes asked for from this client: 429 with how long", async () => {
    const { context, recorded } = setup({
      serves: () => true,
      requestCode: async () => ({ ok: false, reason: "rate-limited", retryAfterSeconds: 11 * 60 + 30 }),
    });
    const fields = { intent: "send-code", email: "mo@maternis.test" };
    const result = unwrap(await act(signInAction, "/staff/sign-in", fields, context));
    expect(result.status).toBe(429);
    expect(result.body).toMatchObject({ step: "email", email: "mo@maternis.test" });
    expect(String(result.body.error)).toBe(
      "Too many codes have been asked for from your network. Wait 12 minutes, then try again.",
    );
    expect(recorded).toMatchObject([{ action: "code-requested", detail: { refused: "rate-limited" } }]);
  });

  it("too many codes asked for this address from anywhere: 429, but the code form, since the codes sent still work", async () => {
    const { context, recorded } = setup({
      serves: () => true,
      requestCode: async () => ({ ok: false, reason: "address-busy", retryAfterSeconds: 14 * 60 }),
    });
    const fields = { intent: "send-code", email: "mo@maternis.test" };
    const result = unwrap(await act(signInAction, "/staff/sign-in", fields, context));
    expect(result.status).toBe(429);
    expect(result.body).toMatchObject({ step: "code", email: "mo@maternis.test", code: "" });
    expect(result.body.error).toBeUndefined();
    expect(String(result.body.notice)).toBe(
      "Codes have been asked for mo@maternis.test many times in the last 15 minutes, so we have not sent another. If it belongs to a member of staff, enter the newest code sent to it. To ask for a new one, wait 14 minutes.",
    );
    expect(recorded).toMatchObject([{ action: "code-requested", detail: { refused: "address-busy" } }]);
  });
});

describe("an admin lifts pauses on code sign-in", () => {
  const mo = { id: "member-9", email: "mo@maternis.test", name: "Mo", role: "staff" as const };

  it("a member's: lifted and audited (sign-in-pause-lifted); a member gone answers 404 and records nothing", async () => {
    const asked: string[] = [];
    const { context, recorded } = setupMembers({
      liftMemberPauses: async (id) => {
        asked.push(id);
        return id === mo.id ? { member: mo, lifted: 3 } : null;
      },
    });
    const ok = unwrap(await act(teamAction, "/staff/members", { intent: "lift-member", id: mo.id }, context));
    expect(ok).toMatchObject({ status: 200, body: { ok: true } });
    expect(String(ok.body.message)).toContain("mo@maternis.test is no longer paused");
    expect(recorded).toMatchObject([
      {
        action: "sign-in-pause-lifted",
        target: mo.id,
        detail: { of: "member", counters: 3 },
        actor: { member: { id: "admin-1" } },
      },
    ]);
    const gone = unwrap(await act(teamAction, "/staff/members", { intent: "lift-member", id: "gone" }, context));
    expect(gone.status).toBe(404);
    expect(recorded).toHaveLength(1);
    expect(asked).toEqual([mo.id, "gone"]);
  });

  it("a client's, by its keyed hash: lifted and audited; anything else is refused (400) and records nothing", async () => {
    const client = "0a1b2c3d4e5f6071";
    const { context, recorded } = setupMembers({
      liftClientPauses: async (hash) => (/^[0-9a-f]{16}$/.test(hash) ? 2 : null),
    });
    const ok = unwrap(await act(teamAction, "/staff/members", { intent: "lift-client", client }, context));
    expect(ok).toMatchObject({ status: 200, body: { ok: true } });
    expect(recorded).toMatchObject([
      { action: "sign-in-pause-lifted", target: client, detail: { of: "client", counters: 2 } },
    ]);
    const bad = unwrap(
      await act(teamAction, "/staff/members", { intent: "lift-client", client: "127.0.0.1" }, context),
    );
    expect(bad.status).toBe(400);
    expect(recorded).toHaveLength(1);
  });

  it("needs a recent sign-in and the admin role, like every staff change", async () => {
    const lifted: string[] = [];
    const members: Partial<Services["members"]> = {
      liftClientPauses: async (hash) => {
        lifted.push(hash);
        return 1;
      },
    };
    const fields = { intent: "lift-client", client: "0a1b2c3d4e5f6071" };
    const stale = setupMembers(members, staffRequest("admin", { signedInAgoMs: 10 * 60 * 1000 }));
    const redirect = await act(teamAction, "/staff/members", fields, stale.context);
    expect((redirect as Response).status).toBe(302);
    expect((redirect as Response).headers.get("location")).toContain("reauth=1");
    const staff = setupMembers(members, staffRequest("staff"));
    const refused = await act(teamAction, "/staff/members", fields, staff.context);
    expect((refused as Response).status).toBe(403);
    expect(lifted).toEqual([]);
    // Positive control: a recent admin's same post lifts.
    const fresh = setupMembers(members);
    expect(unwrap(await act(teamAction, "/staff/members", fields, fresh.context)).status).toBe(200);
    expect(lifted).toEqual(["0a1b2c3d4e5f6071"]);
  });
});
