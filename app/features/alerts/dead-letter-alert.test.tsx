import { render, screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import type { DeadLetters } from "~/features/alerts/alerts";
import { DeadLetterAlert, visibleDeadLetters } from "./dead-letter-alert";

function renderBanner(dead: Partial<DeadLetters>) {
  const all = { emails: 0, webhooks: 0, texts: 0, ...dead };
  const Stub = createRoutesStub([{ path: "/", Component: () => <DeadLetterAlert dead={all} /> }]);
  return render(<Stub initialEntries={["/"]} />);
}

describe("DeadLetterAlert", () => {
  it("is absent while nothing is dead", () => {
    renderBanner({});
    expect(screen.queryByRole("status")).toBeNull();
  });

  it("says how many e-mails could not be delivered and links to the delivery problems", () => {
    renderBanner({ emails: 2 });
    expect(screen.getByRole("status").textContent).toBe("2 e-mails could not be delivered. See delivery problems");
    expect(screen.getByRole("link", { name: "See delivery problems" }).getAttribute("href")).toBe("/staff?problem=1");
  });

  it("speaks of one e-mail in the singular", () => {
    renderBanner({ emails: 1 });
    expect(screen.getByRole("status").textContent).toContain("1 e-mail could not be delivered.");
  });

  it("gives integration and text messages a line each, linking to where they can be sent again", () => {
    renderBanner({ webhooks: 1, texts: 3 });
    expect(screen.getByRole("status").textContent).toBe(
      "1 message to an integration could not be delivered. See integrations" +
        "3 text messages could not be delivered. See text messages",
    );
    expect(screen.getByRole("link", { name: "See integrations" }).getAttribute("href")).toBe("/staff/integrations");
    expect(screen.getByRole("link", { name: "See text messages" }).getAttribute("href")).toBe("/staff/text-messages");
  });

  it("tells staff only of e-mails (the other pages are admins'); admins of everything", () => {
    const dead = { emails: 1, webhooks: 2, texts: 3 };
    expect(visibleDeadLetters(dead, "staff")).toEqual({ emails: 1, webhooks: 0, texts: 0 });
    expect(visibleDeadLetters(dead, "admin")).toEqual(dead);
  });
});
