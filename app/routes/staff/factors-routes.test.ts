import type { MiddlewareFunction } from "react-router";
import { describe, expect, it } from "vitest";
import type { AuditEntry } from "~/features/audit/audit";
import type { AppConfirmResult, StaffSession } from "~/features/sign-in/sign-in";
import type { Services } from "~/site.server";
import {
  authConsole,
  consoleContext,
  fakeConsole,
  formPost,
  staffRequest,
  unwrapData,
} from "../../../test/support/staff-context";
import { action as accountAction } from "./account/route";
import { action as enrolAction, loader as enrolLoader, middleware as enrolMiddleware } from "./enrol";
import { action as teamAction } from "./members/route";

/**
 * The route actions of ADR 020 with a fake console: on Account, changing a
 * factor or the recovery codes, and removing a passkey, need a sign-in within
 * 5 minutes (else: sign in again, and nothing changes); confirming an app
 * does not (its start did, in the same session) and says why it was refused;
 * each change is audited; the last passkey of a member with no app is kept,
 * with a message saying why; an admin's reset is audited. On the enrolment
 * page, enrolling replaces the session: the response carries the new cookie
 * and, without JavaScript, the loader after the action reads the new session.
 */
const post = formPost;
const unwrap = unwrapData;
const setup = (auth: Partial<Services["auth"]>, staff = staffRequest("staff")) => authConsole(auth, staff);

async function account(context: ReturnType<typeof setup>["context"], fields: Record<string, string>) {
  try {
    return await accountAction({ request: post("/staff/account", fields), context, params: {} } as never);
  } catch (thrown) {
    return thrown;
  }
}

