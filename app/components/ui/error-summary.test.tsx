import { act, fireEvent, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { renderToString } from "react-dom/server";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ErrorSummary, type FieldErrorItem } from "./error-summary";

const errors: FieldErrorItem[] = [
  { field: "form-name", message: "Enter your full name" },
  { field: "form-email", message: "Enter your email address" },
];

/** A form like the enquiry forms: the summary above labelled fields, and a button to move focus to. */
function Form({ summary, disableAutoFocus }: { summary: FieldErrorItem[]; disableAutoFocus?: boolean }) {
  return (
    <form>
      <ErrorSummary errors={summary} disableAutoFocus={disableAutoFocus} />
      <label htmlFor="form-name">Full Name</label>
      <input id="form-name" />
      <label htmlFor="form-email">Email Address</label>
      <input id="form-email" type="email" />
      <button type="button">Elsewhere</button>
    </form>
  );
}

function summary() {
  const element = document.querySelector<HTMLElement>('[data-slot="error-summary"]');
  if (!element) throw new Error("no error summary");
  return element;
}

describe("ErrorSummary", () => {
  const scrolled: Element[] = [];
  beforeEach(() => {
    // jsdom does no layout, so it has no scrollIntoView: record what would be scrolled to.
    Element.prototype.scrollIntoView = vi.fn(function (this: Element) {
      scrolled.push(this);
    });
  });
  afterEach(() => {
    scrolled.length = 0;
    // @ts-expect-error jsdom has none; remove the stub again.
    delete Element.prototype.scrollIntoView;
  });

  it("renders the title and a link to each field, in order", () => {
    render(<Form summary={errors} />);
    expect(within(summary()).getByRole("heading", { level: 2, name: "There is a problem" })).toBeInTheDocument();
    const links = within(summary()).getAllByRole("link");
    expect(links.map((link) => link.textContent)).toEqual(["Enter your full name", "Enter your email address"]);
    expect(links.map((link) => link.getAttribute("href"))).toEqual(["#form-name", "#form-email"]);
  });

  it("renders nothing without errors", () => {
    render(<Form summary={[]} />);
    expect(document.querySelector('[data-slot="error-summary"]')).toBeNull();
  });

  it("puts role=alert on an inner element, not on the focused container", () => {
    render(<Form summary={errors} />);
    expect(summary()).not.toHaveAttribute("role");
    const alert = screen.getByRole("alert", { name: "There is a problem" });
    expect(alert).not.toBe(summary());
    expect(summary()).toContainElement(alert);
    expect(within(alert).getByRole("heading", { name: "There is a problem" })).toBeInTheDocument();
    expect(within(alert).getAllByRole("link")).toHaveLength(2);
  });

  it("takes focus when it appears", () => {
    render(<Form summary={errors} />);
    expect(summary()).toHaveFocus();
    expect(summary()).toHaveAttribute("tabindex", "-1");
  });

  it("is server-rendered focusable and with autofocus, so it takes focus without JavaScript", () => {
    const html = renderToString(<ErrorSummary errors={errors} />);
    const container = document.createElement("div");
    container.innerHTML = html;
    const element = container.querySelector('[data-slot="error-summary"]');
    expect(element).toHaveAttribute("tabindex", "-1");
    expect(element).toHaveAttribute("autofocus");
  });

  it("stops being focusable once it loses focus", async () => {
    const user = userEvent.setup();
    render(<Form summary={errors} />);
    expect(summary()).toHaveFocus();
    await user.click(screen.getByRole("button", { name: "Elsewhere" }));
    expect(summary()).not.toHaveFocus();
    expect(summary()).not.toHaveAttribute("tabindex");
  });

  it("stops being focusable when focus moves on to one of its own links", () => {
    render(<Form summary={errors} />);
    const link = within(summary()).getAllByRole("link")[0]!;
    // Focus on a link inside: the container itself blurred, so it is no longer focusable.
    act(() => link.focus());
    expect(link).toHaveFocus();
    expect(summary()).not.toHaveAttribute("tabindex");
  });

  it("takes focus again when its errors change, and becomes focusable again", async () => {
    const user = userEvent.setup();
    const { rerender } = render(<Form summary={errors} />);
    await user.click(screen.getByRole("button", { name: "Elsewhere" }));
    expect(summary()).not.toHaveAttribute("tabindex");

    rerender(<Form summary={[errors[1]!]} />);
    expect(summary()).toHaveFocus();
    expect(summary()).toHaveAttribute("tabindex", "-1");
    expect(
      within(summary())
        .getAllByRole("link")
        .map((link) => link.textContent),
    ).toEqual(["Enter your email address"]);
  });

  it("does not take focus on a re-render with the same errors", async () => {
    const user = userEvent.setup();
    const { rerender } = render(<Form summary={errors} />);
    const elsewhere = screen.getByRole("button", { name: "Elsewhere" });
    await user.click(elsewhere);
    expect(elsewhere).toHaveFocus();

    // A new array with the same errors, as a parent re-rendering for another reason would pass.
    rerender(<Form summary={errors.map((error) => ({ ...error }))} />);
    expect(elsewhere).toHaveFocus();
    expect(summary()).not.toHaveAttribute("tabindex");
  });

  it("does not take focus with disableAutoFocus, on mount or when its errors change", () => {
    const { rerender } = render(<Form summary={errors} disableAutoFocus />);
    expect(summary()).not.toHaveFocus();
    expect(document.body).toHaveFocus();
    expect(summary()).not.toHaveAttribute("tabindex");
    expect(summary()).not.toHaveAttribute("autofocus");

    rerender(<Form summary={[errors[0]!]} disableAutoFocus />);
    expect(summary()).not.toHaveFocus();
  });

  it("a link focuses its field and scrolls the field's label into view", async () => {
    const user = userEvent.setup();
    render(<Form summary={errors} />);
    await user.click(screen.getByRole("link", { name: "Enter your email address" }));
    expect(screen.getByLabelText("Email Address")).toHaveFocus();
    expect(scrolled).toEqual([screen.getByText("Email Address")]);
  });

  it("a link to a field that is not on the page follows its #fragment", () => {
    render(<ErrorSummary errors={[{ field: "nowhere", message: "Missing" }]} />);
    const link = screen.getByRole("link", { name: "Missing" });
    // fireEvent returns false when a handler called preventDefault.
    expect(fireEvent.click(link)).toBe(true);
    expect(scrolled).toEqual([]);
  });
});
