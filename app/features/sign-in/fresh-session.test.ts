import { describe, expect, test } from "vitest";
import { enrolledWithApp, later, staffConsoles, type Browser } from "../../../test/support/staff-auth";
import type { Services } from "~/site.server";
import { FRESH_SESSION_SECONDS } from "./auth.server";

/**
 * Adding a passkey needs a recent sign-in (ASVS 7.5.1;
 * docs/decisions/020-multi-factor-sign-in.md): better-auth's `freshAge`
 * refuses the passkey ceremony to a session signed in more than 5 minutes
 * ago. The Account page's own checks (starting an app, new recovery codes,
 * removing a factor) are app/routes/staff/factors-routes.test.ts's.
 */
describe.each(staffConsoles({ testClock: true }))("a recent sign-in to add a passkey, on $name", ({ start }) => {
  const registrationOptions = (console: Services, browser: Browser) => {
    const headers = browser.headers();
    headers.set("origin", browser.origin);
    return console.auth.handler(
      new Request(`${browser.origin}/staff/auth/passkey/generate-register-options`, { headers }),
    );
  };

  test("the ceremony is offered within 5 minutes of signing in, and refused after, while the session still opens the console", async () => {
    const { console, store } = await start();
    const { browser } = await enrolledWithApp(console, store);
    // Positive control: a fresh session gets the options.
    expect((await registrationOptions(console, browser)).status).toBe(200);

    later(FRESH_SESSION_SECONDS * 1000 + 60_000);
    expect(await console.auth.session(browser.request())).not.toBeNull();
    const refused = await registrationOptions(console, browser);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ code: "SESSION_NOT_FRESH" });
  });
});