describe("second factors on the Account page", () => {
  const calls: string[] = [];
  const auth: Partial<Services["auth"]> = {
    newRecoveryCodes: async () => {
      calls.push("new-codes");
      return ["aaaaa-11111", "bbbbb-22222"];
    },
    removeApp: async () => {
      calls.push("remove-app");
      return true;
    },
    removePasskey: async () => {
      calls.push("remove-passkey");
      return true;
    },
    startApp: async () => {
      calls.push("start-app");
      return null;
    },
  };

  for (const [intent, fields] of [
    ["start-app", {}],
    ["new-recovery-codes", {}],
    ["remove-app", {}],
    ["remove", { id: "passkey-1" }],
  ] as const) {
    it(`${intent} more than 5 minutes after signing in: sign in again, nothing changes`, async () => {
      calls.length = 0;
      const { context, recorded } = setup(auth, staffRequest("staff", { signedInAgoMs: 6 * 60_000 }));
      const result = await account(context, { intent, ...fields });
      expect(result).toBeInstanceOf(Response);
      expect((result as Response).status).toBe(302);
      expect((result as Response).headers.get("location")).toBe("/staff/sign-in?reauth=1&returnTo=%2Fstaff%2Faccount");
      expect(calls).toEqual([]);
      expect(recorded).toEqual([]);
    });
  }

  it("start-app within 5 minutes reaches the app set-up (the positive control for the refusal above)", async () => {
    calls.length = 0;
    const { context } = setup(auth, staffRequest("staff", { signedInAgoMs: 4 * 60_000 }));
    const result = unwrap(await account(context, { intent: "start-app" }));
    // The fake has an app already: 409, and the set-up was asked for.
    expect(result).toMatchObject({ status: 409, body: { step: "error" } });
    expect(calls).toEqual(["start-app"]);
  });

  it("new recovery codes within 5 minutes: shown once, audited", async () => {
    calls.length = 0;
    const staff = staffRequest("staff");
    const { context, recorded } = setup(auth, staff);
    const result = unwrap(await account(context, { intent: "new-recovery-codes" }));
    expect(result).toMatchObject({
      status: 200,
      body: { step: "codes", recoveryCodes: ["aaaaa-11111", "bbbbb-22222"] },
    });
    expect(recorded).toEqual<AuditEntry[]>([
      { action: "recovery-codes-renewed", actor: { member: staff.member }, meta: staff.meta },
    ]);
  });

  it("confirm-app needs no recent sign-in (its start did, in this session) and says why it is refused", async () => {
    const answers: AppConfirmResult[] = [
      { ok: false, reason: "not-started" },
      { ok: false, reason: "already-set-up" },
      { ok: false, reason: "too-many" },
      { ok: false, reason: "invalid" },
      { ok: true, recoveryCodes: ["aaaaa-11111"], headers: new Headers() },
    ];
    const confirmed: string[] = [];
    const staff = staffRequest("staff", { signedInAgoMs: 20 * 60_000 });
    const { context, recorded } = setup(
      {
        confirmApp: async (_request, code) => {
          confirmed.push(code);
          return answers[confirmed.length - 1]!;
        },
      },
      staff,
    );
    const results = [];
    for (let i = 0; i < answers.length; i++) {
      results.push(unwrap(await account(context, { intent: "confirm-app", code: "123 456" })));
    }
    expect(confirmed).toEqual(Array(answers.length).fill("123456"));
    expect(results.map((result) => result.status)).toEqual([409, 409, 429, 400, 200]);
    expect(String(results[0]!.body.error)).toMatch(/Start setting up the app again/);
    expect(String(results[1]!.body.error)).toMatch(/already have an authenticator app/);
    expect(String(results[2]!.body.error)).toMatch(/Too many wrong codes.*15 minutes/);
    expect(results[3]!.body).toMatchObject({ step: "confirm-app", code: "123456" });
    expect(results[4]!.body).toMatchObject({ step: "codes", recoveryCodes: ["aaaaa-11111"] });
    expect(recorded).toEqual<AuditEntry[]>([
      { action: "factor-enrolled", actor: { member: staff.member }, detail: { factor: "app" }, meta: staff.meta },
    ]);
  });

  it("finishing a passkey enrolment is the enrolment page's: unknown on Account", async () => {
    const { context } = setup({});
    const result = unwrap(await account(context, { intent: "passkey-enrolled" }));
    expect(result).toMatchObject({ status: 400, body: { ok: false, error: "Unknown action" } });
  });

  it("removing the app without a passkey is refused (409), not audited", async () => {
    const { context, recorded } = setup({ removeApp: async () => false });
    const result = unwrap(await account(context, { intent: "remove-app" }));
    expect(result).toMatchObject({ status: 409, body: { step: "error" } });
    expect(String(result.body.error)).toMatch(/Add a passkey before you remove your authenticator app/);
    expect(recorded).toEqual([]);
  });

  it("the last passkey of a member with no app is kept, saying why", async () => {
    const { context, recorded } = setup({
      removePasskey: async () => false,
      factors: async () => ({ passkeys: 1, app: false, recoveryCodes: 10 }),
    });
    const result = unwrap(await account(context, { intent: "remove", id: "passkey-1" }));
    expect(result).toMatchObject({ status: 409, body: { ok: false } });
    expect(String(result.body.error)).toMatch(/only way to sign in/);
    expect(recorded).toEqual([]);
  });
});

describe("an admin resets a member's sign-in", () => {
  it("only from its confirmation page: a post without `confirmed` is sent there, and nothing is reset", async () => {
    const reset: string[] = [];
    const { context, recorded } = setup(
      {
        resetFactors: async (id) => {
          reset.push(id);
          return { id, email: "mo@maternis.test", name: "Mo", role: "staff" };
        },
      },
      staffRequest("admin"),
    );
    for (const intent of ["reset-factors", "remove"]) {
      const answer = await teamAction({
        request: post("/staff/members", { intent, id: "member-7" }),
        context,
        params: {},
      } as never);
      expect(answer).toBeInstanceOf(Response);
      expect((answer as Response).status).toBe(303);
      expect((answer as Response).headers.get("Location")).toBe(
        `/staff/members?confirm=${intent}&id=member-7#confirm-member-heading`,
      );
    }
    expect(reset).toEqual([]);
    expect(recorded).toEqual([]);
  });

  it("within 5 minutes: their factors go, audited as factors-reset", async () => {
    const reset: string[] = [];
    const admin = staffRequest("admin");
    const { context, recorded } = setup(
      {
        resetFactors: async (id) => {
          reset.push(id);
          return { id, email: "mo@maternis.test", name: "Mo", role: "staff" };
        },
      },
      admin,
    );
    const result = unwrap(
      await teamAction({
        request: post("/staff/members", { intent: "reset-factors", id: "member-7", confirmed: "yes" }),
        context,
        params: {},
      } as never),
    );
    expect(result).toMatchObject({ status: 200, body: { ok: true } });
    expect(String(result.body.message)).toMatch(/mo@maternis\.test is signed out and has no passkeys/);
    expect(reset).toEqual(["member-7"]);
    expect(recorded).toEqual<AuditEntry[]>([
      { action: "factors-reset", actor: { member: admin.member }, target: "member-7", meta: admin.meta },
    ]);
  });
});

