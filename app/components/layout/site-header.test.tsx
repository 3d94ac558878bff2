import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { isActivePath, SiteHeader } from "./site-header";

function renderAt(path: string) {
  const Stub = createRoutesStub([{ path: "*", Component: SiteHeader }]);
  return render(<Stub initialEntries={[path]} />);
}

describe("isActivePath", () => {
  it("matches exactly, ignoring a trailing slash", () => {
    expect(isActivePath("/about", "/about")).toBe(true);
    expect(isActivePath("/about/", "/about")).toBe(true);
    expect(isActivePath("/about/team", "/about")).toBe(false);
    expect(isActivePath("/product", "/")).toBe(false);
    expect(isActivePath("/", "/")).toBe(true);
  });
});

describe("SiteHeader", () => {
  it("marks only the current page's links with aria-current", () => {
    renderAt("/team");
    const current = screen.getAllByRole("link", { current: "page" });
    expect(current.length).toBeGreaterThan(0);
    for (const link of current) expect(link).toHaveTextContent("Team");
    expect(screen.getAllByRole("link", { name: "Home" })[0]).not.toHaveAttribute("aria-current");
  });

  it("opens the menu, closes it on Escape and returns focus to the toggle", async () => {
    const user = userEvent.setup();
    const { container } = renderAt("/");
    const details = container.querySelector("details")!;
    const toggle = container.querySelector("summary")!;
    expect(toggle).toHaveAttribute("aria-expanded", "false");
    await user.click(toggle);
    expect(details.open).toBe(true);
    expect(toggle).toHaveAttribute("aria-expanded", "true");
    const firstLink = details.querySelector("a")!;
    firstLink.focus();
    await user.keyboard("{Escape}");
    expect(details.open).toBe(false);
    expect(toggle).toHaveAttribute("aria-expanded", "false");
    expect(document.activeElement).toBe(toggle);
  });

  it("closes the menu when a link is chosen", async () => {
    const user = userEvent.setup();
    const { container } = renderAt("/");
    const details = container.querySelector("details")!;
    await user.click(container.querySelector("summary")!);
    expect(details.open).toBe(true);
    const productLink = Array.from(details.querySelectorAll("a")).find((a) => a.textContent === "Product")!;
    await user.click(productLink);
    expect(details.open).toBe(false);
  });
});
