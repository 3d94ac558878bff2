import { describe, expect, test } from "vitest";
import { enrolledWithApp, staffConsoles } from "../../../test/support/staff-auth";
import { passkeyCall, registrationResponse } from "../../../test/support/passkeys";
import { PASSKEY_NAME_MAX, passkeyNameSchema } from "./sign-in";

describe("a passkey's name", () => {
  test.each([
    ["  Work   laptop ", "Work laptop"],
    ["", ""],
    ["x".repeat(PASSKEY_NAME_MAX), "x".repeat(PASSKEY_NAME_MAX)],
  ])("%j is taken as %j", (typed, name) => expect(passkeyNameSchema.parse(typed)).toBe(name));

  test.each([
    ["x".repeat(PASSKEY_NAME_MAX + 1), "A passkey's name must be 80 characters or fewer"],
    ["Work\u0007laptop", "A passkey's name contains characters that are not allowed"],
    ["x\u009b31m", "A passkey's name contains characters that are not allowed"],
    ["Work \u202egnp.exe", "A passkey's name contains characters that are not allowed"],
  ])("%j is refused: %s", (typed, message) =>
    expect(passkeyNameSchema.safeParse(typed).error?.issues[0]?.message).toBe(message),
  );
});

/**
 * The browser sends the name to better-auth's passkey plugin, whose own check
 * has no length limit: our hook refuses a name the Account page would not
 * take, on both registration endpoints, before the plugin runs.
 */
describe.each(staffConsoles())("a passkey's name at registration, on $name", ({ start }) => {
  test("a name over 80 characters or with a control character is refused, in the query and in the body", async () => {
    const { console, store } = await start();
    const { browser } = await enrolledWithApp(console, store);
    const options = (name: string) =>
      passkeyCall(console, browser, `generate-register-options?name=${encodeURIComponent(name)}`);

    // Positive control: the longest name allowed gets the options.
    expect((await options("x".repeat(PASSKEY_NAME_MAX))).status).toBe(200);
    const long = await options("x".repeat(PASSKEY_NAME_MAX + 1));
    expect(long.status).toBe(400);
    expect(await long.json()).toMatchObject({
      code: "INVALID_PASSKEY_NAME",
      message: "A passkey's name must be 80 characters or fewer",
    });

    const verify = (name: string) => passkeyCall(console, browser, "verify-registration", { response: {}, name });
    const control = await verify("Work\u0007laptop");
    expect(control.status).toBe(400);
    expect(await control.json()).toMatchObject({
      code: "INVALID_PASSKEY_NAME",
      message: "A passkey's name contains characters that are not allowed",
    });
    // Positive control: a good name passes our hook and reaches the plugin, which refuses the empty response itself.
    const reached = await verify("Work laptop");
    expect(reached.status).toBe(400);
    expect(await reached.json()).not.toMatchObject({ code: "INVALID_PASSKEY_NAME" });
  });

  test("a passkey registered with a name is stored under the name as checked: one line, runs of spaces made one", async () => {
    const { console, store } = await start();
    const { browser } = await enrolledWithApp(console, store);
    const typed = `Work\n\tlaptop${" ".repeat(3000)}2 `;
    const options = await passkeyCall(console, browser, `generate-register-options?name=${encodeURIComponent(typed)}`);
    expect(options.status).toBe(200);
    // The ceremony's challenge is named by a cookie.
    browser.take(options.headers);
    const { challenge } = (await options.json()) as { challenge: string };
    const registered = await passkeyCall(console, browser, "verify-registration", {
      response: registrationResponse(challenge),
      name: typed,
    });
    expect(registered.status, await registered.clone().text()).toBe(200);
    expect((await console.auth.passkeys(browser.request())).map((passkey) => passkey.name)).toEqual(["Work laptop 2"]);
  });
});