describe("enrolling replaces the session", () => {
  const cookieName = "maternis-staff.session_token";
  const member = staffRequest("staff").member;
  /** A fake session lookup by cookie: "old" is the setup-only session, "new" the full one enrolment made. */
  const session = async (request: Request): Promise<StaffSession | null> => {
    const token = /maternis-staff\.session_token=([^;]+)/.exec(request.headers.get("cookie") ?? "")?.[1];
    if (token !== "old" && token !== "new") return null;
    const assurance = token === "new" ? "full" : "setup-only";
    return { member, sessionId: `session-${token}`, createdAt: new Date(), headers: new Headers(), assurance };
  };
  const newCookie = `${cookieName}=new; Path=/; HttpOnly; SameSite=Lax`;

  /** A form post without JavaScript, as React Router serves it: the middleware around the action, then the loader. */
  async function postWithoutJavaScript(auth: Partial<Services["auth"]>, fields: Record<string, string>) {
    const { service, recorded } = fakeConsole(undefined, undefined, {
      auth: { serves: () => true, session, pendingApp: async () => null, ...auth } as Services["auth"],
    });
    const context = consoleContext(service, null);
    const request = formPost("/staff/enrol", fields);
    request.headers.set("cookie", `${cookieName}=old`);
    const args = { request, context, params: {} } as never;
    let rendered: { action: unknown; loader: unknown } | null = null;
    const response = await (enrolMiddleware[0] as MiddlewareFunction<Response>)(args, async () => {
      rendered = { action: unwrap(await enrolAction(args)), loader: await enrolLoader(args) };
      return new Response("page");
    });
    return { response: response as Response, rendered: rendered!, recorded };
  }

  it("an app: the codes are shown, the loader after the action sees the new, full session, and the response sets its cookie", async () => {
    const { response, rendered, recorded } = await postWithoutJavaScript(
      {
        confirmApp: async () => ({
          ok: true,
          recoveryCodes: ["aaaaa-11111"],
          headers: new Headers([["Set-Cookie", newCookie]]),
        }),
      },
      { intent: "confirm-app", code: "123456" },
    );
    expect(rendered.action).toMatchObject({ status: 200, body: { step: "codes", recoveryCodes: ["aaaaa-11111"] } });
    expect(rendered.loader).toMatchObject({ enrolled: true });
    expect(response.headers.getSetCookie()).toEqual([newCookie]);
    expect(recorded.map((entry) => entry.action)).toEqual(["factor-enrolled"]);
  });

  it("a passkey: the same; a refused confirmation keeps the old session and sets no cookie (the control)", async () => {
    const byPasskey = await postWithoutJavaScript(
      {
        enrolWithPasskey: async () => ({
          recoveryCodes: ["bbbbb-22222"],
          headers: new Headers([["Set-Cookie", newCookie]]),
        }),
      },
      { intent: "passkey-enrolled" },
    );
    expect(byPasskey.rendered.action).toMatchObject({ status: 200, body: { step: "codes" } });
    expect(byPasskey.rendered.loader).toMatchObject({ enrolled: true });
    expect(byPasskey.response.headers.getSetCookie()).toEqual([newCookie]);

    const wrong = await postWithoutJavaScript(
      { confirmApp: async () => ({ ok: false, reason: "invalid" }) },
      { intent: "confirm-app", code: "123456" },
    );
    expect(wrong.rendered.action).toMatchObject({ status: 400, body: { step: "confirm-app" } });
    expect(wrong.rendered.loader).toMatchObject({ enrolled: false });
    expect(wrong.response.headers.getSetCookie()).toEqual([]);
  });
});
