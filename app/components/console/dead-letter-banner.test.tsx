import { render, screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { DeadLetterBanner } from "./dead-letter-banner";

function renderBanner(count: number) {
  const Stub = createRoutesStub([{ path: "/", Component: () => <DeadLetterBanner count={count} /> }]);
  return render(<Stub initialEntries={["/"]} />);
}

describe("DeadLetterBanner", () => {
  it("is absent while no e-mail is dead", () => {
    renderBanner(0);
    expect(screen.queryByRole("status")).toBeNull();
  });

  it("says how many e-mails could not be delivered and links to the delivery problems", () => {
    renderBanner(2);
    expect(screen.getByRole("status").textContent).toBe("2 e-mails could not be delivered. See delivery problems");
    expect(screen.getByRole("link", { name: "See delivery problems" }).getAttribute("href")).toBe("/staff?problem=1");
  });

  it("speaks of one e-mail in the singular", () => {
    renderBanner(1);
    expect(screen.getByRole("status").textContent).toContain("1 e-mail could not be delivered.");
  });
});
