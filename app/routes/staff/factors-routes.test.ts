import { describe, expect, it } from "vitest";
import type { AuditEntry } from "~/lib/console/audit";
import type { StaffConsole } from "~/lib/console/service";
import { authConsole, formPost, staffRequest, unwrapData } from "../../../test/support/staff-context";
import { action as accountAction } from "./account";
import { action as teamAction } from "./team";

/**
 * The route actions of ADR 020 with a fake console: on Account, changing a
 * factor or the recovery codes, and removing a passkey, need a sign-in within
 * 5 minutes (else: sign in again, and nothing changes); each change is
 * audited; the last passkey of a member with no app is kept, with a message
 * saying why; an admin's reset is audited.
 */
const post = formPost;
const unwrap = unwrapData;
const setup = (auth: Partial<StaffConsole["auth"]>, staff = staffRequest("staff")) => authConsole(auth, staff);

async function account(context: ReturnType<typeof setup>["context"], fields: Record<string, string>) {
  try {
    return await accountAction({ request: post("/staff/account", fields), context, params: {} } as never);
  } catch (thrown) {
    return thrown;
  }
}

describe("second factors on the Account page", () => {
  const calls: string[] = [];
  const auth: Partial<StaffConsole["auth"]> = {
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
  };

  for (const [intent, fields] of [
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
        request: post("/staff/team", { intent: "reset-factors", id: "member-7" }),
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
