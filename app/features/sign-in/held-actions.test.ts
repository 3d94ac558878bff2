import { describe, expect, test } from "vitest";
import { Browser, later, staffConsoles } from "../../../test/support/staff-auth";
import { HELD_ACTION_SECONDS, type HeldAction } from "./held-actions.server";

/**
 * A change held while its member signs in again is the posting browser's
 * only (issue 43; ./held-actions.server.ts): another browser of the member,
 * or the member signing in elsewhere after someone posted from their stolen,
 * old session, is never offered it.
 */
describe.each(staffConsoles({ testClock: true }))("a held change, on $name", ({ start }) => {
  const role: HeldAction = {
    path: "/staff/members",
    fields: [
      ["intent", "role"],
      ["id", "member-2"],
      ["role", "admin"],
    ],
  };
  const remove: HeldAction = { path: "/staff/members", fields: [["intent", "remove"]] };

  test("is found by the browser that posted it, for its member, until it is dropped or too old", async () => {
    const { console, member } = await start();
    const held = console.auth.heldActions;
    const posting = new Browser();
    const hold = async (browser: Browser, action: HeldAction) =>
      browser.take(new Headers({ "set-cookie": await held.hold(browser.request(), member.id, action) }));

    await hold(posting, role);
    expect(await held.of(posting.request(), member.id)).toEqual(role);
    // Not for another browser, nor for another member presenting the same cookie.
    expect(await held.of(new Browser().request(), member.id)).toBeNull();
    expect(await held.of(posting.request(), "someone-else")).toBeNull();

    // A second browser's change does not replace the first's; a browser's own next one does.
    const second = new Browser();
    await hold(second, remove);
    expect(await held.of(posting.request(), member.id)).toEqual(role);
    expect(await held.of(second.request(), member.id)).toEqual(remove);
    await hold(posting, remove);
    expect(await held.of(posting.request(), member.id)).toEqual(remove);

    // Dropped: gone, and its cookie cleared.
    posting.take(new Headers({ "set-cookie": await held.drop(posting.request()) }));
    expect(posting.cookies.size).toBe(0);
    expect(await held.of(posting.request(), member.id)).toBeNull();

    // Too old: gone.
    later(HELD_ACTION_SECONDS * 1000 + 1000);
    expect(await held.of(second.request(), member.id)).toBeNull();
  });
});
