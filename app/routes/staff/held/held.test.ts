import { describe, expect, it } from "vitest";
import type { Services } from "~/site.server";
import {
  consoleContext,
  fakeConsole,
  formPost,
  memoryHeldActions,
  staffRequest,
  unwrapData,
} from "../../../../test/support/staff-context";
import { action as membersAction } from "../members/route";
import { loader as layoutLoader, shouldRevalidate } from "../layout";
import { describeHeld } from "./held-action";

/**
 * Signing in again keeps what was being done (issue 43): a change posted
 * after the recent-sign-in window is held on the server (its fields, never
 * in the URL), the page shows it to check after the new sign-in ("check
 * your answers"), and a confirming post with a recent sign-in makes it and
 * forgets it.
 */
function setup() {
  const heldActions = memoryHeldActions();
  const added: string[] = [];
  const { service, recorded } = fakeConsole(undefined, undefined, {
    auth: { heldActions } as unknown as Services["auth"],
    alerts: { deadLetters: async () => ({ emails: 0, webhooks: 0, texts: 0 }) },
    members: {
      add: async (input) => {
        added.push(input.email);
        return { id: "member-7", email: input.email, name: input.name, role: input.role };
      },
      list: async () => [{ id: "member-2", email: "mo@maternis.test", name: "Mo Bello", role: "staff" }],
    } as Services["members"],
  });
  return { service, recorded, heldActions, added };
}

const fields = { intent: "add", name: "Amara Mensah", email: "amara@maternis.test", role: "admin" };

describe("a change posted after the recent-sign-in window", () => {
  it("is held with what was typed, shown to check after signing in again, and made once confirmed", async () => {
    const { service, heldActions, added, recorded } = setup();
    const stale = staffRequest("admin", { signedInAgoMs: 10 * 60 * 1000 });
    const thrown = await Promise.resolve(
      membersAction({
        request: formPost("/staff/members", fields),
        context: consoleContext(service, stale),
        params: {},
      } as never),
    ).catch((error: unknown) => error);
    expect((thrown as Response).status).toBe(302);
    const location = (thrown as Response).headers.get("location")!;
    expect(location).toBe("/staff/sign-in?reauth=1&returnTo=%2Fstaff%2Fmembers");
    expect(location).not.toContain("amara");
    expect(added).toEqual([]);
    // Held for the browser that posted it: its cookie names it.
    const cookie = (thrown as Response).headers.get("set-cookie")!.split(";")[0]!;
    const browser = { headers: { cookie } };
    expect(await heldActions.of(new Request("http://localhost/staff", browser), stale.member.id)).toEqual({
      path: "/staff/members",
      fields: Object.entries(fields),
    });

    // Signed in again in that browser: the page shows the change to check; on another page, nothing.
    const fresh = staffRequest("admin");
    const here = (await layoutLoader({
      request: new Request("http://localhost/staff/members", browser),
      context: consoleContext(service, fresh),
      params: {},
    } as never)) as { held: unknown };
    expect(here.held).toEqual({
      path: "/staff/members",
      change: "Add a member of staff",
      rows: [
        ["Name", "Amara Mensah"],
        ["E-mail address", "amara@maternis.test"],
        ["Role", "Admin"],
      ],
      fields: Object.entries(fields),
    });
    const elsewhere = (await layoutLoader({
      request: new Request("http://localhost/staff/account", browser),
      context: consoleContext(service, fresh),
      params: {},
    } as never)) as { held: unknown };
    expect(elsewhere.held).toBeNull();
    // The member signed in in another browser (or someone who posted from their stolen, old session): not offered.
    const otherBrowser = (await layoutLoader({
      request: new Request("http://localhost/staff/members"),
      context: consoleContext(service, fresh),
      params: {},
    } as never)) as { held: unknown };
    expect(otherBrowser.held).toBeNull();

    // Confirmed: the same fields posted with a recent sign-in make the change, and it is held no more.
    const confirming = formPost("/staff/members", fields);
    confirming.headers.set("cookie", cookie);
    const made = unwrapData(
      await membersAction({
        request: confirming,
        context: consoleContext(service, fresh),
        params: {},
      } as never),
    );
    expect(made).toMatchObject({ status: 200, body: { ok: true } });
    expect(added).toEqual(["amara@maternis.test"]);
    expect(recorded.map((entry) => entry.action)).toEqual(["staff-added"]);
    expect(await heldActions.of(new Request("http://localhost/staff", browser), fresh.member.id)).toBeNull();
  });

  it("names the member a change is for, which its fields give only by id", async () => {
    const { service, heldActions } = setup();
    const stale = staffRequest("admin", { signedInAgoMs: 10 * 60 * 1000 });
    const posted = formPost("/staff/members", { intent: "remove", id: "member-2", confirmed: "yes" });
    const cookie = (await heldActions.hold(posted, stale.member.id, {
      path: "/staff/members",
      fields: [
        ["intent", "remove"],
        ["id", "member-2"],
        ["confirmed", "yes"],
      ],
    }))!.split(";")[0]!;
    const shown = async (path: string) =>
      (
        (await layoutLoader({
          request: new Request(`http://localhost${path}`, { headers: { cookie } }),
          context: consoleContext(service, staffRequest("admin")),
          params: {},
        } as never)) as { held: { change: string; rows: [string, string][] } | null }
      ).held;
    expect(await shown("/staff/members")).toMatchObject({
      change: "Remove a member of staff",
      rows: [["Member", "Mo Bello (mo@maternis.test)"]],
    });
  });

  it("is read again after any post, so the check does not stay above a refused confirmation's error", () => {
    const args = (formMethod: "GET" | "POST" | undefined, defaultShouldRevalidate: boolean) =>
      ({ formMethod, defaultShouldRevalidate }) as Parameters<typeof shouldRevalidate>[0];
    // A post refused with a 4xx, which React Router would not revalidate.
    expect(shouldRevalidate(args("POST", false))).toBe(true);
    // A navigation follows React Router's own answer (the controls).
    expect(shouldRevalidate(args(undefined, false))).toBe(false);
    expect(shouldRevalidate(args("GET", true))).toBe(true);
  });
});

describe("describeHeld", () => {
  const held = (path: string, fields: [string, string][]) => describeHeld({ path, fields });

  it("names an integration change by its page and intent, never showing the address", () => {
    const url = "https://hooks.slack.com/services/T000/B000/secret-part";
    const added = held("/staff/integrations", [
      ["kind", "slack"],
      ["name", "Leads channel"],
      ["url", url],
    ]);
    expect(added.change).toBe("Add an integration");
    expect(added.rows).toEqual([
      ["Kind", "Slack"],
      ["Name", "Leads channel"],
    ]);
    expect(JSON.stringify(added.rows)).not.toContain("secret-part");

    const id = "3f7c1d2e-0000-4000-8000-000000000001";
    expect(held(`/staff/integrations/${id}`, [["intent", "delete-confirmed"]]).change).toBe("Delete an integration");
    expect(held(`/staff/integrations/${id}`, [["intent", "rotate-confirmed"]]).change).toBe(
      "Replace an integration's signing secret",
    );
    expect(held(`/staff/spam/${id}`, [["intent", "delete"]]).change).toBe("Delete an enquiry for good");
    // A page the list does not know: the general words (the control).
    expect(held(`/staff/integrations/${id}/more`, [["intent", "save"]]).change).toBe(
      "The change you were making on this page",
    );
  });
});
