import { screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { fakeEnquiryService } from "../../test/support/enquiry-actions";
import { advisoryPage, demoPage, expectRefusal, setUpEnquiryPageTests } from "../../test/support/enquiry-pages";

/**
 * What the demo and advisory pages tell a visitor when the service refuses
 * or fails their form: the exact words, in the toast and the alert alike,
 * with the values kept and the button there to send again. The contact
 * form's (the specification's "Message Failed"): app/routes/contact/route.test.tsx.
 */
const refusals: {
  form: string;
  page: typeof demoPage;
  submit: string;
  reason: string;
  answer: Parameters<typeof fakeEnquiryService>[0];
  title: string;
  description: string;
  kept: ["textbox" | "combobox", string, string][];
  logged?: unknown[];
}[] = [
  {
    form: "advisory",
    page: advisoryPage,
    submit: "Join Network",
    reason: "rate limited",
    answer: () => ({ ok: false, reason: "rate-limited", retryAfterSeconds: 300 }),
    title: "Your application was not sent",
    description:
      "You have sent several forms recently. Please try again in 5 minutes, or email us directly at hello@maternis.health",
    kept: [
      ["textbox", "Country", "Nigeria"],
      ["combobox", "Role", "policy"],
    ],
  },
  {
    form: "demo",
    page: demoPage,
    submit: "Request Demo",
    reason: "not stored, the reason logged",
    answer: () => ({ ok: false, reason: "unavailable", message: "down" }),
    title: "Your demo request was not sent",
    description:
      "We could not save your demo request just now, so it has not reached us. Please try again in a few minutes, or email us directly at hello@maternis.health",
    kept: [["textbox", "Full Name", "Kwame Asante"]],
    logged: ["Demo request form submission failed", { reason: "unavailable" }],
  },
  {
    form: "demo",
    page: demoPage,
    submit: "Request Demo",
    reason: "anything else went wrong",
    answer: () => {
      throw new Error("down");
    },
    title: "Your demo request was not sent",
    description: "Something went wrong. Please try again.",
    kept: [["textbox", "Full Name", "Kwame Asante"]],
  },
];

const slow = setUpEnquiryPageTests();

describe("a refused demo or advisory form", slow, () => {
  it.each(refusals)(
    "$form form, $reason: the exact words in the 'Error' toast and the alert, the values kept",
    async ({ page, submit, answer, title, description, kept, logged }) => {
      const consoleError = vi.spyOn(console, "error").mockImplementation(() => {});
      await page.send({ service: fakeEnquiryService(answer).service });
      await expectRefusal({ toastTitle: "Error", title, description });
      for (const [role, name, value] of kept) expect(screen.getByRole(role, { name })).toHaveValue(value);
      expect(screen.getByRole("button", { name: submit })).toBeEnabled();
      if (logged) expect(consoleError).toHaveBeenCalledWith(...logged);
    },
  );
});
