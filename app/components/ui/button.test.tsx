/**
 * A busy button ignores presses but stays focusable (WCAG 2.4.3), where
 * `disabled` would drop the focus: e2e/staff-inbox.spec.ts shows the focus
 * kept in Chromium after a post.
 */
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { FormEvent } from "react";
import { describe, expect, it, vi } from "vitest";
import { Button } from "./button";

function renderForm(busy: boolean) {
  const submitted = vi.fn((event: FormEvent) => event.preventDefault());
  render(
    <form onSubmit={submitted}>
      <input aria-label="Note" />
      <Button type="submit" busy={busy}>
        Add note
      </Button>
    </form>,
  );
  return { submitted };
}

describe("Button busy", () => {
  it("is announced as unavailable and ignores a click, Enter on the button and Enter in the form, keeping its focus", async () => {
    const user = userEvent.setup();
    const { submitted } = renderForm(true);
    const button = screen.getByRole("button", { name: "Add note" });
    expect(button).toHaveAttribute("aria-disabled", "true");
    expect(button).not.toBeDisabled();

    await user.click(button);
    expect(button).toHaveFocus();
    await user.keyboard("{Enter}");
    await user.click(screen.getByLabelText("Note"));
    await user.keyboard("{Enter}");
    expect(submitted).not.toHaveBeenCalled();
  });

  it("posts its form when not busy (the control)", async () => {
    const user = userEvent.setup();
    const { submitted } = renderForm(false);
    const button = screen.getByRole("button", { name: "Add note" });
    expect(button).not.toHaveAttribute("aria-disabled");
    await user.click(button);
    expect(submitted).toHaveBeenCalledTimes(1);
    await user.click(screen.getByLabelText("Note"));
    await user.keyboard("{Enter}");
    expect(submitted).toHaveBeenCalledTimes(2);
  });
});
