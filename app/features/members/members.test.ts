import { describe, expect, test } from "vitest";
import type { Site } from "~/site.server";
import { testEnv } from "../../../test/support/pglite";
import { bothEngines } from "../../../test/support/engines";
import { Browser, codeSignIn, openStaffConsole, staffMailJobs } from "../../../test/support/staff-auth";
import { addedNameSchema, DISPLAY_NAME_MAX, displayNameSchema } from "./members";

/**
 * The team (app/features/members/members.server.ts) on both engines: the
 * list with each member's state, adding with an invitation, a member's own
 * display name (issue 43), roles and removal. Lifting pauses:
 * ./pauses.test.ts.
 */
const { engines, open } = bothEngines<Site>();

const MEMBER = "member@maternis.test";

describe("a display name", () => {
  test("is trimmed, its runs of spaces made one; empty, too long or with control characters it is refused, saying why", () => {
    expect(displayNameSchema.parse("  Amara   Mensah ")).toBe("Amara Mensah");
    expect(displayNameSchema.parse("Zoë O'Brien-Ng")).toBe("Zoë O'Brien-Ng");
    expect(displayNameSchema.parse("x".repeat(DISPLAY_NAME_MAX))).toHaveLength(DISPLAY_NAME_MAX);
    const refusal = (value: string) => displayNameSchema.safeParse(value).error?.issues[0]?.message;
    expect(refusal("   ")).toBe("Enter your name");
    expect(refusal("x".repeat(DISPLAY_NAME_MAX + 1))).toBe(`Your name must be ${DISPLAY_NAME_MAX} characters or fewer`);
    expect(refusal("Amara\u0000Mensah")).toBe("Your name contains characters that are not allowed");
  });

  test("an admin gives a member they add by the same rules: one line (a line break is a space), no escape or reversed name", () => {
    expect(addedNameSchema.parse(" Kofi   Boateng ")).toBe("Kofi Boateng");
    expect(addedNameSchema.parse("Mo\r\nBcc: x@evil.test")).toBe("Mo Bcc: x@evil.test");
    const refusal = (value: string) => addedNameSchema.safeParse(value).error?.issues[0]?.message;
    expect(refusal("")).toBe("Enter their name");
    for (const name of ["Mo\u0000", "\u202egnp.exe", "Mo\u0007\u001b[31m"]) {
      expect(refusal(name), JSON.stringify(name)).toBe("Their name contains characters that are not allowed");
    }
  });
});

describe.each(engines)("the team on $name", (engine) => {
  test("added with an invitation, listed with their state, renamed, given a role and removed", async () => {
    const env = testEnv({ ...(await engine.database()) });
    const { console, store } = await openStaffConsole(env, open);
    const signInUrl = "https://www.maternis.health/staff/sign-in";
    const added = (await console.members.add(
      { email: " Member@Maternis.test ", name: "Mo", role: "staff" },
      { invitedBy: "Ada", signInUrl },
    ))!;
    expect(added).toMatchObject({ email: MEMBER, name: "Mo", role: "staff" });
    const invitation = (await staffMailJobs(store)).find((row) => row.data.message.to.includes(MEMBER));
    expect(invitation?.data.message.subject).toMatch(/added to the Maternis staff console/);
    expect(invitation?.data.message.text).toContain(signInUrl);
    expect(await console.members.add({ email: MEMBER, name: "Mo", role: "staff" })).toBeNull();

    expect(await console.members.list()).toMatchObject([
      { id: added.id, name: "Mo", passkeys: 0, signedIn: false, enrolled: false },
    ]);
    await codeSignIn(console, store, MEMBER, new Browser());
    expect((await console.members.list())[0]).toMatchObject({ signedIn: true, enrolled: false });

    expect(await console.members.rename(added.id, "Mo Farah")).toMatchObject({ id: added.id, name: "Mo Farah" });
    expect(await console.auth.findMember(MEMBER)).toMatchObject({ name: "Mo Farah" });
    expect(await console.members.rename("no-such-member", "Nobody")).toBeNull();

    expect(await console.members.setRole(added.id, "admin")).toMatchObject({ role: "admin" });
    expect(await console.members.remove(added.id)).toMatchObject({ email: MEMBER });
    expect(await console.members.list()).toEqual([]);
    expect(await console.members.remove(added.id)).toBeNull();
  });
});
