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

  it.each([
    {
      why: "the member enrolled elsewhere first",
      status: 409,
      says: "You already have a second way to sign in. Sign in again with it.",
      link: "/staff/sign-in",
    },
    {
      why: "the server asks for a fresh sign-in",
      status: 403,
      says: "Your e-mail code was more than 5 minutes ago. Sign in again to add a passkey.",
      link: "/staff/sign-in?reauth=1",
    },
    {
      why: "the server refuses the passkey otherwise",
      status: 400,
      says: "The passkey was not added. Use one that asks for your PIN, fingerprint or face, and try again.",
      link: null,
    },
  ])("says what to do when $why ($status), and posts no finish", async ({ status, says, link }) => {
    answer.next = { ok: false, status };
    await clickAdd();
    expect((await screen.findByRole("alert")).textContent).toBe(says);
    expect(screen.queryByRole("link", { name: "Sign in again" })?.getAttribute("href") ?? null).toBe(link);
    expect(finished).toEqual([]);
  });
});
