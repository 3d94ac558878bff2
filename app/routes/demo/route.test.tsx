import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";

import { fakeEnquiryService } from "../../../test/support/enquiry-actions";
import {
  demoPage,
  expectHeldSendSucceeds,
  expectRefusal,
  setUpEnquiryPageTests,
} from "../../../test/support/enquiry-pages";

const slow = setUpEnquiryPageTests();

/** The demo form's values as a stubbed action answers them back: a government official's, date and message left empty. */
const answeredValues = {
  fullName: "Kwame Asante",
  organization: "GHS",
  email: "kwame@example.org",
  role: "government",
  preferredDate: "",
  message: "",
};

describe("demo request page", slow, () => {
  it("shows the title, the three audiences and the 2025 pilot note", async () => {
    await demoPage();
    expect(screen.getByRole("heading", { level: 1, name: "Request a Demo" })).toBeInTheDocument();
    for (const title of ["For Mothers", "For Providers", "For Ministries"]) {
      expect(screen.getByRole("heading", { name: title })).toBeInTheDocument();
    }
    expect(screen.getByText("Announcement coming soon")).toBeInTheDocument();
    expect(screen.getByText(/national pilot launches in 2025/)).toBeInTheDocument();
  });

  it("has the specified fields: four required, date and message optional", async () => {
    await demoPage();
    expect(screen.getByRole("textbox", { name: "Full Name" })).toBeRequired();
    expect(screen.getByRole("textbox", { name: "Organization / Institution" })).toBeRequired();
    expect(screen.getByRole("textbox", { name: "Email Address" })).toHaveAttribute("type", "email");
    const role = screen.getByRole("combobox", { name: "Role" });
    expect(role).toBeRequired();
    expect(
      within(role)
        .getAllByRole("option")
        .map((o) => o.textContent),
    ).toEqual([
      "Select your role",
      "Investor",
      "Healthcare Provider",
      "Government Official",
      "NGO Professional",
      "Other",
    ]);
    const date = screen.getByLabelText(/Preferred Date/);
    expect(date).toHaveAttribute("type", "date");
    expect(date).not.toBeRequired();
    expect(screen.getByRole("textbox", { name: /Message/ })).not.toBeRequired();
  });

  it("shows 'Submitting...' on a disabled button, then the success screen, focus and toast", async () => {
    const heading = await expectHeldSendSucceeds(demoPage, {
      pending: "Submitting...",
      result: { status: "success" },
      success: "Demo Request Received!",
    });
    const panel = heading.parentElement!;
    expect(panel).toHaveTextContent("Our team will reach out within 2-3 business days");
    expect(panel).toHaveTextContent("The demo is a 30-minute walkthrough");
    expect(screen.getByRole("link", { name: "Return Home" })).toHaveAttribute("href", "/");
    expect(await screen.findByText("Success!")).toBeInTheDocument();
    expect(screen.getByText("Your demo request has been received. We'll contact you shortly.")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Request Demo" })).not.toBeInTheDocument();
  });

  it("sends the demo form through the real action", async () => {
    const fake = fakeEnquiryService();
    const { user } = await demoPage({ service: fake.service });
    await demoPage.fill(user);
    await user.type(screen.getByLabelText(/Preferred Date/), "2026-03-14");
    await user.click(screen.getByRole("button", { name: "Request Demo" }));
    await screen.findByRole("heading", { name: "Demo Request Received!" });
    expect(fake.calls[0]).toMatchObject({
      kind: "demo",
      fields: {
        fullName: "Kwame Asante",
        organization: "Ghana Health Service",
        role: "government",
        preferredDate: "2026-03-14",
      },
    });
  });

  it("shows the error summary with the values kept", async () => {
    const values = { ...answeredValues, organization: "", role: "ngo", message: "Hi" };
    await demoPage.send({
      stubAction: () => ({
        status: "invalid",
        errors: { organization: "Enter your organisation or institution" },
        values,
        token: "t",
      }),
    });
    const summary = await screen.findByRole("alert", { name: "There is a problem" });
    // The toast and the summary say the same: which fields to check.
    await expectRefusal({
      toastTitle: "Error",
      title: "There is a problem",
      description: "Check the field marked below.",
    });
    // The alert sits inside the error summary, which is what takes focus.
    await waitFor(() => expect(document.activeElement).toBe(summary.closest('[data-slot="error-summary"]')));
    expect(within(summary).getByRole("link", { name: "Enter your organisation or institution" })).toHaveAttribute(
      "href",
      "#demo-form-organization",
    );
    const organization = screen.getByRole("textbox", { name: "Organization / Institution" });
    expect(organization).toHaveAttribute("aria-invalid", "true");
    expect(organization).toHaveAttribute("aria-describedby", "demo-form-organization-error");
    expect(screen.getByRole("textbox", { name: "Full Name" })).toHaveValue("Kwame Asante");
    expect(screen.getByRole("combobox", { name: "Role" })).toHaveValue("government");
  });

  it("asks for the form again when it has expired, carrying the new token", async () => {
    await demoPage.send({
      stubAction: () => ({ status: "expired", values: answeredValues, token: "renewed-token" }),
    });
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("Please send the form again");
    await waitFor(() => expect(document.activeElement).toBe(alert));
    await expectRefusal({
      toastTitle: "Error",
      title: "Please send the form again",
      description:
        "This page was open for more than a day, so for your security we did not send it. Your answers are still here: check them and select ‘Request Demo’ again.",
    });
    expect(document.querySelector<HTMLInputElement>('input[name="formStartedAt"]')!.value).toBe("renewed-token");
    expect(screen.getByRole("textbox", { name: "Full Name" })).toHaveValue("Kwame Asante");
  });
});
