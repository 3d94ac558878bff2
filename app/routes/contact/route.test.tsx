import { act, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";

import { fakeEnquiryService } from "../../../test/support/enquiry-actions";
import {
  enquiryPage,
  expectHeldSendSucceeds,
  expectRefusal,
  setUpEnquiryPageTests,
} from "../../../test/support/enquiry-pages";
import * as route from "./route";

// Plain links, as the static page has: the form's island handles them in place.
const testLinks = (
  <nav aria-label="Test links">
    <a href="/contact?interest=demo#contact-form">Interest demo</a>
    <a href="/contact?interest=pricing#contact-form">Interest pricing</a>
  </nav>
);

const contactPage = enquiryPage({
  path: "/contact",
  route,
  ready: { name: "Send Us a Message" },
  before: testLinks,
  extraRoutes: [{ path: "/product", Component: () => <h1>Product page</h1> }],
  // The required fields.
  form: {
    values: { "Full Name": "Ama Owusu", "Email Address": "ama@example.com", Message: "Hello from Accra" },
    submit: "Send Message",
  },
});
const renderContact = (url = "/contact", options: Parameters<typeof contactPage>[0] = {}) =>
  contactPage({ url, ...options });

const interestSelect = () => screen.getByRole("combobox", { name: "Area of Interest" }) as HTMLSelectElement;

const slow = setUpEnquiryPageTests();

describe("contact page: interest from the query string", slow, () => {
  it("pre-fills a known interest", async () => {
    await renderContact("/contact?interest=partnership");
    expect(
      screen.getByRole("heading", { level: 1, name: "Let's Transform Maternal Care Together" }),
    ).toBeInTheDocument();
    expect(interestSelect().value).toBe("partnership");
  });

  it("ignores an unknown interest and presets General Information", async () => {
    await renderContact("/contact?interest=bogus");
    expect(interestSelect().value).toBe("general");
    expect(within(interestSelect()).getByRole("option", { selected: true })).toHaveTextContent("General Information");
  });

  it("lists the interests exactly as the specification names them", async () => {
    await renderContact();
    expect(
      within(interestSelect())
        .getAllByRole("option")
        .map((o) => [(o as HTMLOptionElement).value, o.textContent]),
    ).toEqual([
      ["general", "General Information"],
      ["demo", "Demo"],
      ["partnership", "Partnership Opportunities"],
      ["implementation", "Implementation Services"],
      ["pricing", "Pricing & Plans"],
    ]);
  });

  it("pre-fills from a link on the page while the interest is still general, keeping typed text", async () => {
    const { user } = await renderContact();
    await user.type(screen.getByRole("textbox", { name: "Full Name" }), "Ama");
    await user.click(screen.getByRole("link", { name: "Interest demo" }));
    await waitFor(() => expect(interestSelect().value).toBe("demo"));
    expect(screen.getByRole("textbox", { name: "Full Name" })).toHaveValue("Ama");
  });

  it("does not overwrite the visitor's own choice from a later link", async () => {
    const { user } = await renderContact("/contact?interest=demo");
    await user.selectOptions(interestSelect(), "implementation");
    await user.click(screen.getByRole("link", { name: "Interest pricing" }));
    await screen.findByRole("heading", { name: "Send Us a Message" });
    // Give the effects a chance to run, then check nothing changed.
    await act(async () => {});
    expect(interestSelect().value).toBe("implementation");
  });

  it("the partnership quick action sets the interest, even over a choice, and goes to the form", async () => {
    const { user } = await renderContact();
    await user.selectOptions(interestSelect(), "pricing");
    const card = screen.getByRole("link", { name: /Start a partnership inquiry/ });
    expect(card).toHaveAttribute("href", "/contact?interest=partnership#contact-form");
    await user.click(card);
    expect(interestSelect().value).toBe("partnership");
    expect(document.activeElement).toBe(interestSelect());
  });
});

describe("contact page: sending", slow, () => {
  it("shows 'Sending...' on a disabled button while the message is sent", async () => {
    await expectHeldSendSucceeds(contactPage, {
      pending: "Sending...",
      result: { status: "success", interest: "general" },
      success: "Thank you! Your message has been sent.",
    });
  });

  it("sends through the real action and shows the thank-you panel with the capitalised interest", async () => {
    const fake = fakeEnquiryService();
    const { user } = await renderContact("/contact?interest=partnership", { service: fake.service });
    await contactPage.fill(user);
    await user.type(screen.getByRole("textbox", { name: /Organization/ }), "Korle Bu");
    await user.click(screen.getByRole("button", { name: "Send Message" }));

    const heading = await screen.findByRole("heading", { name: "Thank you! Your message has been sent." });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(screen.getByText("We received your inquiry about Partnership.")).toBeInTheDocument();
    expect(screen.getByText("Our team will respond within one business day.")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Explore Platform" })).toHaveAttribute("href", "/product");
    expect(await screen.findByText("Message Sent Successfully!")).toBeInTheDocument();
    expect(screen.getByText("We'll respond within 24 hours. Check your inbox for confirmation.")).toBeInTheDocument();
    expect(fake.calls).toHaveLength(1);
    expect(fake.calls[0]).toMatchObject({
      kind: "contact",
      fields: {
        name: "Ama Owusu",
        email: "ama@example.com",
        organization: "Korle Bu",
        interest: "partnership",
        message: "Hello from Accra",
      },
    });
  });

  it("says only 'We received your inquiry' for a general enquiry", async () => {
    await contactPage.send();
    expect(await screen.findByText("We received your inquiry.")).toBeInTheDocument();
  });

  it("'Send Another Message' returns an empty form with General Information", async () => {
    const { user } = await contactPage.send({ url: "/contact?interest=pricing" });
    await screen.findByText("We received your inquiry about Pricing.");
    await user.click(screen.getByRole("button", { name: "Send Another Message" }));

    const name = screen.getByRole("textbox", { name: "Full Name" });
    expect(name).toHaveValue("");
    expect(document.activeElement).toBe(name);
    expect(screen.getByRole("textbox", { name: "Email Address" })).toHaveValue("");
    expect(screen.getByRole("textbox", { name: "Message" })).toHaveValue("");
    expect(interestSelect().value).toBe("general");
    expect(screen.getByRole("button", { name: "Send Message" })).toBeEnabled();
  });

  it("shows an error summary linked to the fields, with every value kept", async () => {
    const values = {
      name: "",
      email: "ama@bad",
      organization: "Korle Bu",
      role: "Midwife",
      interest: "implementation",
      message: "Hi",
    };
    const { user } = await contactPage.send({
      stubAction: () => ({
        status: "invalid",
        errors: {
          name: "Enter your full name",
          email: "Enter an email address in the correct format, like name@example.com",
        },
        values,
        token: "kept-token",
      }),
    });

    const summary = await screen.findByRole("alert", { name: "There is a problem" });
    // The alert sits inside the error summary, which is what takes focus.
    await waitFor(() => expect(document.activeElement).toBe(summary.closest('[data-slot="error-summary"]')));
    const link = within(summary).getByRole("link", { name: "Enter your full name" });
    expect(link).toHaveAttribute("href", "#contact-form-name");
    expect(within(summary).getByRole("link", { name: /correct format/ })).toHaveAttribute(
      "href",
      "#contact-form-email",
    );

    const name = screen.getByRole("textbox", { name: "Full Name" });
    expect(name).toHaveAttribute("id", "contact-form-name");
    expect(name).toHaveAttribute("aria-invalid", "true");
    expect(name).toHaveAccessibleDescription(/Enter your full name/);
    expect(screen.getByRole("textbox", { name: /Organization/ })).not.toHaveAttribute("aria-invalid");
    // What the visitor typed is still there.
    expect(screen.getByRole("textbox", { name: "Message" })).toHaveValue("Hello from Accra");
    expect(document.querySelector<HTMLInputElement>('input[name="formStartedAt"]')!.value).toBe("kept-token");

    await user.click(link);
    expect(document.activeElement).toBe(name);
    // Re-rendering (here: choosing an interest) never pulls focus back to the summary.
    await user.selectOptions(interestSelect(), "pricing");
    expect(document.activeElement).toBe(interestSelect());
  });

  it("keeps the form and its values on failure, with the toast, an inline alert and a console error", async () => {
    const consoleError = vi.spyOn(console, "error").mockImplementation(() => {});
    const broken = fakeEnquiryService(() => {
      throw new Error("down");
    });
    await contactPage.send({ url: "/contact?interest=demo", service: broken.service });

    // The specification's words (section 8), in the toast and the alert alike.
    const alert = await expectRefusal({
      toastTitle: "Message Failed",
      title: "Message Failed",
      description: "Please try again or email us directly at hello@maternis.health",
    });
    expect(within(alert).getByRole("link", { name: "hello@maternis.health" })).toHaveAttribute(
      "href",
      "mailto:hello@maternis.health",
    );
    expect(screen.getByRole("textbox", { name: "Full Name" })).toHaveValue("Ama Owusu");
    expect(screen.getByRole("textbox", { name: "Message" })).toHaveValue("Hello from Accra");
    expect(interestSelect().value).toBe("demo");
    expect(screen.getByRole("button", { name: "Send Message" })).toBeEnabled();
    expect(consoleError).toHaveBeenCalledWith(
      expect.stringContaining("Contact form submission failed"),
      expect.anything(),
    );
  });
});

describe("contact page: the server's own limit on posts", slow, () => {
  /** Renders the page, with the server answering the island's post `status` in plain text (as Express does). */
  async function postAnsweredWith(status: number) {
    const { user } = await contactPage();
    const nativePost = vi.spyOn(HTMLFormElement.prototype, "submit").mockImplementation(() => {});
    vi.stubGlobal(
      "fetch",
      async () =>
        new Response("Too many submissions. Please wait a minute and try again.", {
          status,
          headers: { "Content-Type": "text/plain", "Retry-After": "42" },
        }),
    );
    await contactPage.fill(user);
    await user.click(screen.getByRole("button", { name: "Send Message" }));
    return nativePost;
  }

  it("is read as the action's refusal, keeping what was typed: posting the form again would be refused too", async () => {
    const nativePost = await postAnsweredWith(429);
    await expectRefusal({
      toastTitle: "Message Failed",
      title: "Message Failed",
      description:
        "You have sent several forms recently. Please try again in a minute, or email us directly at hello@maternis.health",
    });
    expect(screen.getByRole("textbox", { name: "Full Name" })).toHaveValue("Ama Owusu");
    expect(screen.getByRole("textbox", { name: "Message" })).toHaveValue("Hello from Accra");
    expect(nativePost).not.toHaveBeenCalled();
  });

  it("any other answer that is not the action's (a proxy's 502) lets the browser post the form itself", async () => {
    const nativePost = await postAnsweredWith(502);
    await waitFor(() => expect(nativePost).toHaveBeenCalledTimes(1));
  });
});

describe("contact page: content", slow, () => {
  it("has the hero, quick actions, promises, commitment, office and closing links", async () => {
    await renderContact();
    expect(screen.getByRole("link", { name: /Request a demo/ })).toHaveAttribute("href", "/demo");
    expect(screen.getAllByRole("link", { name: /hello@maternis\.health/ })[0]).toHaveAttribute(
      "href",
      "mailto:hello@maternis.health",
    );
    for (const title of ["24 Hour Response", "Secure Communication", "Expert Team", "Our Office"]) {
      expect(screen.getByRole("heading", { name: title })).toBeInTheDocument();
    }
    expect(screen.getByText("Our Commitment")).toBeInTheDocument();
    expect(screen.getByText("Maternis Health Ltd")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "+44 131 496 0742" })).toHaveAttribute("href", "tel:+441314960742");
    expect(screen.getByRole("link", { name: /Explore the Platform/ })).toHaveAttribute("href", "/product");
    expect(screen.getByRole("link", { name: /Our Global Presence/ })).toHaveAttribute("href", "/global");
    const message = screen.getByRole("textbox", { name: "Message" });
    expect(message).toHaveAttribute("rows", "5");
    expect(message).toBeRequired();
    expect(screen.getByRole("textbox", { name: "Email Address" })).toHaveAttribute("type", "email");
    expect(screen.getByRole("textbox", { name: /Role\/Title/ })).not.toBeRequired();
  });
});
