import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";

import { fakeEnquiryService } from "../../../test/support/enquiry-actions";
import { advisoryPage, expectHeldSendSucceeds, setUpEnquiryPageTests } from "../../../test/support/enquiry-pages";

const slow = setUpEnquiryPageTests();

describe("advisory page", slow, () => {
  it("shows the benefits, the Q1 2026 launch, the 2025 pilot and the role options", async () => {
    await advisoryPage();
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
    await expectHeldSendSucceeds(advisoryPage, {
      pending: "Submitting...",
      result: { status: "success" },
      success: "Welcome to the Advisory Network!",
    });
    expect(screen.getByRole("link", { name: "Return Home" })).toHaveAttribute("href", "/");
    expect(await screen.findByText("Thank you for joining the Advisory Network.")).toBeInTheDocument();
    expect(screen.getByText("Success!")).toBeInTheDocument();
  });

  it("sends the advisory form through the real action", async () => {
    const fake = fakeEnquiryService();
    await advisoryPage.send({ service: fake.service });
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
});
