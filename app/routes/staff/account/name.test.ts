import { describe, expect, it } from "vitest";
import type { Services } from "~/site.server";
import { formPost, membersConsole, staffRequest, unwrapData } from "../../../../test/support/staff-context";
import { action } from "./route";

/**
 * The name field on Account (issue 43): a member sets the name the console
 * shows for them. Checked (zod), saved, and audited without the names (the
 * audit log keeps no personal data in its details).
 */
function setup() {
  const renamed: [string, string][] = [];
  const members: Partial<Services["members"]> = {
    rename: async (id, name) => {
      renamed.push([id, name]);
      return { id, name, email: "staff@maternis.test", role: "staff" };
    },
  };
  const staff = staffRequest("staff");
  return { ...membersConsole(members, staff), renamed, staff };
}

const post = (context: ReturnType<typeof setup>["context"], name: string) =>
  action({
    request: formPost("/staff/account", { intent: "display-name", "display-name": name }),
    context,
    params: {},
  } as never);

describe("a member's display name", () => {
  it("is saved trimmed and audited as name-changed, with no names in the row", async () => {
    const { context, recorded, renamed, staff } = setup();
    const result = unwrapData(await post(context, "  Amara  Mensah "));
    expect(result).toMatchObject({ status: 200, body: { ok: true, message: "Your name is now Amara Mensah." } });
    expect(renamed).toEqual([[staff.member.id, "Amara Mensah"]]);
    expect(recorded).toEqual([
      { action: "name-changed", actor: { member: staff.member }, target: staff.member.id, meta: staff.meta },
    ]);
  });

  it("an empty or overlong name is refused, saying why and keeping what was typed; nothing is saved or audited", async () => {
    const { context, recorded, renamed } = setup();
    const empty = unwrapData(await post(context, "   "));
    expect(empty).toMatchObject({
      status: 400,
      body: { ok: false, field: "display-name", typed: "   ", error: "Enter your name" },
    });
    const long = "x".repeat(101);
    const tooLong = unwrapData(await post(context, long));
    expect(tooLong).toMatchObject({
      status: 400,
      body: { typed: long, error: expect.stringMatching(/100 characters/) },
    });
    expect(renamed).toEqual([]);
    expect(recorded).toEqual([]);
    // Positive control: the same form with a name saves.
    expect(unwrapData(await post(context, "Amara")).status).toBe(200);
    expect(renamed).toHaveLength(1);
  });

  it("the same name again changes nothing and records nothing", async () => {
    const { context, recorded, renamed, staff } = setup();
    const same = unwrapData(await post(context, staff.member.name));
    expect(same).toMatchObject({ status: 200, body: { ok: true, message: "Your name is unchanged." } });
    expect(renamed).toEqual([]);
    expect(recorded).toEqual([]);
  });
});
