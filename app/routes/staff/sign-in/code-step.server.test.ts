import { siteConsoleContext } from "../../../../test/support/staff-context";
import { describe, expect, test } from "vitest";
import type { Site } from "~/site.server";
import { testEnv } from "../../../../test/support/pglite";
import { bothEngines } from "../../../../test/support/engines";
import { lastCode, openStaffConsole, staffMailJobs } from "../../../../test/support/staff-auth";
import { action, loader } from "./route";

/**
 * The code step survives a reload (issue 43), on both engines, through the
 * sign-in page's own loader and action: the address is held on the server
 * for the browser that asked (a signed cookie names it; no URL carries it);
 * "Send a new code" sends the live code again in a browser never used with
 * the console, and replaces it in one known for the address;
 * "Use a different address" forgets the step; the code's e-mail links to it.
 */
const { engines, open } = bothEngines<Site>();
const ADMIN = "admin@maternis.test";
const SITE = "https://www.maternis.health";

describe.each(engines)("the code step on $name", (engine) => {
  test("a reload keeps it; 'Send a new code' sends the live code again, or in a known browser replaces it; another address forgets it", async () => {
    const env = testEnv({ ...(await engine.database()), STAFF_ADMIN_EMAILS: ADMIN });
    const { console, store } = await openStaffConsole(env, open);
    const context = () => siteConsoleContext(env, console);
    let cookie = "";
    // The known-browser cookie, once the browser is marked as the admin's (as a full session would).
    let knownCookie = "";
    const request = (path: string, fields?: Record<string, string>) =>
      new Request(`${SITE}${path}`, {
        method: fields ? "POST" : "GET",
        headers: {
          "x-maternis-client-ip": "203.0.113.8",
          cookie: [cookie, knownCookie].filter(Boolean).join("; "),
        },
        body: fields ? new URLSearchParams(fields) : undefined,
      });
    const post = async (fields: Record<string, string>) => {
      const answer = await Promise.resolve(
        action({ request: request("/staff/sign-in", fields), context: context(), params: {} } as never),
      ).catch((thrown: unknown) => thrown);
      const headers =
        answer instanceof Response ? answer.headers : (answer as { init?: { headers?: Headers } }).init?.headers;
      const set = headers ? new Headers(headers).get("set-cookie") : null;
      if (set) cookie = /max-age=0/i.test(set) ? "" : set.split(";")[0]!;
      return answer;
    };
    const page = (path = "/staff/sign-in") =>
      loader({ request: request(path), context: context(), params: {} } as never) as Promise<Record<string, unknown>>;

    // Without a code asked for here: the address form; from the e-mail's link, the code with the address.
    expect(await page()).toMatchObject({ codeStep: false, codeTo: null });
    expect(await page("/staff/sign-in?step=code")).toMatchObject({ codeStep: true, codeTo: null });

    // An address better-auth would refuse (it checks z.email()) gets the page's own error, not a 500,
    // and no code; the right address below is the control.
    for (const email of ["admin\u0000x@maternis.test", "admin@maternis", "admin@maternis.test\u202e"]) {
      expect(await post({ intent: "send-code", email })).toMatchObject({
        data: { step: "email", error: "Enter your work e-mail address, like name@example.org" },
        init: { status: 400 },
      });
    }
    expect(await staffMailJobs(store)).toHaveLength(0);

    const sent = (await post({ intent: "send-code", email: ADMIN })) as Response;
    expect(sent.headers.get("location")).toBe("/staff/sign-in?step=code");
    expect(sent.headers.get("location")).not.toContain("maternis.test");
    // A reload (the GET the redirect leads to, again): the code step, with the address.
    expect(await page("/staff/sign-in?step=code")).toMatchObject({ codeStep: true, codeTo: ADMIN });
    expect(await page()).toMatchObject({ codeStep: true, codeTo: ADMIN });
    const first = await lastCode(store, ADMIN);
    expect((await staffMailJobs(store))[0]!.data.message.text).toContain(`${SITE}/staff/sign-in?step=code`);

    // Send a new code, in a browser never used with the console: the live code is sent again, not
    // replaced (only a known browser replaces it: app/features/sign-in/known-browsers.test.ts).
    const renewed = (await post({ intent: "new-code" })) as Response;
    expect(renewed.headers.get("location")).toBe("/staff/sign-in?step=code&sent=again");
    const second = await lastCode(store, ADMIN);
    expect(second).toBe(first);
    expect(await page("/staff/sign-in?step=code&sent=again")).toMatchObject({ codeTo: ADMIN, sent: "again" });
    expect(await staffMailJobs(store)).toHaveLength(2);

    // The same browser once known for the address (the member had a full session on it): a new code
    // replaces the live one, and the page says so.
    knownCookie = (await console.auth.rememberBrowser(request("/staff"), ADMIN))!.split(";")[0]!;
    const replaced = (await post({ intent: "new-code" })) as Response;
    expect(replaced.headers.get("location")).toBe("/staff/sign-in?step=code&sent=new");
    const third = await lastCode(store, ADMIN);
    expect(third).not.toBe(second);
    expect(await page("/staff/sign-in?step=code&sent=new")).toMatchObject({ codeTo: ADMIN, sent: "new" });

    // Use a different address: the step is forgotten, the old address given back to edit.
    const changed = (await post({ intent: "change-address" })) as { data: Record<string, unknown> };
    expect(changed.data).toMatchObject({ step: "email", email: ADMIN });
    expect(cookie).toBe("");
    expect(await page()).toMatchObject({ codeStep: false, codeTo: null });
    // With no step held, "Send a new code" has no address to send to: nothing is sent.
    const nothing = (await post({ intent: "new-code" })) as { init: { status: number } };
    expect(nothing.init.status).toBe(400);
    expect(await lastCode(store, ADMIN)).toBe(third);

    // Positive control: the replaced code is dead; the new one, with the address typed, signs in.
    const dead = (await post({ intent: "verify", email: ADMIN, code: second! })) as { data?: unknown };
    // Refused on the code step with its reason, not signed in.
    expect(dead).toMatchObject({ data: { step: "code", email: ADMIN, error: expect.any(String) } });
    const signedIn = (await post({ intent: "verify", email: ADMIN, code: third! })) as Response;
    expect(signedIn.status).toBe(302);
    expect(signedIn.headers.get("location")).toBe("/staff/enrol");
  });
});
