import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { EnrolPasskey } from "./factors";

/** What better-auth's client answers the next registration: ok, or the server's status. */
const answer = vi.hoisted(() => ({ next: { ok: true } as { ok: true } | { ok: false; status: number } }));
vi.mock("~/features/sign-in/passkey-client", () => ({ addPasskey: async () => answer.next }));

/**
 * The enrolment page's passkey button: what a member reads when the browser
 * or the server refuses the passkey, and the finish posted when it is added.
 */
describe("EnrolPasskey", () => {
  let finished: FormData[];
  beforeEach(() => {
    finished = [];
    vi.stubGlobal("PublicKeyCredential", function PublicKeyCredential() {});
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  async function clickAdd() {
    const Stub = createRoutesStub([
      {
        path: "/staff/enrol",
        Component: () => <EnrolPasskey reauthUrl="/staff/sign-in?reauth=1" />,
        action: async ({ request }) => {
          finished.push(await request.formData());
          return null;
        },
      },
    ]);
    render(<Stub initialEntries={["/staff/enrol"]} />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Add a passkey on this device" }));
  }

  it("posts the finish once the passkey is added (the control for the refusals below)", async () => {
    answer.next = { ok: true };
    await clickAdd();
    await vi.waitFor(() => expect(finished.map((form) => form.get("intent"))).toEqual(["passkey-enrolled"]));
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("says to sign in again with the other factor when the member enrolled elsewhere first (409)", async () => {
    answer.next = { ok: false, status: 409 };
    await clickAdd();
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toBe("You already have a second way to sign in. Sign in again with it.");
    expect(screen.getByRole("link", { name: "Sign in again" }).getAttribute("href")).toBe("/staff/sign-in");
    expect(finished).toEqual([]);
  });

  it("says the e-mail code is too old when the server asks for a fresh sign-in (403)", async () => {
    answer.next = { ok: false, status: 403 };
    await clickAdd();
    expect((await screen.findByRole("alert")).textContent).toBe(
      "Your e-mail code was more than 5 minutes ago. Sign in again to add a passkey.",
    );
    expect(screen.getByRole("link", { name: "Sign in again" }).getAttribute("href")).toBe("/staff/sign-in?reauth=1");
    expect(finished).toEqual([]);
  });

  it("asks for a passkey that verifies its user when the server refuses it otherwise (400)", async () => {
    answer.next = { ok: false, status: 400 };
    await clickAdd();
    expect((await screen.findByRole("alert")).textContent).toBe(
      "The passkey was not added. Use one that asks for your PIN, fingerprint or face, and try again.",
    );
    expect(finished).toEqual([]);
  });
});
