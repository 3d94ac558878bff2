import { act, screen, waitFor, within } from "@testing-library/react";
import type userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";

import { fakeEnquiryService } from "../../../test/support/enquiry-actions";
import { enquiryPage, expectRefusal, fillIn, setUpEnquiryPageTests } from "../../../test/support/enquiry-pages";
import type { EnquiryResult } from "~/features/enquiries/form/types";
import AdvisoryPage, { action, loader } from "./route";

const renderAdvisory = enquiryPage({
  path: "/advisory",
  Component: AdvisoryPage,
  loader,
  action,
  ready: { level: 1, name: "Join the Health Advisory Network" },
});

const fill = (user: ReturnType<typeof userEvent.setup>) =>
  fillIn(user, {
    "Full Name": "Ngozi Adeyemi",
    "Email Address": "ngozi@example.ng",
    Role: "policy",
    Country: "Nigeria",
    "Why do you want to join?": "Better antenatal data.",
  });

const slow = setUpEnquiryPageTests();

describe("advisory page", slow, () => {
  it("shows the benefits, the Q1 2026 launch, the 2025 pilot and the role options", async () => {
    await renderAdvisory();
    for (const title of ["Stay Updated", "Share Feedback", "Global Community"]) {
      expect(screen.getByRole("heading", { name: title })).toBeInTheDocument();
    }
    expect(screen.getAllByText(/Q1 2026/).length).toBeGreaterThan(0);
    expect(screen.getAllByText(/2025 pilot/).length).toBeGreaterThan(0);
    const role = screen.getByRole("combobox", { name: "Role" });
    expect(
      within(role)
        .getAllByRole("option")
        .map((o) => [(o as HTMLOptionElement).value, o.textContent]),
    ).toEqual([
      ["", "Select your role"],
      ["midwife", "Midwife"],
      ["doctor", "Doctor"],
      ["policy", "Policy Maker"],
      ["ngo", "NGO Professional"],
      ["other", "Other"],
    ]);
    for (const name of ["Full Name", "Email Address", "Country", "Why do you want to join?"]) {
      expect(screen.getByRole("textbox", { name })).toBeRequired();
    }
    expect(role).toBeRequired();
  });

  it("shows 'Submitting...' while joining, then the welcome screen and toast", async () => {
    let finish!: (value: EnquiryResult) => void;
    const { user } = await renderAdvisory({
      stubAction: () => new Promise<EnquiryResult>((resolve) => (finish = resolve)),
    });
    await fill(user);
    await user.click(screen.getByRole("button", { name: "Join Network" }));
    expect(await screen.findByRole("button", { name: "Submitting..." })).toBeDisabled();
    await act(async () => finish({ status: "success" }));
    const heading = await screen.findByRole("heading", { name: "Welcome to the Advisory Network!" });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(screen.getByRole("link", { name: "Return Home" })).toHaveAttribute("href", "/");
    expect(await screen.findByText("Thank you for joining the Advisory Network.")).toBeInTheDocument();
    expect(screen.getByText("Success!")).toBeInTheDocument();
  });

  it("sends the advisory form through the real action", async () => {
    const fake = fakeEnquiryService();
    const { user } = await renderAdvisory({ service: fake.service });
    await fill(user);
    await user.click(screen.getByRole("button", { name: "Join Network" }));
    await screen.findByRole("heading", { name: "Welcome to the Advisory Network!" });
    expect(fake.calls[0]).toMatchObject({
      kind: "advisory",
      fields: {
        fullName: "Ngozi Adeyemi",
        email: "ngozi@example.ng",
        role: "policy",
        country: "Nigeria",
        reason: "Better antenatal data.",
      },
    });
  });

  it("says when to try again, in the toast and the alert alike, and keeps the values when the service refuses", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const limited = fakeEnquiryService(() => ({ ok: false, reason: "rate-limited", retryAfterSeconds: 300 }));
    const { user } = await renderAdvisory({ service: limited.service });
    await fill(user);
    await user.click(screen.getByRole("button", { name: "Join Network" }));
    await expectRefusal({
      toastTitle: "Error",
      title: "Your application was not sent",
      description:
        "You have sent several forms recently. Please try again in 5 minutes, or email us directly at hello@maternis.health",
    });
    expect(screen.getByRole("textbox", { name: "Country" })).toHaveValue("Nigeria");
    expect(screen.getByRole("combobox", { name: "Role" })).toHaveValue("policy");
  });
});
